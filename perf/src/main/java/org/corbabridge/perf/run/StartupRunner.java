package org.corbabridge.perf.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.StartupSeries;
import org.corbabridge.perf.worker.StartupProbe;

/**
 * The start-up part: a fresh JVM per probe, for every ORB and mode, a few times over, taking
 * turns so that the machine's drift spreads over all of them.
 */
public final class StartupRunner {

    /** A probe boots a container, deploys, and makes its calls; minutes only if something is wrong. */
    private static final Duration PROBE_LIMIT = Duration.ofMinutes(3);
    private static final List<String> PROBE_JVM = List.of("-Xms256m", "-Xmx1g");

    private final StartupPlan plan;
    private final RunContext context;

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
        }
        SizePoint payload = SizePoint.ofBudget(1024);
        try (ServerFixture fixture = ServerFixture.start()) {
            RemainingTime remaining = new RemainingTime();
            int probes = plan.repetitions() * series.size();
            for (int round = 0; round < plan.repetitions(); round++) {
                for (StartupSeries one : series) {
                    String name = "startup-" + one.orb().name().toLowerCase() + "-" + one.mode().configName();
                    long launched = System.nanoTime();
                    try (WorkerProcess probe = WorkerProcess.start(name, context.classpaths().classpathFor(one.orb()),
                            StartupProbe.class, PROBE_JVM, new StartupProbe.Setup(one.orb(),
                                    one.mode().configName(), fixture.nameServiceUrl(), fixture.catalogName(),
                                    context.ejbJar().toString(), payload.query(), plan.calls()),
                            context.logDir().resolve(name + ".log"))) {
                        StartupProbe.Reply reply = probe.awaitReady(PROBE_LIMIT, StartupProbe.Reply.class);
                        double launchToFirstReplyMillis = (System.nanoTime() - launched) / 1e6;
                        probe.awaitExit(Duration.ofSeconds(30));
                        if (!reply.ok()) {
                            throw new IllegalStateException("start-up probe " + name + ": " + reply.error());
                        }
                        one.runs().add(new StartupSeries.Run(launchToFirstReplyMillis, reply));
                        context.progress().accept(String.format(Locale.ROOT,
                                "start-up %-24s round %d: JVM %.0f ms, container %.0f ms, deploy %.0f ms, session "
                                        + "%.0f ms (ORB init %.0f ms), first call %.0f ms (naming %.0f ms)",
                                name, round + 1, reply.jvmToMainMillis(), reply.containerBootMillis(),
                                reply.deployMillis(), reply.sessionCreateMillis(), reply.orbInitMillis(),
                                reply.firstCallMillis(), reply.namingMillis()));
                    }
                    remaining.took(one, System.nanoTime() - launched);
                    int left = probes - (round * series.size() + series.indexOf(one) + 1);
                    context.progress().accept("start-up: " + RemainingTime.left(
                            remaining.secondsFor(Collections.nCopies(left, one))) + " of the start-up part");
                }
            }
        }
        return series;
    }
}
