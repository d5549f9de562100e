package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WarmupCurveTest {

    @Test
    void callsToWarmCountsTheCallsBeforeTheFirstWindowWithinTenPercentOfTheWarmMedian() {
        double[] calls = new double[1000];
        for (int i = 0; i < calls.length; i++) {
            // cold calls at 1 ms falling to a steady 100 µs after 300 calls
            calls[i] = i < 300 ? 1000 - 3 * i : 100;
        }

        WarmupCurve curve = WarmupCurve.of(calls);

        assertThat(curve.warmMedianMicros()).isEqualTo(100);
        // the first window of 50 whose median is at most 110 µs starts where over half its calls are warm
        assertThat(curve.callsToWarm()).isBetween(270, 300);
    }

    @Test
    void oneLuckyFastCallDoesNotCountAsWarm() {
        double[] calls = new double[1000];
        Arrays.fill(calls, 0, 500, 1000);
        Arrays.fill(calls, 500, 1000, 100);
        calls[3] = 90;

        assertThat(WarmupCurve.of(calls).callsToWarm()).isGreaterThan(450);
    }

    @Test
    void alreadyWarmIsZeroCalls() {
        double[] calls = new double[200];
        Arrays.fill(calls, 100);

        assertThat(WarmupCurve.of(calls).callsToWarm()).isZero();
        assertThat(WarmupCurve.of(calls).windowMedians()).hasSize(4).containsOnly(100.0);
    }

    @Test
    void tooFewCallsGiveNoAnswer() {
        assertThat(WarmupCurve.of(new double[20]).callsToWarm()).isEqualTo(-1);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfItsTwoMiddleValuesBitForBit() {
        // (13.2 + 839.6) / 2 is 426.40000000000003; commons-math's default estimation gives 426.4
        assertThat(WarmupCurve.median(new double[] {839.6, 13.2})).isEqualTo((13.2 + 839.6) / 2);
        assertThat(WarmupCurve.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void theMedianOfAnOddCountIsItsMiddleValueAndOfNoneNaN() {
        assertThat(WarmupCurve.median(new double[] {9, 1, 5})).isEqualTo(5);
        assertThat(WarmupCurve.median(new double[] {7})).isEqualTo(7);
        assertThat(WarmupCurve.median(new double[0])).isNaN();
    }
}
