package org.corbabridge.perf.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.report.PointResult;
import org.corbabridge.perf.report.ProfileResult;
import org.corbabridge.perf.report.ProfileResults;
import org.corbabridge.perf.report.StudyResults;
import org.corbabridge.perf.worker.PayloadWorker;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;

/**
 * Runs the study: one name service and C++ server for everything; one worker JVM per Java
 * caller and ORB, each with only its ORB's jars; the native floors between them. Every series
 * is warmed up first; then, round after round, every series measures every size, in an order
 * that rotates from round to round so that drift of the machine spreads over all of them.
 * Only one thing runs at a time: on two cores, client and server already share the CPUs.
 */
public final class PayloadRunner {

    private static final Duration WORKER_START_LIMIT = Duration.ofMinutes(3);
    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(5);
    private static final List<Caller> JAVA_CALLERS = List.of(Caller.CC, Caller.ASIO, Caller.ASRO);
    private static final String PROFILE_DIRECTORY = "profiles";
    private static final List<Long> LOOP_BUDGETS = List.of(1024L, 100 * 1024L, 300 * 1024L);
    /**
     * A warm-up pass after which a worker's JIT compiled for at most this share of the pass's time
     * ends its warm-up: on two cores a compiler thread still at work takes a CPU from the client or
     * the server, and the rounds would time the JIT.
     */
    static final double JIT_QUIET_SHARE = 0.05;
    /**
     * Quiet passes in a row that end a warm-up: the JIT compiles in bursts (a pass of 1 ms, then one
     * of 300 ms), and one quiet pass let the first rounds of the full plan run beside it.
     */
    static final int QUIET_PASSES_IN_A_ROW = 3;
    /** Calls of the warm-up size per series in a pass: the per-call paths, cheaply. */
    private static final int PASS_SMALL_CALLS = 500;
    /** Calls at every size per series in a pass: the paths of each payload. */
    private static final int PASS_CALLS_PER_SIZE = 5;
    /** Set-up cost keys of a worker: its warm-up, its JIT's time in it, and its JIT's time during the rounds. */
    public static final String WARM_UP = "warmUp";
    public static final String WARM_UP_JIT = "warmUp.jit";
    public static final String ROUNDS_JIT = "rounds.jit";

    private final PayloadPlan plan;
    private final RunContext context;

