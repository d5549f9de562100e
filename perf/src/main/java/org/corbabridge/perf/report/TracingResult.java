package org.corbabridge.perf.report;

import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.SizePoint;

/**
 * What tracing costs on one ORB at one size: each mode's median response time per round, µs
 * ({@code none}, {@code off}, {@code on}: see the tracing worker).
 */
public record TracingResult(OrbImplementation orb, SizePoint size, Map<String, double[]> roundMediansUs) {

    /** The mode's median over rounds of the round medians, µs. */
    public double medianUs(String mode) {
        return Estimate.ofRounds(roundMediansUs.get(mode)).median();
    }

    /** The mode's response time over the adapter without tracing and metrics ({@code none}), round by round. */
    public Estimate overNone(String mode) {
        return Estimate.ofRounds(Ratio.roundByRound(roundMediansUs.get(mode), roundMediansUs.get("none")));
    }
}
