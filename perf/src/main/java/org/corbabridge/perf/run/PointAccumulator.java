package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.report.CallbackResult;
import org.corbabridge.perf.report.PointResult;

/**
 * The timings of one series at one size, gathered batch by batch over the rounds: a payload
 * point, or a call-back series at one photo size (whose timings are the server's of each call
 * back, with no separate server time: zeros).
 */
final class PointAccumulator {

    /** 1 ns to 2 minutes at 3 significant digits. */
    private static final long HIGHEST_NANOS = 120_000_000_000L;

    private final Histogram response = newHistogram();
    private final Histogram communication = newHistogram();
    private final Histogram server = newHistogram();
    private final List<Double> roundMediansUs = new ArrayList<>();

    void addBatch(long[] responseNanos, long[] serverNanos) {
        Histogram batch = newHistogram();
        for (int i = 0; i < responseNanos.length; i++) {
            long total = clamp(responseNanos[i]);
            response.recordValue(total);
            batch.recordValue(total);
            server.recordValue(clamp(serverNanos[i]));
            communication.recordValue(clamp(responseNanos[i] - serverNanos[i]));
        }
        roundMediansUs.add(batch.getValueAtPercentile(50) / 1000.0);
    }

    PointResult result(Series series, SizePoint size) {
        return new PointResult(series, size, response.getTotalCount(), us(response.getValueAtPercentile(50)),
                us(response.getValueAtPercentile(90)), us(response.getValueAtPercentile(99)),
                us(response.getMaxValue()), us(communication.getValueAtPercentile(50)),
                us(server.getValueAtPercentile(50)),
                roundMediansUs.stream().mapToDouble(Double::doubleValue).toArray(), us(response.getValueAtPercentile(10)));
    }

    /** The call-back part's view of the same timings: the distribution and each round's median. */
    CallbackResult callbackResult(OrbImplementation orb, String servant, int photoBytes) {
        return new CallbackResult(orb, servant, photoBytes, response.getTotalCount(),
                us(response.getValueAtPercentile(10)), us(response.getValueAtPercentile(50)), us(response.getValueAtPercentile(90)),
                us(response.getValueAtPercentile(99)), us(response.getMaxValue()),
                roundMediansUs.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_NANOS, 3);
    }

    private static long clamp(long nanos) {
        return Math.max(1, Math.min(HIGHEST_NANOS, nanos));
    }

    private static double us(long nanos) {
        return nanos / 1000.0;
    }
}
