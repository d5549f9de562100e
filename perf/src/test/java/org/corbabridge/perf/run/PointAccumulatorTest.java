package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.report.PointResult;
import org.junit.jupiter.api.Test;

class PointAccumulatorTest {

    private static final Series SERIES = new Series(Caller.CC, OrbImplementation.JACORB, InvocationMode.STATIC);
    private static final SizePoint SIZE = SizePoint.ofBudget(1024);

    @Test
    void percentilesCommunicationAndServerTimeComeFromEveryCallOfEveryRound() {
        PointAccumulator point = new PointAccumulator();
        point.addBatch(micros(1, 50), constant(50, 10_000));
        point.addBatch(micros(51, 100), constant(50, 10_000));

        PointResult result = point.result(SERIES, SIZE);

        assertThat(result.calls()).isEqualTo(100);
        assertThat(result.medianUs()).isCloseTo(50, within(0.1));
        assertThat(result.p90Us()).isCloseTo(90, within(0.1));
        assertThat(result.p99Us()).isCloseTo(99, within(0.1));
        assertThat(result.maxUs()).isCloseTo(100, within(0.1));
        assertThat(result.serverMedianUs()).isCloseTo(10, within(0.01));
        assertThat(result.communicationMedianUs()).isCloseTo(40, within(0.1));
    }

    @Test
    void eachRoundKeepsItsOwnMedianForTheSpread() {
        PointAccumulator point = new PointAccumulator();
        point.addBatch(micros(1, 9), constant(9, 0));
        point.addBatch(micros(101, 109), constant(9, 0));

        PointResult result = point.result(SERIES, SIZE);

        // HdrHistogram at 3 significant digits reads a value back as its bucket's highest equivalent
        assertThat(result.roundMediansUs()).hasSize(2);
        assertThat(result.roundMediansUs()[0]).isCloseTo(5.0, within(0.01));
        assertThat(result.roundMediansUs()[1]).isCloseTo(105.0, within(0.1));
        assertThat(result.roundMedianMinUs()).isEqualTo(result.roundMediansUs()[0]);
        assertThat(result.roundMedianMaxUs()).isEqualTo(result.roundMediansUs()[1]);
    }

    @Test
    void aServerTimeAboveTheResponseTimeCannotMakeCommunicationNegative() {
        PointAccumulator point = new PointAccumulator();
        point.addBatch(new long[] {5_000}, new long[] {9_000});
        assertThat(point.result(SERIES, SIZE).communicationMedianUs()).isPositive();
    }

    /** Response times from..to microseconds, one call each. */
    private static long[] micros(int from, int to) {
        long[] values = new long[to - from + 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = (from + i) * 1000L;
        }
        return values;
    }

    private static long[] constant(int count, long nanos) {
        long[] values = new long[count];
        Arrays.fill(values, nanos);
        return values;
    }
}
