package org.corbabridge.perf.report;

import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * One series at one size: the distribution of every timed call of every round, and each
 * round's median (its spread shows drift and noise). Times in microseconds. Communication
 * time is response time less the server's own time, call by call.
 */
public record PointResult(Series series, SizePoint size, long calls, double medianUs, double p90Us, double p99Us,
        double maxUs, double communicationMedianUs, double serverMedianUs, double[] roundMediansUs) {

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
