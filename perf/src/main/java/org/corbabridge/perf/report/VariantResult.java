package org.corbabridge.perf.report;

import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.SizePoint;

/**
 * Variants of one call on one ORB at one size, measured in turns: each variant's (mode's) median
 * response time per round, µs. The tracing part's modes are {@code none}, {@code off} and
 * {@code on} (see the tracing worker); the settings part's are the ORB settings tried.
 *
 * @param failures the modes that failed their first call, and their error: not measured
 */
public record VariantResult(OrbImplementation orb, SizePoint size, Map<String, double[]> roundMediansUs,
        Map<String, String> failures) {

    public VariantResult(OrbImplementation orb, SizePoint size, Map<String, double[]> roundMediansUs) {
        this(orb, size, roundMediansUs, Map.of());
    }

    /** Whether the mode failed its first call, so that it was not measured. */
    public boolean failed(String mode) {
        return failures.containsKey(mode);
    }

    /** Whether both the mode and its baseline were measured, so that one can be set against the other. */
    public boolean comparable(String mode, String baseline) {
        return !failed(mode) && !failed(baseline);
    }

    /** The mode over the {@code baseline} as a table shows it: the estimate, or that one of them failed, and how. */
    public String overText(String mode, String baseline) {
        if (!comparable(mode, baseline)) {
            return "fails: " + failures.getOrDefault(mode, failures.get(baseline));
        }
        return over(mode, baseline).text();
    }

    /** The mode's median as a table shows it, µs: "–" when it failed. */
    public String medianText(String mode) {
        return failed(mode) ? "–" : Format.figure(medianUs(mode));
    }

    /** The mode's median over rounds of the round medians, µs. */
    public double medianUs(String mode) {
        return Estimate.ofRounds(roundMediansUs.get(mode)).median();
    }

    /** The mode's response time over the {@code baseline} mode's, round by round. */
    public Estimate over(String mode, String baseline) {
        return Estimate.ofRounds(Ratio.roundByRound(roundMediansUs.get(mode), roundMediansUs.get(baseline)));
    }
}