    public PayloadRunner(PayloadPlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    public StudyResults run() {
        long started = System.nanoTime();
        List<SizePoint> sizes = plan.sizes();
        Map<String, Map<String, Long>> setup = new LinkedHashMap<>();
        Map<Series, WorkerProcess> workerOf = new LinkedHashMap<>();
        Map<Series, Map<SizePoint, PointAccumulator>> timings = new LinkedHashMap<>();
        List<WorkerProcess> workers = new ArrayList<>();
        List<ProfileResult> profiles = List.of();

        // the server answers plain text and TLS alike: the TLS series calls the same process
        try (ServerFixture fixture = ServerFixture.start(
                ServerConfig.builder().tls(ServerTls.only().withPlainText()).build())) {
            context.progress().accept("name service " + fixture.nameServiceUrl() + ", catalog_server pid "
                    + fixture.server().pid());
            for (OrbImplementation orb : OrbImplementation.values()) {
                for (Caller caller : JAVA_CALLERS) {
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
                        throw new IllegalStateException("worker " + name + ": " + ready.error() + " (see "
                                + context.logDir() + ")");
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
            }
            List<Series> allSeries = new ArrayList<>(workerOf.keySet());
            allSeries.add(Series.nativeFloor());
            allSeries.add(Series.rawFloor());
            allSeries.forEach(series -> timings.put(series, new LinkedHashMap<>()));
            NativeFloors floors = new NativeFloors(fixture.nameServiceUrl(),
                    context.logDir().resolve("catalog-client.log"));

            Map<WorkerProcess, Long> jitAfterWarmup = warmUp(workerOf, sizes, setup);
            measure(allSeries, sizes, workerOf, floors, timings, started);
            jitAfterWarmup.forEach((worker, jitMillis) -> {
                long now = compilationMillis(worker);
                if (jitMillis >= 0 && now >= 0) {
                    setup.get(worker.name()).put(ROUNDS_JIT, (now - jitMillis) * 1_000_000);
                }
            });
            loopAfterRounds(sizes, workerOf, timings);
            profiles = profile(sizes, workerOf);
        } finally {
            workers.forEach(WorkerProcess::close);
        }

        List<PointResult> points = new ArrayList<>();
        timings.forEach((series, bySize) -> bySize.forEach((size, point) -> points.add(point.result(series, size))));
        return new StudyResults(plan, Environment.describe(), setup, points, (System.nanoTime() - started) / 1e9)
                .withProfiles(profiles);
    }

    /** Results with no payload points, for a study that leaves this part out. */
    public StudyResults nothing() {
        return new StudyResults(plan, Environment.describe(), Map.of(), List.of(), 0);
    }

    /**
     * Warms every worker up, one at a time: first {@code warmupCalls} calls of {@code warmupBudget}
     * bytes and {@code warmupCallsPerSize} at every size, per series; then passes (per series
     * {@link #PASS_SMALL_CALLS} calls of the warm-up size and {@link #PASS_CALLS_PER_SIZE} at every
     * size) until {@link #QUIET_PASSES_IN_A_ROW} in a row in each of which the worker's JIT compiled
     * for at most {@link #JIT_QUIET_SHARE} of its time, or until {@code warmupLimitSeconds}. Without the passes
     * the compiler was still at work through the rounds (an EJB worker's for all of them: the
     * container's call path is long), and the study timed it with the calls. What each worker's
     * warm-up took and its JIT's time go with its set-up costs ({@link #WARM_UP}, {@link #WARM_UP_JIT}).
     *
     * @return per worker, its JIT's total compilation time when warm-up ended, ms (-1: not known)
     */
    private Map<WorkerProcess, Long> warmUp(Map<Series, WorkerProcess> workerOf, List<SizePoint> sizes,
            Map<String, Map<String, Long>> setup) {
        SizePoint warmupSize = SizePoint.ofBudget(plan.warmupBudget());
        Map<WorkerProcess, List<Series>> seriesOf = new LinkedHashMap<>();
        workerOf.forEach((series, worker) -> seriesOf.computeIfAbsent(worker, k -> new ArrayList<>()).add(series));
        Map<WorkerProcess, Long> jitAfter = new LinkedHashMap<>();
        seriesOf.forEach((worker, served) -> {
            long started = System.nanoTime();
            long jitAtStart = compilationMillis(worker);
            for (Series series : served) {
                call(worker, Op.WARMUP, series, warmupSize, plan.warmupCalls());
            }
            long jit = pass(worker, served, warmupSize, 0, sizes, plan.warmupCallsPerSize());
            int passes = 0;
            int quietInARow = 0;
            while (quietInARow < QUIET_PASSES_IN_A_ROW
                    && System.nanoTime() - started < plan.warmupLimitSeconds() * 1_000_000_000L) {
                long passStarted = System.nanoTime();
                long jitNow = pass(worker, served, warmupSize, PASS_SMALL_CALLS, sizes, PASS_CALLS_PER_SIZE);
                passes++;
                quietInARow = jitQuietDuring(jit, jitNow, System.nanoTime() - passStarted) ? quietInARow + 1 : 0;
                jit = jitNow;
            }
            boolean quiet = quietInARow >= QUIET_PASSES_IN_A_ROW;
            long took = System.nanoTime() - started;
            context.progress().accept(String.format(Locale.ROOT,
                    "warmed up %s (%d series): %.1f s, %d calls of %s and %d of every size per series, then %d "
                            + "pass%s; %s",
                    worker.name(), served.size(), took / 1e9, plan.warmupCalls(), warmupSize.label(),
                    plan.warmupCallsPerSize(), passes, passes == 1 ? "" : "es",
                    quiet ? "the JIT quiet" : "the JIT still compiling at the limit of "
                            + plan.warmupLimitSeconds() + " s"));
            setup.get(worker.name()).put(WARM_UP, took);
            if (jitAtStart >= 0 && jit >= 0) {
                setup.get(worker.name()).put(WARM_UP_JIT, (jit - jitAtStart) * 1_000_000);
            }
            jitAfter.put(worker, jit);
        });
        return jitAfter;
    }

    /**
     * Whether a worker's JIT was quiet during a pass of {@code passNanos}: it compiled for at most
     * {@link #JIT_QUIET_SHARE} of that time. A JVM that does not say (-1) counts as quiet: there is
     * nothing to wait for.
     */
    static boolean jitQuietDuring(long jitMillisBefore, long jitMillisAfter, long passNanos) {
        if (jitMillisBefore < 0 || jitMillisAfter < 0) {
            return true;
        }
        return jitMillisAfter - jitMillisBefore <= JIT_QUIET_SHARE * passNanos / 1e6;
    }

    /**
     * Calls of each series whose timings are dropped: {@code smallCalls} of {@code warmupSize}, then
     * {@code callsPerSize} at each size; the worker's JIT time after them. They are measuring
     * requests, so that the code which records and answers the timings is compiled before the
     * rounds, not in the first of them (a warm-up request never takes that branch, and the JIT
     * compiles a branch never taken as a trap that recompiles the loop when it is first taken).
     */
    private static long pass(WorkerProcess worker, List<Series> served, SizePoint warmupSize, int smallCalls,
            List<SizePoint> sizes, int callsPerSize) {
        Reply last = null;
        for (List<Series> unit : units(served)) {
            if (smallCalls > 0) {
                last = call(worker, Op.MEASURE, unit, warmupSize, smallCalls);
            }
            for (SizePoint size : sizes) {
                last = call(worker, Op.MEASURE, unit, size, callsPerSize);
            }
        }
        return last == null ? -1 : last.compilationMillis();
    }

    /**
     * The series as the rounds measure them: each on its own, but for those measured side by side
     * in one request ({@link #sideBySide}), which stay together where the first of them is.
     */
    static List<List<Series>> units(List<Series> series) {
        List<List<Series>> units = new ArrayList<>();
        Set<Series> placed = new HashSet<>();
        for (Series one : series) {
            if (placed.contains(one)) {
                continue;
            }
            List<Series> unit = sideBySide(one).stream().filter(series::contains).toList();
            if (!unit.contains(one)) {
                unit = List.of(one);
            }
            placed.addAll(unit);
            units.add(unit);
        }
        return units;
    }

    /**
     * The series measured side by side with {@code series}, itself included: the standalone
     * adapter (static) with the clients it is compared with in its JVM (the generated stub on its
     * ORB, the plain client and the typed proxy), and the bean (static) with the adapter beside
     * it. Measured in separate batches minutes apart, a ratio near 1 took the machine's drift
     * between them: per-round ratios spread from 0.38 to 1.98 in a full run. TLS stays in batches
     * of its own: beside it, on a third ORB with its ciphers, the others came out slower at 100 KB
     * and up than in the runs before.
     */
    static List<Series> sideBySide(Series series) {
        OrbImplementation orb = series.orb();
        List<Series> standalone = List.of(new Series(Caller.CC, orb, InvocationMode.STATIC),
                new Series(Caller.STUB, orb, InvocationMode.STATIC), new Series(Caller.PLAIN, orb, InvocationMode.STATIC),
                new Series(Caller.PROXY, orb, InvocationMode.STATIC));
        List<Series> container = List.of(new Series(Caller.ASIO, orb, InvocationMode.STATIC),
                new Series(Caller.ASIO_NO_BEAN, orb, InvocationMode.STATIC));
        if (standalone.contains(series)) {
            return standalone;
        }
        return container.contains(series) ? container : List.of(series);
    }

    /** The worker's JIT time so far, ms (-1: not known), asked with an empty request. */
    private static long compilationMillis(WorkerProcess worker) {
        Reply reply = worker.request(new Request(Op.WARMUP, "static", SizePoint.ofBudget(12).query(), 0, 0),
                REQUEST_LIMIT);
        return reply.ok() ? reply.compilationMillis() : -1;
    }

    /**
     * Round after round, every series at every size, in an order rotated each round. The progress
     * line's time left counts each remaining batch at what the same series and size took in the
     * previous round (their mean, during the first).
     */
    private void measure(List<Series> allSeries, List<SizePoint> sizes, Map<Series, WorkerProcess> workerOf,
            NativeFloors floors, Map<Series, Map<SizePoint, PointAccumulator>> timings, long started) {
        List<List<Series>> units = units(allSeries);
        Map<Series, List<Series>> unitOf = new LinkedHashMap<>();
        units.forEach(unit -> unitOf.put(unit.get(0), unit));
        List<Batch> order = new ArrayList<>();
        for (int round = 0; round < plan.rounds(); round++) {
            for (int s = 0; s < units.size(); s++) {
                Series series = units.get((s + round) % units.size()).get(0);
                for (int z = 0; z < sizes.size(); z++) {
                    order.add(new Batch(round, new Point(series, sizes.get((z + round) % sizes.size()))));
                }
            }
        }
        RemainingTime remaining = new RemainingTime();
        for (int done = 0; done < order.size(); done++) {
            Batch next = order.get(done);
            Series series = next.point().series();
            SizePoint size = next.point().size();
            List<Series> unit = unitOf.get(series);
            int calls = plan.callsPerBatch(size);
            long batchStarted = System.nanoTime();
            long[][] batch = batch(unit, size, calls, workerOf.get(series), floors);
            remaining.took(next.point(), System.nanoTime() - batchStarted);
            for (int u = 0; u < unit.size(); u++) {
                timings.get(unit.get(u)).computeIfAbsent(size, k -> new PointAccumulator()).addBatch(
                        Arrays.copyOfRange(batch[0], u * calls, (u + 1) * calls),
                        Arrays.copyOfRange(batch[1], u * calls, (u + 1) * calls));
            }
            boolean lastOfSeries = done + 1 == order.size() || !order.get(done + 1).point().series().equals(series);
            if (lastOfSeries) {
                List<Point> ahead = order.subList(done + 1, order.size()).stream().map(Batch::point).toList();
                context.progress().accept(String.format(Locale.ROOT,
                        "round %d/%d  %-22s %3d%%  elapsed %s  %s of the payload part", next.round() + 1,
                        plan.rounds(), series.label(), 100 * (done + 1) / order.size(),
                        RemainingTime.minutes((System.nanoTime() - started) / 1e9),
                        RemainingTime.left(remaining.secondsFor(ahead))));
            }
        }
    }

    /** A series at a size: what one batch measures, and what a later batch of it is expected to take. */
    private record Point(Series series, SizePoint size) {
    }

    /** One batch of the measuring order. */
    private record Batch(int round, Point point) {
    }

    /**
     * The plain client once more, per ORB, in one uninterrupted loop of ten batches' calls at each
     * of the sizes a user asks about first (1, 100 and 300 KB, where planned): what a tight loop
     * sees, set against the same client measured the study's way.
     */
    private void loopAfterRounds(List<SizePoint> sizes, Map<Series, WorkerProcess> workerOf,
            Map<Series, Map<SizePoint, PointAccumulator>> timings) {
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series plain = new Series(Caller.PLAIN, orb, InvocationMode.STATIC);
            Series loop = new Series(Caller.LOOP, orb, InvocationMode.STATIC);
            for (SizePoint size : sizes) {
                if (!LOOP_BUDGETS.contains(size.budget())) {
                    continue;
                }
                int calls = 10 * plan.callsPerBatch(size);
                context.progress().accept("plain loop " + plain.orbName() + " " + size.label() + ": " + calls
                        + " calls without a break");
                Reply reply = call(workerOf.get(plain), Op.MEASURE, plain, size, calls);
                timings.computeIfAbsent(loop, k -> new LinkedHashMap<>())
                        .computeIfAbsent(size, k -> new PointAccumulator()).addBatch(reply.response(), reply.server());
            }
        }
    }

    /**
     * A CPU profile of the plain client and of each caller (static invocation), per ORB, at 1 KB
     * and 300 KB (where planned), each over an uninterrupted loop in the series' own worker JVM;
     * the flame graphs go beside the report, in {@code profiles/}.
     */
    private List<ProfileResult> profile(List<SizePoint> sizes, Map<Series, WorkerProcess> workerOf) {
        Path directory = context.logDir().resolveSibling(PROFILE_DIRECTORY);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
        List<ProfileResult> profiles = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (Caller caller : List.of(Caller.PLAIN, Caller.CC, Caller.ASIO, Caller.ASRO)) {
                Series series = new Series(caller, orb, InvocationMode.STATIC);
                for (SizePoint size : sizes) {
                    if (size.budget() != 1024 && size.budget() != 300 * 1024) {
                        continue;
                    }
                    int calls = (size.budget() <= 10 * 1024 ? 30 : 5) * plan.callsPerBatch(size);
                    String name = (caller + "-" + orb + "-" + size.budget()).toLowerCase(Locale.ROOT);
                    context.progress().accept("profiling " + series.label() + " " + size.label() + ": " + calls
                            + " calls");
                    Reply reply;
                    try {
                        reply = call(workerOf.get(series), Op.PROFILE, series, size, calls,
                                directory.resolve(name).toString());
                    } catch (IllegalStateException failed) {
                        // a profile is an explanation, not a figure: the report goes on without it
                        context.progress().accept("profile left out, its calls failed: " + failed.getMessage());
                        continue;
                    }
                    profiles.add(ProfileResults.read(series, size, calls, reply.response(),
                            directory.resolve(name + ".collapsed"), PROFILE_DIRECTORY + "/" + name + ".html"));
                }
            }
        }
        return profiles;
    }

