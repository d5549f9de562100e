package org.corbabridge.perf.report;

import java.util.Arrays;

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
        double[] tail = Arrays.copyOfRange(callMicros, callMicros.length - callMicros.length / 5, callMicros.length);
        Arrays.sort(tail);
        double warm = median(tail);
        for (int start = 0; start + WINDOW <= callMicros.length; start++) {
            double[] window = Arrays.copyOfRange(callMicros, start, start + WINDOW);
            Arrays.sort(window);
            if (median(window) <= WARM_FACTOR * warm) {
                return new WarmupCurve(callMicros, warm, start);
            }
        }
        return new WarmupCurve(callMicros, warm, callMicros.length);
    }

    /** Median of sorted values; NaN if there are none. */
    static double median(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Rolling medians of {@link #WINDOW} calls, one per window, for a chart. */
    public double[] windowMedians() {
        int windows = callMicros.length / WINDOW;
        double[] medians = new double[windows];
        for (int w = 0; w < windows; w++) {
            double[] window = Arrays.copyOfRange(callMicros, w * WINDOW, (w + 1) * WINDOW);
            Arrays.sort(window);
            medians[w] = median(window);
        }
        return medians;
    }
}
