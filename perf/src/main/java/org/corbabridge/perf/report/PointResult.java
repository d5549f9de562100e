package org.corbabridge.perf.report;

import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * One series at one size: the distribution of every timed call of every round, and each
 * round's median (its spread shows drift and noise). Times in microseconds. Communication
 * time is response time less the server's own time, call by call.
 *
 * @param p10Us the 10th percentile: with the median and the 90th, what shows a distribution of two
 *     modes (a floor that is sometimes a few µs and sometimes tens)
 */
public record PointResult(Series series, SizePoint size, long calls, double medianUs, double p90Us, double p99Us,
        double maxUs, double communicationMedianUs, double serverMedianUs, double[] roundMediansUs, double p10Us) {

    /** A point whose 10th percentile was not recorded (made-up results). */
    public PointResult(Series series, SizePoint size, long calls, double medianUs, double p90Us, double p99Us,
            double maxUs, double communicationMedianUs, double serverMedianUs, double[] roundMediansUs) {
        this(series, size, calls, medianUs, p90Us, p99Us, maxUs, communicationMedianUs, serverMedianUs, roundMediansUs,
                Double.NaN);
    }

    /**
     * Whether the calls fell into two modes far apart rather than one: the 90th percentile more than
     * twice the 10th. A ratio over such a point depends on which mode its median landed in.
     */
    public boolean bimodal() {
        return p10Us > 0 && p90Us > 2 * p10Us;
    }

    public double roundMedianMinUs() {
        double min = Double.MAX_VALUE;
        for (double value : roundMediansUs) {
            min = Math.min(min, value);
        }
        return min;
    }

    public double roundMedianMaxUs() {
        double max = 0;
        for (double value : roundMediansUs) {
            max = Math.max(max, value);
        }
        return max;
    }
}
