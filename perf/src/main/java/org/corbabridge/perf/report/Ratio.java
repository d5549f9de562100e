package org.corbabridge.perf.report;

import java.util.Optional;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * The ratio of two series' median response times at one size, with the spread of the same
 * ratio taken round by round (both series were measured in every round).
 */
public record Ratio(Series numerator, Series denominator, SizePoint size, double value, double roundMin,
        double roundMax) {

    public static Optional<Ratio> of(StudyResults results, Series numerator, Series denominator, SizePoint size) {
        Optional<PointResult> top = results.point(numerator, size);
        Optional<PointResult> bottom = results.point(denominator, size);
        if (top.isEmpty() || bottom.isEmpty() || bottom.get().medianUs() <= 0) {
            return Optional.empty();
        }
        double[] tops = top.get().roundMediansUs();
        double[] bottoms = bottom.get().roundMediansUs();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int i = 0; i < Math.min(tops.length, bottoms.length); i++) {
            double perRound = tops[i] / bottoms[i];
            min = Math.min(min, perRound);
            max = Math.max(max, perRound);
        }
        if (max == 0) {
            min = max = top.get().medianUs() / bottom.get().medianUs();
        }
        return Optional.of(new Ratio(numerator, denominator, size, top.get().medianUs() / bottom.get().medianUs(), min,
                max));
    }
}
