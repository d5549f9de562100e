package org.corbabridge.perf.run;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.StartupProfile;
import org.corbabridge.perf.report.StartupSeries;
import org.corbabridge.perf.worker.StartupProbe;

/**
 * The start-up part: a fresh JVM per probe, for every ORB and mode, a few times over, taking
 * turns so that the machine's drift spreads over all of them. Built-in mode is also started from
 * an application class-data archive (AppCDS): one unmeasured probe per ORB writes the archive of
 * every class it loaded when it exits ({@code -XX:ArchiveClassesAtExit}), and that ORB's AppCDS
 * probes start from it ({@code -XX:SharedArchiveFile}): what a server started dozens of times a day
 * gains from it, deploy and first call included.
 */
public final class StartupRunner {

    /** A probe boots a container, deploys, and makes its calls; minutes only if something is wrong. */
    private static final Duration PROBE_LIMIT = Duration.ofMinutes(3);
    private static final List<String> PROBE_JVM = List.of("-Xms256m", "-Xmx1g");
    /** Profiled probes of an ORB's start-up tried, each in a fresh JVM, before its profile is left out. */
    private static final int PROFILE_ATTEMPTS = 2;

    private final StartupPlan plan;
    private final RunContext context;
    /** The jars this run has packed its class directories into. */
    private final Set<Path> packed = new HashSet<>();

