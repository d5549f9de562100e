package org.corbabridge.perf.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * Warms every payload worker up, one at a time: first {@code warmupCalls} calls of
 * {@code warmupBudget} bytes and {@code warmupCallsPerSize} at every size, per series; then passes
 * (per series {@link #PASS_SMALL_CALLS} calls of the warm-up size and {@link #PASS_CALLS_PER_SIZE}
 * at every size) until {@link #QUIET_PASSES_IN_A_ROW} in a row in each of which the worker's JIT
 * compiled for at most {@link #JIT_QUIET_SHARE} of its time, or until {@code warmupLimitSeconds}.
 * Without the passes the compiler was still at work through the rounds (an EJB worker's for all
 * of them: the container's call path is long), and the study timed it with the calls. What each
 * worker's warm-up took and its JIT's time go with its set-up costs ({@link #WARM_UP},
 * {@link #WARM_UP_JIT}).
 */
public final class WarmUp {

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
    private final PayloadWorkers workers;

    WarmUp(PayloadPlan plan, RunContext context, PayloadWorkers workers) {
        this.plan = plan;
        this.context = context;
        this.workers = workers;
    }

    /** @return per worker, its JIT's total compilation time when warm-up ended, ms (-1: not known) */
    Map<WorkerProcess, Long> run(List<SizePoint> sizes, Map<String, Map<String, Long>> setup) {
        SizePoint warmupSize = SizePoint.ofBudget(plan.warmupBudget());
        Map<WorkerProcess, Long> jitAfter = new LinkedHashMap<>();
        workers.seriesByWorker().forEach((worker, served) -> {
            long started = System.nanoTime();
            long jitAtStart = PayloadWorkers.compilationMillis(worker);
            for (Series series : served) {
                workers.call(Op.WARMUP, series, warmupSize, plan.warmupCalls());
            }
            long jit = pass(served, warmupSize, 0, sizes, plan.warmupCallsPerSize());
            int passes = 0;
            int quietInARow = 0;
            while (quietInARow < QUIET_PASSES_IN_A_ROW
                    && System.nanoTime() - started < plan.warmupLimitSeconds() * 1_000_000_000L) {
                long passStarted = System.nanoTime();
                long jitNow = pass(served, warmupSize, PASS_SMALL_CALLS, sizes, PASS_CALLS_PER_SIZE);
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

    /** Adds each worker's JIT time since its warm-up ended to its set-up costs ({@link #ROUNDS_JIT}). */
    static void recordJitSince(Map<WorkerProcess, Long> jitAfterWarmUp, Map<String, Map<String, Long>> setup) {
        jitAfterWarmUp.forEach((worker, jitMillis) -> {
            long now = PayloadWorkers.compilationMillis(worker);
            if (jitMillis >= 0 && now >= 0) {
                setup.get(worker.name()).put(ROUNDS_JIT, (now - jitMillis) * 1_000_000);
            }
        });
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
    private long pass(List<Series> served, SizePoint warmupSize, int smallCalls, List<SizePoint> sizes,
            int callsPerSize) {
        Reply last = null;
        for (List<Series> unit : Rounds.units(served)) {
            if (smallCalls > 0) {
                last = workers.call(Op.MEASURE, unit, warmupSize, smallCalls, null);
            }
            for (SizePoint size : sizes) {
                last = workers.call(Op.MEASURE, unit, size, callsPerSize, null);
            }
        }
        return last == null ? -1 : last.compilationMillis();
    }
}
