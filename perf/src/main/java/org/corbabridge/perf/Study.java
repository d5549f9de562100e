package org.corbabridge.perf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.corbabridge.perf.report.FeatureResults;
import org.corbabridge.perf.report.StudyResults;
import org.corbabridge.perf.run.AsyncRunner;
import org.corbabridge.perf.run.CallbackPlan;
import org.corbabridge.perf.run.CallbackRunner;
import org.corbabridge.perf.run.ReplicaPlan;
import org.corbabridge.perf.run.ReplicaRunner;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.PayloadRunner;
import org.corbabridge.perf.run.RunContext;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.ScaleRunner;
import org.corbabridge.perf.run.SettingsRunner;
import org.corbabridge.perf.run.StartupPlan;
import org.corbabridge.perf.run.StartupRunner;
import org.corbabridge.perf.run.TracingRunner;

/**
 * The whole study, part after part, one thing at a time: response time against payload, then
 * sessions against response time and memory, then start-up, then what tracing costs, what ORB
 * settings are worth, what calls in flight give, sync and async, what replicas give, and what a
 * Java listener costs a C++ server that calls it back.
 *
 * @param payload the payload part's plan
 * @param callbacks the call-back part's plan
 */
public record Study(String name, PayloadPlan payload, ScalePlan scale, StartupPlan startup, FeaturePlan features,
        ReplicaPlan replicas, CallbackPlan callbacks, Set<Part> parts) {

    /** The parts of the study. */
    public enum Part { PAYLOAD, SCALE, STARTUP, TRACING, SETTINGS, ASYNC, REPLICAS, CALLBACKS }

    /** The command line's word for "the plan's own parts". */
    public static final String PLAN_PARTS = "plan";

    public static Study quick() {
        return new Study("quick", PayloadPlan.quick(), ScalePlan.quick(), StartupPlan.quick(), FeaturePlan.quick(),
                ReplicaPlan.quick(), CallbackPlan.quick(), EnumSet.allOf(Part.class));
    }

    /**
     * The README's main job: every configuration, both figure sets, every ratio table, in under 10
     * minutes. The settings part (about 2 minutes) is left to the full plan and to
     * {@code --parts settings}: with it the main job took 10 minutes to the second on a slow run.
     */
    public static Study standard() {
        return new Study("standard", PayloadPlan.standard(), ScalePlan.standard(), StartupPlan.standard(),
                FeaturePlan.standard(), ReplicaPlan.standard(), CallbackPlan.standard(),
                EnumSet.complementOf(EnumSet.of(Part.SETTINGS)));
    }

    public static Study full() {
        return new Study("full", PayloadPlan.full(), ScalePlan.full(), StartupPlan.full(), FeaturePlan.full(),
                ReplicaPlan.full(), CallbackPlan.full(), EnumSet.allOf(Part.class));
    }

    /** "quick", "standard" or "full". */
    public static Study named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "quick" -> quick();
            case "standard" -> standard();
            case "full" -> full();
            default -> throw new IllegalArgumentException("a study plan is quick, standard or full, not " + name);
        };
    }

    public Study only(Set<Part> chosen) {
        return new Study(name, payload, scale, startup, features, replicas, callbacks, chosen.isEmpty()
                ? EnumSet.noneOf(Part.class) : EnumSet.copyOf(chosen));
    }

    public StudyResults run(OrbClasspaths classpaths, Path ejbJar, Path logDir, Consumer<String> progress) {
        return run(classpaths, ejbJar, logDir, progress, false);
    }

    /**
     * @param networkPath whether to run the payload part a second time over a network path
     *     ({@link PayloadRunner#runOverNetwork}), reported beside the loopback one
     */
    public StudyResults run(OrbClasspaths classpaths, Path ejbJar, Path logDir, Consumer<String> progress,
            boolean networkPath) {
        long started = System.nanoTime();
        startLogs(logDir);
        RunContext context = new RunContext(classpaths, ejbJar, logDir, progress);
        PayloadRunner payloadRunner = new PayloadRunner(payload, context);
        StudyResults results = parts.contains(Part.PAYLOAD) ? timed(Part.PAYLOAD, progress, payloadRunner::run)
                : payloadRunner.nothing();
        if (networkPath && parts.contains(Part.PAYLOAD)) {
            progress.accept("the payload part again, over a network path");
            results = results.withNetworkPath(timed(Part.PAYLOAD, progress, payloadRunner::runOverNetwork));
        }
        if (parts.contains(Part.SCALE)) {
            results = results.withScale(scale, timed(Part.SCALE, progress, new ScaleRunner(scale, context)::run));
        }
        if (parts.contains(Part.STARTUP)) {
            results = results.withStartup(startup, timed(Part.STARTUP, progress,
                    new StartupRunner(startup, context)::run));
        }
        FeatureResults done = FeatureResults.none();
        if (parts.contains(Part.TRACING)) {
            done = done.withTracing(features, timed(Part.TRACING, progress, new TracingRunner(features, context)::run));
        }
        if (parts.contains(Part.SETTINGS)) {
            done = done.withSettings(features, timed(Part.SETTINGS, progress,
                    new SettingsRunner(features, context)::run));
        }
        if (parts.contains(Part.ASYNC)) {
            done = done.withInFlight(features, timed(Part.ASYNC, progress, new AsyncRunner(features, context)::run));
        }
        if (parts.contains(Part.REPLICAS)) {
            ReplicaRunner.Results measured = timed(Part.REPLICAS, progress, new ReplicaRunner(replicas, context)::run);
            done = done.withReplicas(replicas, measured.replicas(), measured.pulledLinks(), measured.skipped());
        }
        if (parts.contains(Part.CALLBACKS)) {
            done = done.withCallbacks(callbacks, timed(Part.CALLBACKS, progress,
                    new CallbackRunner(callbacks, context)::run));
        }
        return results.withFeatures(done).withDuration((System.nanoTime() - started) / 1e9);
    }

    /** Runs one part and says how long it took, so that a plan's parts can be weighed against each other. */
    private static <T> T timed(Part part, Consumer<String> progress, Supplier<T> run) {
        long started = System.nanoTime();
        T result = run.get();
        progress.accept(String.format(Locale.ROOT, "the %s part took %.0f s", part.name().toLowerCase(Locale.ROOT),
                (System.nanoTime() - started) / 1e9));
        return result;
    }

    /** An empty log directory: the workers append to their logs, and a log should hold one run. */
    private static void startLogs(Path logDir) {
        try {
            Files.createDirectories(logDir);
            try (var logs = Files.newDirectoryStream(logDir, "*.log")) {
                for (Path log : logs) {
                    Files.delete(log);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the log directory " + logDir, e);
        }
    }

    @Override
    public String toString() {
        return name + " " + parts.stream().map(p -> p.name().toLowerCase(Locale.ROOT)).toList() + ": " + payload
                + "; " + scale + "; " + startup + "; " + features + "; " + callbacks;
    }

    /** Parts by name, for the command line. */
    public static Set<Part> parts(List<String> names) {
        Set<Part> parts = EnumSet.noneOf(Part.class);
        names.forEach(n -> parts.add(Part.valueOf(n.trim().toUpperCase(Locale.ROOT))));
        return parts;
    }
}