    public StartupRunner(StartupPlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    public List<StartupSeries> run() {
        List<StartupSeries> series = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (OrbMode mode : OrbMode.values()) {
                series.add(new StartupSeries(orb, mode, new ArrayList<>()));
            }
            series.add(new StartupSeries(orb, OrbMode.BUILT_IN, true, new ArrayList<>()));
        }
        SizePoint payload = SizePoint.ofBudget(1024);
        Map<OrbImplementation, StartupProfile> profiles = new EnumMap<>(OrbImplementation.class);
        try (ServerFixture fixture = ServerFixture.start()) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                // the archive's training run: its reply is not a measurement
                String name = "startup-" + orb.name().toLowerCase(Locale.ROOT) + "-appcds-training";
                // writing the archive at exit takes the probe longer to end
                probe(name, orb, OrbMode.BUILT_IN, archivable(context.classpaths().classpathFor(orb)),
                        jvm(List.of("-XX:ArchiveClassesAtExit=" + archive(orb))), fixture, payload, Duration.ofSeconds(60));
                if (Files.isRegularFile(archive(orb))) {
                    context.progress().accept("start-up: class-data archive of " + orb.displayName() + " built-in written");
                    profile(orb, fixture, payload).ifPresent(profile -> profiles.put(orb, profile));
                } else {
                    context.progress().accept("start-up: the JVM wrote no class-data archive for " + orb.displayName()
                            + " (see " + name + ".log); its AppCDS probes are left out");
                    series.removeIf(s -> s.appCds() && s.orb() == orb);
                }
            }
            RemainingTime remaining = new RemainingTime();
            int probes = plan.repetitions() * series.size();
            for (int round = 0; round < plan.repetitions(); round++) {
                for (StartupSeries one : series) {
                    String name = "startup-" + one.orb().name().toLowerCase() + "-" + one.mode().configName()
                            + (one.appCds() ? "-appcds" : "");
                    long launched = System.nanoTime();
                    List<String> jvm = one.appCds() ? fromArchive(one.orb()) : PROBE_JVM;
                    String classpath = context.classpaths().classpathFor(one.orb());
                    StartupSeries.Run run = probe(name, one.orb(), one.mode(),
                            one.appCds() ? archivable(classpath) : classpath, jvm, fixture, payload, Duration.ofSeconds(30));
                    one.runs().add(run);
                    StartupProbe.Reply reply = run.probe();
                    StartupProbe.ClassesLoaded classes = reply.classes();
                    context.progress().accept(String.format(Locale.ROOT,
                            "start-up %-24s round %d: JVM %.0f ms, container %.0f ms, deploy %.0f ms, session "
                                    + "%.0f ms (ORB init %.0f ms), first call %.0f ms (naming %.0f ms); classes "
                                    + "loaded %d / %d / %d / %d",
                            name, round + 1, reply.jvmToMainMillis(), reply.containerBootMillis(),
                            reply.deployMillis(), reply.sessionCreateMillis(), reply.orbInitMillis(),
                            reply.firstCallMillis(), reply.namingMillis(), classes.containerBoot(), classes.deploy(),
                            classes.sessionCreate(), classes.firstCall()));
                    remaining.took(one, System.nanoTime() - launched);
                    int left = probes - (round * series.size() + series.indexOf(one) + 1);
                    context.progress().accept("start-up: " + RemainingTime.left(
                            remaining.secondsFor(Collections.nCopies(left, one))) + " of the start-up part");
                }
            }
        }
        return series.stream().map(one -> one.appCds() && profiles.containsKey(one.orb())
                ? one.withProfile(profiles.get(one.orb())) : one).toList();
    }

    /**
     * Where an AppCDS start-up of {@code orb} spends its CPU: one more probe, started from the
     * archive, profiled from its {@code main} to its first answer; not a measurement (the
     * profiler slows it). Its flame graph goes beside the payload part's, in {@value RunContext#PROFILES}/.
     */
    private Optional<StartupProfile> profile(OrbImplementation orb, ServerFixture fixture, SizePoint payload) {
        Path directory = context.profileDir();
        String name = "startup-" + orb.name().toLowerCase(Locale.ROOT) + "-builtin-appcds";
        String flameGraph = RunContext.PROFILES + "/" + name + ".html";
        // each try is a fresh JVM: a second one after a crash under the profiler
        return ProfileAttempts.attempt("the start-up of " + orb.displayName() + " built-in with AppCDS",
                PROFILE_ATTEMPTS, () -> {
                    probe(name + "-profiled", orb, OrbMode.BUILT_IN,
                            archivable(context.classpaths().classpathFor(orb)), fromArchive(orb), fixture, payload,
                            Duration.ofSeconds(30), directory.resolve(name).toString());
                    context.progress().accept("start-up: where " + orb.displayName()
                            + " built-in with AppCDS spends its CPU: " + flameGraph);
                    return StartupProfile.read(directory.resolve(name + ".collapsed"), flameGraph);
                }, context.progress());
    }

    /**
     * One probe in a fresh JVM: its reply, and the time from its launch to that reply. A probe
     * that fails ends the part.
     *
     * @param exitWait how long it may take to end after its reply
     */
    private StartupSeries.Run probe(String name, OrbImplementation orb, OrbMode mode, String classpath,
            List<String> jvm, ServerFixture fixture, SizePoint payload, Duration exitWait) {
        return probe(name, orb, mode, classpath, jvm, fixture, payload, exitWait, null);
    }

    /** @param profile where the probe writes its CPU profile (see {@link StartupProbe.Setup}); null: none */
    private StartupSeries.Run probe(String name, OrbImplementation orb, OrbMode mode, String classpath,
            List<String> jvm, ServerFixture fixture, SizePoint payload, Duration exitWait, String profile) {
        long launched = System.nanoTime();
        try (WorkerProcess probe = WorkerProcess.start(name, classpath, StartupProbe.class, jvm,
                new StartupProbe.Setup(orb, mode.configName(), fixture.nameServiceUrl(), fixture.catalogName(),
                        context.ejbJar().toString(), payload.query(), profile == null ? plan.calls() : 0, profile),
                context.logDir().resolve(name + ".log"))) {
            StartupProbe.Reply reply = probe.awaitReady(PROBE_LIMIT, StartupProbe.Reply.class);
            double launchToFirstReplyMillis = (System.nanoTime() - launched) / 1e6;
            probe.awaitExit(exitWait);
            if (!reply.ok()) {
                throw new IllegalStateException("start-up probe " + name + ": " + reply.error());
            }
            return new StartupSeries.Run(launchToFirstReplyMillis, reply);
        }
    }

    /** A probe's JVM options to start from {@code orb}'s class-data archive. */
    private List<String> fromArchive(OrbImplementation orb) {
        return jvm(List.of("-XX:SharedArchiveFile=" + archive(orb), "-Xshare:on"));
    }

    /** Where an ORB's class-data archive goes: beside the part's logs. */
    private Path archive(OrbImplementation orb) {
        return context.logDir().resolve("startup-" + orb.name().toLowerCase(Locale.ROOT) + ".jsa");
    }

    /**
     * {@code classpath} with every directory on it (the study's own classes, when it runs from
     * them) packed into a jar beside the logs, and files that are not jars left out: the JVM
     * archives classes from jars only, and writes no archive for a class path with a directory
     * that has classes in it.
     */
    private String archivable(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isRegularFile(path) && !entry.endsWith(".jar")) {
                continue; // a pom a dependency resolved to: no classes, and not a file the archive takes
            }
            if (!Files.isDirectory(path)) {
                entries.add(entry);
                continue;
            }
            Path jar = context.logDir().resolve("startup-" + Integer.toHexString(entry.hashCode()) + ".jar");
            try {
                // packed afresh by each run (a jar left by an earlier run may hold classes since changed)
                if (packed.add(jar)) {
                    Jars.pack(path, jar);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot pack " + path + " into " + jar, e);
            }
            entries.add(jar.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static List<String> jvm(List<String> more) {
        List<String> options = new ArrayList<>(PROBE_JVM);
        options.addAll(more);
        return options;
    }
}
