package org.corbabridge.perf.report;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * A ratio estimated from rounds: the median of the per-round values, and a 95% percentile-bootstrap
 * interval of that median (rounds resampled with replacement). A statement about the ratio ("no
 * difference", "within the goal") is made only when the whole interval supports it.
 *
 * @param median the median of the per-round values
 * @param low the 2.5th percentile of the bootstrapped medians
 * @param high the 97.5th percentile
 * @param rounds how many rounds it rests on
 */
public record Estimate(double median, double low, double high, int rounds) {

    /** Enough for stable 2.5% and 97.5% percentiles; the seed makes a report reproducible from its data. */
    static final int RESAMPLES = 10_000;
    private static final long SEED = 20_261_130L;

    /** @throws IllegalArgumentException no rounds */
    public static Estimate ofRounds(double[] perRound) {
        if (perRound.length == 0) {
            throw new IllegalArgumentException("an estimate needs at least one round");
        }
        double median = new Median().evaluate(perRound);
        if (perRound.length == 1) {
            return new Estimate(median, median, median, 1);
        }
        RandomGenerator random = new Well19937c(SEED);
        Median resampledMedian = new Median();
        double[] resample = new double[perRound.length];
        double[] medians = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < resample.length; i++) {
                resample[i] = perRound[random.nextInt(perRound.length)];
            }
            medians[b] = resampledMedian.evaluate(resample);
        }
        Arrays.sort(medians);
        Percentile percentile = new Percentile();
        percentile.setData(medians);
        return new Estimate(median, percentile.evaluate(2.5), percentile.evaluate(97.5), perRound.length);
    }

    /** Whether the interval lies wholly at or below {@code goal}. */
    public boolean within(double goal) {
        return high <= goal;
    }

    /** Whether the interval lies wholly above {@code goal}. */
    public boolean beyond(double goal) {
        return low > goal;
    }

    /** Whether the interval holds 1: the data show no difference. */
    public boolean includesOne() {
        return low <= 1 && 1 <= high;
    }

    /** "1.04 [1.01–1.08]". */
    public String text() {
        return String.format(Locale.ROOT, "%.2f [%.2f–%.2f]", median, low, high);
    }

    /**
     * What the interval says of {@code subject} (such as "the container's call path") against the
     * thing it is compared with: faster, slower (by how much at least), or no difference; never
     * more than the interval supports.
     */
    public String verdict(String subject) {
        String capital = Character.toUpperCase(subject.charAt(0)) + subject.substring(1);
        if (rounds < 3) {
            return String.format(Locale.ROOT, "%s: %d rounds are too few to say.", capital, rounds);
        }
        if (high < 1) {
            return String.format(Locale.ROOT, "%s is faster: it saves %.0f%% per call (95%% interval %.0f–%.0f%%).",
                    capital, (1 - median) * 100, (1 - high) * 100, (1 - low) * 100);
        }
        if (low > 1) {
            return String.format(Locale.ROOT, "%s adds %.0f%% per call (95%% interval %.0f–%.0f%%).", capital,
                    (median - 1) * 100, (low - 1) * 100, (high - 1) * 100);
        }
        return String.format(Locale.ROOT, "%s: no difference the rounds can show (95%% interval %.2f–%.2f).",
                capital, low, high);
    }
}
