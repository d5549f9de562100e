package org.corbabridge.perf.report;

import org.corbabridge.adapter.OrbImplementation;

/**
 * Calls in flight from one session on one ORB: {@code sync} (that many threads making blocking
 * calls) or {@code async} (that many asynchronous calls kept in flight by one thread).
 *
 * @param roundThroughputs calls per second of each round's batch
 * @param p50Us the median latency of every timed call, µs
 * @param p99Us its 99th percentile, µs
 */
public record InFlightResult(OrbImplementation orb, int inFlight, String style, double[] roundThroughputs,
        double p50Us, double p99Us) {

    public Estimate throughput() {
        return Estimate.ofRounds(roundThroughputs);
    }

    /** This series' throughput over {@code other}'s, round by round. */
    public Estimate throughputOver(InFlightResult other) {
        return Estimate.ofRounds(Ratio.roundByRound(roundThroughputs, other.roundThroughputs));
    }
}