    /** The response and server timings of each series of {@code unit} (a floor's is a unit of one), one after the other. */
    private long[][] batch(List<Series> unit, SizePoint size, int calls, WorkerProcess worker, NativeFloors floors) {
        int nativeWarmup = Math.max(20, calls / 5);
        return switch (unit.get(0).caller()) {
            case NATIVE -> {
                NativeFloors.Timings t = floors.corba(size.query(), calls, nativeWarmup);
                yield new long[][] {t.response(), t.server()};
            }
            case RAW -> {
                NativeFloors.Timings t = floors.raw(size.dataBytes(), calls, nativeWarmup);
                yield new long[][] {t.response(), t.server()};
            }
            default -> {
                Reply reply = call(worker, Op.MEASURE, unit, size, calls);
                yield new long[][] {reply.response(), reply.server()};
            }
        };
    }

    private static Reply call(WorkerProcess worker, Op op, Series series, SizePoint size, int calls) {
        return call(worker, op, series, size, calls, null);
    }

    /** {@code calls} calls of each series of {@code unit}, interleaved in one request when there are several. */
    private static Reply call(WorkerProcess worker, Op op, List<Series> unit, SizePoint size, int calls) {
        if (unit.size() == 1) {
            return call(worker, op, unit.get(0), size, calls);
        }
        String modes = unit.stream().map(PayloadRunner::modeOf)
                .collect(Collectors.joining(PayloadWorker.INTERLEAVED_SEPARATOR));
        Reply reply = worker.request(new Request(op, PayloadWorker.INTERLEAVED_PREFIX + modes, size.query(), calls,
                size.items()), REQUEST_LIMIT);
        if (!reply.ok()) {
            throw new IllegalStateException(unit.get(0).label() + " and the series beside it " + size.label() + ": "
                    + reply.error());
        }
        return reply;
    }

    /** What a worker's request names a series by: its invocation mode, or {@code baseline:NAME}. */
    private static String modeOf(Series series) {
        return series.caller().isBaseline()
                ? PayloadWorker.BASELINE_PREFIX + series.caller().name() : series.mode().configName();
    }

    private static Reply call(WorkerProcess worker, Op op, Series series, SizePoint size, int calls,
            String output) {
        Reply reply = worker.request(new Request(op, modeOf(series), size.query(), calls, size.items(), output),
                REQUEST_LIMIT);
        if (!reply.ok()) {
            throw new IllegalStateException(series.label() + " " + size.label() + ": " + reply.error());
        }
        return reply;
    }
}
