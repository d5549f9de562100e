package org.corbabridge.perf.report;

import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;

/**
 * Calls over one to three replicas on one ORB, from sessions sharing one ORB (built-in) or each
 * with its own (external).
 *
 * @param roundThroughputs answered calls per second of each round's window
 * @param p50Us the median latency of every timed call, µs
 * @param p99Us its 99th percentile, µs
 * @param spread calls each replica answered, over every round
 */
public record ReplicaResult(OrbImplementation orb, int replicas, String orbMode, int sessions,
        double[] roundThroughputs, double p50Us, double p99Us, Map<String, Long> spread) {

    public Estimate throughput() {
        return Estimate.ofRounds(roundThroughputs);
    }

    /** Each replica's share of the answered calls, in per cent, as "34 / 33 / 33". */
    public String spreadText() {
        long total = spread.values().stream().mapToLong(Long::longValue).sum();
        if (total == 0) {
            return "-";
        }
        StringBuilder text = new StringBuilder();
        spread.values().forEach(count -> text.append(text.length() == 0 ? "" : " / ")
                .append(Math.round(100.0 * count / total)));
        return text.toString();
    }
}
