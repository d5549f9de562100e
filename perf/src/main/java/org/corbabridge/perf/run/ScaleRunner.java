package org.corbabridge.perf.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.perf.report.ScaleSeries;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.worker.ScaleMessages.Ready;
import org.corbabridge.perf.worker.ScaleMessages.Setup;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.ScaleMessages.StepRequest;
import org.corbabridge.perf.worker.ScaleWorker;
import org.corbabridge.perf.worker.WorkerMessages.Op;

/**
 * The session-scaling part: for every configuration a fresh C++ server and a fresh worker JVM
 * (so that each starts from nothing and its memory is its own), then steps of more and more
 * sessions until the plan ends, a step fails, or the configuration's time is up.
 */
public final class ScaleRunner {

    private static final Duration WORKER_START_LIMIT = Duration.ofMinutes(3);
    /** Beyond a step's own time: a full GC of a large heap, and slack for a loaded machine. */
    private static final Duration STEP_SLACK = Duration.ofSeconds(60);
    private static final int WARMUP_SESSIONS = 4;
    /** How many classes a step names in where its heap grew. */
    private static final int HEAP_CLASSES = 8;
    private static final List<String> WORKER_JVM = List.of("-Xms512m", "-Xmx4g", "-Xss512k");

    private final ScalePlan plan;
    private final RunContext context;

    public ScaleRunner(ScalePlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    /**
     * Every payload, ORB and mode with the server's default thread per connection; then, for
     * external mode (a connection per session) and the small payload, the server's thread pool.
     */
    public static List<Configuration> configurations(ScalePlan plan) {
        List<Configuration> all = new ArrayList<>();
        for (long payload : plan.payloads()) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                for (OrbMode mode : OrbMode.values()) {
                    all.add(new Configuration(orb, mode, payload, ServerModel.THREAD_PER_CONNECTION));
                }
            }
        }
        for (ServerModel model : plan.serverModels()) {
            if (model != ServerModel.THREAD_PER_CONNECTION) {
                for (OrbImplementation orb : OrbImplementation.values()) {
                    all.add(new Configuration(orb, OrbMode.EXTERNAL, plan.payloads().get(0), model));
                }
            }
        }
        return all;
    }

    /** One line of the scaling part. */
    public record Configuration(OrbImplementation orb, OrbMode mode, long payloadBudget, ServerModel serverModel) {
    }

    public List<ScaleSeries> run() {
        List<ScaleSeries> results = new ArrayList<>();
        List<Configuration> configurations = configurations(plan);
        RemainingTime remaining = new RemainingTime();
        try (ServerFixture fixture = ServerFixture.startNameServiceOnly()) {
            for (int index = 0; index < configurations.size(); index++) {
                long started = System.nanoTime();
                results.add(run(fixture, configurations.get(index), index + 1));
                remaining.took(configurations.get(index), System.nanoTime() - started);
                context.progress().accept(String.format(Locale.ROOT,
                        "scale: configuration %d/%d done, %s of the scale part", index + 1, configurations.size(),
                        RemainingTime.left(remaining.secondsFor(configurations.subList(index + 1,
                                configurations.size())))));
            }
        }
        return results;
    }

    private ScaleSeries run(ServerFixture fixture, Configuration configuration, int index) {
        SizePoint payload = SizePoint.ofBudget(configuration.payloadBudget());
        String name = "scale-" + index;
        ServerProcess server = fixture.startServer(ServerConfig.builder().name("ScaleCatalog" + index)
                .extraArguments(configuration.serverModel().serverArguments().toArray(String[]::new)).build());
        List<StepReply> steps = new ArrayList<>();
        String stopReason = "all steps";
        long bootMillis = 0;
        long started = System.nanoTime();
        try (WorkerProcess worker = WorkerProcess.start(name, context.classpaths().classpathFor(configuration.orb()),
                ScaleWorker.class, WORKER_JVM, new Setup(configuration.orb(), configuration.mode().configName(),
                        fixture.nameServiceUrl(), server.name(), context.ejbJar().toString(), server.port(),
                        server.pid(), payload.query(), payload.items(), plan.thinkMillis()),
                context.logDir().resolve(name + "-" + configuration.orb().name().toLowerCase() + "-"
                        + configuration.mode().configName() + ".log"))) {
            Ready ready = worker.awaitReady(WORKER_START_LIMIT, Ready.class);
            if (!ready.ok()) {
                return new ScaleSeries(configuration.orb(), configuration.mode(), payload,
                        configuration.serverModel(), 0, steps, "worker failed: " + ready.error());
            }
            bootMillis = ready.bootMillis();
            StepReply warmup = worker.request(new StepRequest(Op.WARMUP, WARMUP_SESSIONS, 0, 0, plan.warmupMillis()),
                    StepReply.class, Duration.ofMillis(plan.warmupMillis()).plus(STEP_SLACK), name + " warm-up");
            if (!warmup.ok()) {
                return new ScaleSeries(configuration.orb(), configuration.mode(), payload,
                        configuration.serverModel(), bootMillis, steps, "warm-up failed: " + warmup.error());
            }
            long limit = started + plan.configurationLimitMillis() * 1_000_000;
            StepReply firstCounted = null; // held here, not in the worker, whose heap it would be part of
            for (int sessions : plan.sessionSteps()) {
                if (System.nanoTime() > limit) {
                    stopReason = "time bound (" + plan.configurationLimitMillis() / 1000 + " s)";
                    break;
                }
                StepRequest request = new StepRequest(Op.STEP, sessions, plan.growLimitMillis(), plan.rampMillis(),
                        plan.windowMillis());
                StepReply counted = worker.request(request, StepReply.class, Duration.ofMillis(plan.growLimitMillis()
                        + plan.rampMillis() + plan.windowMillis()).plus(STEP_SLACK), name + " step " + sessions);
                if (firstCounted == null) {
                    firstCounted = counted;
                }
                StepReply step = counted.growthSince(firstCounted, HEAP_CLASSES);
                steps.add(step);
                context.progress().accept(String.format(Locale.ROOT,
                        "scale %-36s %5d sessions: p50 %8.0f µs  p99 %8.0f µs  stalls p99 %6.0f µs  %7.0f calls/s  %3d failed  "
                                + "live heap %5.1f MB  rss %5.0f MB  threads %5d  server threads %4d",
                        configuration.orb() + " " + configuration.mode().configName() + " " + payload.label() + " "
                                + configuration.serverModel(),
                        step.sessions(), step.p50Micros(), step.p99Micros(), step.hiccupP99Micros(),
                        ScaleSeries.throughput(step),
                        step.failedCalls(), ScaleSeries.heapBytes(step) / 1048576.0, step.residentBytes() / 1048576.0,
                        step.threads(), step.serverThreads()));
                if (ScaleSeries.failed(step)) {
                    stopReason = "failure";
                    break;
                }
            }
        } catch (RuntimeException e) {
            // a worker that died or stopped answering: the failure point of this configuration
            stopReason = "worker failed: " + e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")");
            context.progress().accept("scale " + name + ": " + stopReason);
        } finally {
            server.close();
        }
        return new ScaleSeries(configuration.orb(), configuration.mode(), payload, configuration.serverModel(),
                bootMillis, steps, stopReason);
    }
}
