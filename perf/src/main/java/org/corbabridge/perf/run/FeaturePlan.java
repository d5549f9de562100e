package org.corbabridge.perf.run;

import java.util.List;

/**
 * How much the tracing and asynchronous-call parts measure. Both interleave their series round
 * after round, as the payload part does.
 *
 * @param rounds interleaved rounds
 * @param batchCalls tracing: a quarter of the timed calls per mode, size and round at 1 KB (a quarter
 *     of it at 300 KB, see {@link #tracingCalls});
 *     calls in flight: calls per batch with one in flight (more in flight, proportionally more,
 *     see {@link #inFlightCalls})
 * @param warmupCalls untimed calls per series before the first round (at 1 KB; a twentieth of it at
 *     300 KB): with 1000, 1 KB calls still got faster round after round (117 µs in the first, 65 in
 *     the sixth), and the order of the modes showed in their ratios
 */
public record FeaturePlan(int rounds, int batchCalls, int warmupCalls) {

    /** The payload sizes the tracing part measures. */
    public static final List<Long> VARIANT_BUDGETS = List.of(1024L, 300 * 1024L);

    /** The payload sizes the settings part measures: 100 KB too, where a lent ORB's cost was asked for. */
    public static final List<Long> SETTINGS_BUDGETS = List.of(1024L, 100 * 1024L, 300 * 1024L);

    /** Calls in flight from one session, each measured sync and async. */
    public static final List<Integer> IN_FLIGHT = List.of(1, 8, 64);

    /** The asynchronous calls' payload. */
    public static final long IN_FLIGHT_BUDGET = 1024;

    public static FeaturePlan quick() {
        return new FeaturePlan(2, 40, 300);
    }

    public static FeaturePlan standard() {
        return new FeaturePlan(6, 200, 5000);
    }

    public static FeaturePlan full() {
        return new FeaturePlan(10, 400, 10000);
    }

    /** Timed tracing calls of a batch at {@code size}: about a tenth of a second of calls. */
    public int tracingCalls(SizePoint size) {
        return size.budget() <= 10 * 1024 ? 4 * batchCalls : Math.max(5, batchCalls / 4);
    }

    /**
     * Calls of a batch with {@code inFlight} in flight: enough that every slot is busy most of the
     * batch, and that one pause of the machine's does not make the batch's throughput.
     */
    public int inFlightCalls(int inFlight) {
        return Math.max(4 * batchCalls, 20 * inFlight);
    }
}
