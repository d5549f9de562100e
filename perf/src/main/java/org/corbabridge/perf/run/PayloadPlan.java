package org.corbabridge.perf.run;

import java.util.List;

/**
 * How much the study measures. Every series is warmed up before any timing: first
 * {@code warmupCalls} calls of {@code warmupBudget} bytes (small and cheap: what makes the JIT
 * compile a call path is how many calls pass through it), then {@code warmupCallsPerSize} at
 * every size, so that the marshalling paths of every payload are compiled too; then, worker by
 * worker, passes of every size until its JIT is quiet or {@code warmupLimitSeconds} have passed
 * (see {@link PayloadRunner}). The report gives the JIT's time during the rounds.
 *
 * @param batchCalls timed calls per series, size and round, for small payloads; larger ones
 *     get fewer (see {@link #callsPerBatch})
 */
public record PayloadPlan(String name, List<Long> budgets, int rounds, int batchCalls, int warmupCalls,
        long warmupBudget, int warmupCallsPerSize, int warmupLimitSeconds) {

    /** Every configuration, the paper's three sizes and 1 KB, two rounds: minutes, for every build. */
    public static PayloadPlan quick() {
        return new PayloadPlan("quick", List.of(1024L, 100 * 1024L, 200 * 1024L, 300 * 1024L), 2, 20, 300,
                1024L, 5, 1);
    }

    /**
     * The README's main job, in under 10 minutes with the other parts on three ORBs: six sizes from
     * an empty result to 1 MB, every series, five interleaved rounds (enough for the intervals of the
     * ratios).
     */
    public static PayloadPlan standard() {
        return new PayloadPlan("standard",
                List.of(12L, 1024L, 10 * 1024L, 100 * 1024L, 300 * 1024L, 1024 * 1024L),
                5, 120, 1_000, 1024L, 20, 4);
    }

    /** From an empty result to 1 MB, eight interleaved rounds: the study proper. */
    public static PayloadPlan full() {
        return new PayloadPlan("full",
                List.of(12L, 1024L, 10 * 1024L, 50 * 1024L, 100 * 1024L, 200 * 1024L, 300 * 1024L, 500 * 1024L,
                        750 * 1024L, 1024 * 1024L),
                8, 300, 20_000, 1024L, 200, 60);
    }

    /** Fewer calls for larger payloads, so that each batch takes a similar time. */
    public int callsPerBatch(SizePoint size) {
        if (size.budget() <= 10 * 1024) {
            return batchCalls;
        }
        if (size.budget() <= 300 * 1024) {
            return Math.max(5, batchCalls / 2);
        }
        return Math.max(5, batchCalls / 5);
    }

    public List<SizePoint> sizes() {
        return budgets.stream().map(SizePoint::ofBudget).toList();
    }
}
