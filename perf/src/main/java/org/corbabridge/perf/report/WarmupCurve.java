package org.corbabridge.perf.report;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * A JIT warm-up curve: the times of consecutive calls from a cold start. The warm median is the
 * median of the last fifth of the calls; the calls to warm are how many calls were made before
 * a window of {@link #WINDOW} consecutive calls first had a median within 10% of it (a single
 * call is too noisy to say).
 */
public record WarmupCurve(double[] callMicros, double warmMedianMicros, int callsToWarm) {

    public static final int WINDOW = 50;
    public static final double WARM_FACTOR = 1.10;

    public static WarmupCurve of(double[] callMicros) {
        if (callMicros.length < 2 * WINDOW) {
            return new WarmupCurve(callMicros, Double.NaN, -1);
        }
        double warm = median(Arrays.copyOfRange(callMicros, callMicros.length - callMicros.length / 5,
                callMicros.length));
        for (int start = 0; start + WINDOW <= callMicros.length; start++) {
            if (median(Arrays.copyOfRange(callMicros, start, start + WINDOW)) <= WARM_FACTOR * warm) {
                return new WarmupCurve(callMicros, warm, start);
            }
        }
        return new WarmupCurve(callMicros, warm, callMicros.length);
    }

    /**
     * Median of the values, in any order: the middle one, or the mean of the two middle ones; NaN if
     * there are none. R_2, not commons-math's default LEGACY estimation: for an even count LEGACY
     * interpolates {@code a + 0.5 * (b - a)}, which differs from {@code (a + b) / 2} in the last bit
     * for some values, and R_2 computes {@code (a + b) / 2}, as this method did by hand before (the
     * same bits for every finite input; the times here are finite, NaN and infinities never reach it).
     */
    static double median(double[] values) {
        return new Median().withEstimationType(EstimationType.R_2).evaluate(values);
    }

    /** Rolling medians of {@link #WINDOW} calls, one per window, for a chart. */
    public double[] windowMedians() {
        int windows = callMicros.length / WINDOW;
        double[] medians = new double[windows];
        for (int w = 0; w < windows; w++) {
            medians[w] = median(Arrays.copyOfRange(callMicros, w * WINDOW, (w + 1) * WINDOW));
        }
        return medians;
    }
}
