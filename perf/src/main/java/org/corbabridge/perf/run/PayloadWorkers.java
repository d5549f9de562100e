package org.corbabridge.perf.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.TestKeys;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.CallPath;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadRequest;
import org.corbabridge.perf.worker.WorkerMessages.PayloadSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * The payload part's worker JVMs: one per Java caller and ORB, each with only its ORB's jars, and
 * which of them measures each series (a caller's own modes, and the baselines it hosts).
 */
final class PayloadWorkers implements AutoCloseable {

    private static final Duration WORKER_START_LIMIT = Duration.ofMinutes(3);
    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(5);
    private static final List<Caller> JAVA_CALLERS = List.of(Caller.CC, Caller.ASIO, Caller.ASRO);

    private final Map<Series, WorkerProcess> workerOf = new LinkedHashMap<>();
    private final List<WorkerProcess> workers = new ArrayList<>();

    private PayloadWorkers() {
    }

    /**
     * Starts every worker, one at a time, and puts each one's set-up costs into {@code setup}
     * under its name.
     */
    static PayloadWorkers start(ServerFixture fixture, RunContext context, Map<String, Map<String, Long>> setup) {
        PayloadWorkers started = new PayloadWorkers();
        try {
            for (OrbImplementation orb : OrbImplementation.values()) {
                for (Caller caller : JAVA_CALLERS) {
                    started.startOne(fixture, context, setup, caller, orb);
                }
            }
            return started;
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
    }

    private void startOne(ServerFixture fixture, RunContext context, Map<String, Map<String, Long>> setup,
            Caller caller, OrbImplementation orb) {
        String name = caller + " " + new Series(caller, orb, InvocationMode.STATIC).orbName();
        context.progress().accept("starting worker " + name);
        WorkerProcess worker = WorkerProcess.start(name, context.classpaths().classpathFor(orb),
                new PayloadSetup(caller, orb, fixture.nameServiceUrl(), context.ejbJar().toString(),
                        TestKeys.trustStore().toString()),
                context.logDir().resolve("worker-" + caller.name().toLowerCase() + "-"
                        + orb.name().toLowerCase() + ".log"));
        workers.add(worker);
        Reply ready = worker.awaitReady(WORKER_START_LIMIT);
        if (!ready.ok()) {
            throw new IllegalStateException("worker " + name + ": " + ready.error() + " (see " + context.logDir()
                    + ")");
        }
        setup.put(name, new LinkedHashMap<>(ready.setup()));
        for (InvocationMode mode : InvocationMode.values()) {
            workerOf.put(new Series(caller, orb, mode), worker);
        }
        // the baselines share their host's JVM, interleaved with it
        for (Caller baseline : Caller.values()) {
            if (baseline.host() == caller) {
                workerOf.put(new Series(baseline, orb, InvocationMode.STATIC), worker);
            }
        }
    }

    /** Every series a worker measures, the workers in the order they started. */
    List<Series> series() {
        return List.copyOf(workerOf.keySet());
    }

    /** The series each worker measures. */
    Map<WorkerProcess, List<Series>> seriesByWorker() {
        Map<WorkerProcess, List<Series>> seriesOf = new LinkedHashMap<>();
        workerOf.forEach((series, worker) -> seriesOf.computeIfAbsent(worker, k -> new ArrayList<>()).add(series));
        return seriesOf;
    }

    /** {@code calls} calls of one series. */
    Reply call(Op op, Series series, SizePoint size, int calls) {
        return call(op, List.of(series), size, calls, null);
    }

    /**
     * {@code calls} calls of each series of {@code unit} (all in one worker), side by side in one
     * request when there are several; a failed request is an {@link IllegalStateException}.
     *
     * @param output for {@link Op#PROFILE}: where the worker writes the profile
     */
    Reply call(Op op, List<Series> unit, SizePoint size, int calls, String output) {
        WorkerProcess worker = workerOf.get(unit.get(0));
        List<CallPath> paths = unit.stream().map(PayloadWorkers::pathOf).toList();
        Reply reply = worker.request(new PayloadRequest(op, paths, size.query(), calls, size.items(), output),
                REQUEST_LIMIT);
        if (!reply.ok()) {
            throw new IllegalStateException(unit.get(0).label() + (unit.size() > 1 ? " and the series beside it" : "")
                    + " " + size.label() + ": " + reply.error());
        }
        return reply;
    }

    /** The worker's JIT time so far, ms (-1: not known), asked with an empty request. */
    static long compilationMillis(WorkerProcess worker) {
        Reply reply = worker.request(new PayloadRequest(Op.WARMUP, CallPath.adapter(InvocationMode.STATIC),
                SizePoint.ofBudget(12).query(), 0, 0), REQUEST_LIMIT);
        return reply.ok() ? reply.compilationMillis() : -1;
    }

    /** How a worker's request names a series: its invocation mode, or the baseline it is. */
    private static CallPath pathOf(Series series) {
        return series.caller().isBaseline() ? CallPath.baseline(series.caller()) : CallPath.adapter(series.mode());
    }

    @Override
    public void close() {
        workers.forEach(WorkerProcess::close);
    }
}
