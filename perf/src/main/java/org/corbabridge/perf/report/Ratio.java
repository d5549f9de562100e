package org.corbabridge.perf.report;

import java.util.Arrays;
import java.util.Optional;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * The ratio of two series' response times at one size, taken round by round (both series were
 * measured in every round, interleaved): the median of the per-round ratios with its 95% bootstrap
 * interval, and the range of the per-round ratios.
 */
public record Ratio(Series numerator, Series denominator, SizePoint size, Estimate estimate, double roundMin,
        double roundMax) {

    public static Optional<Ratio> of(StudyResults results, Series numerator, Series denominator, SizePoint size) {
        return between(results.point(numerator, size), results.point(denominator, size), numerator, denominator, size);
    }

    /**
     * One series' response time in {@code over} against the same series' in {@code under} (the
     * payload part over the network path against loopback), round by round in the order the rounds
     * ran: the two parts ran one after the other, so the ratio carries what changed between them.
     */
    public static Optional<Ratio> across(StudyResults over, StudyResults under, Series series, SizePoint size) {
        return between(over.point(series, size), under.point(series, size), series, series, size);
    }

    private static Optional<Ratio> between(Optional<PointResult> top, Optional<PointResult> bottom, Series numerator,
            Series denominator, SizePoint size) {
        if (top.isEmpty() || bottom.isEmpty() || bottom.get().medianUs() <= 0) {
            return Optional.empty();
        }
        double[] perRound = perRound(top.get(), bottom.get());
        if (perRound.length == 0) {
            double overall = top.get().medianUs() / bottom.get().medianUs();
            return Optional.of(new Ratio(numerator, denominator, size, Estimate.ofRounds(new double[] {overall}),
                    overall, overall));
        }
        double min = Arrays.stream(perRound).min().orElseThrow();
        double max = Arrays.stream(perRound).max().orElseThrow();
        return Optional.of(new Ratio(numerator, denominator, size, Estimate.ofRounds(perRound), min, max));
    }

    /** The median of the per-round ratios. */
    public double value() {
        return estimate.median();
    }

    /**
     * Each round's ratio of the two series' medians, for the rounds both were measured in. A series
     * measured once, outside the rounds (an uninterrupted loop), is set against every round of the other.
     */
    static double[] perRound(PointResult top, PointResult bottom) {
        double[] tops = top.roundMediansUs();
        double[] bottoms = bottom.roundMediansUs();
        if (tops.length == 1 && bottoms.length > 1) {
            double once = tops[0];
            tops = new double[bottoms.length];
            Arrays.fill(tops, once);
        }
        return roundByRound(tops, bottoms);
    }

    /** {@code tops[i] / bottoms[i]} for each round both have, rounds without a positive bottom left out. */
    static double[] roundByRound(double[] tops, double[] bottoms) {
        int rounds = Math.min(tops.length, bottoms.length);
        double[] ratios = new double[rounds];
        int n = 0;
        for (int i = 0; i < rounds; i++) {
            if (bottoms[i] > 0) {
                ratios[n++] = tops[i] / bottoms[i];
            }
        }
        return Arrays.copyOf(ratios, n);
    }
}
