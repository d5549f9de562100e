package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.report.CallbackResult;
import org.corbabridge.perf.worker.CallbackWorker;
import org.junit.jupiter.api.Test;

/** The call-back part's plan and measuring order, and how a batch's server timings become a result: on fixed numbers. */
class CallbackPlanTest {

    private static final long MS = 1_000_000;

    @Test
    void theQuickPlanIsAFewCallBacksAtTwoSizesAndTheStandardOneGoesFromAnEmptyPhotoTo1Mb() {
        CallbackPlan quick = CallbackPlan.quick();
        assertThat(quick.photoBytes()).containsExactly(0, 100 * 1024);
        // the CI's quick pass: seconds, whatever the sizes
        long quickCallBacks = (long) quick.rounds() * quick.photoBytes().stream().mapToInt(quick::callsPerBatch).sum()
                * CallbackRunner.series().size();
        assertThat(quickCallBacks).isLessThan(500);
        assertThat(CallbackPlan.standard().photoBytes()).containsExactly(0, 1024, 100 * 1024, 1024 * 1024);
        assertThat(CallbackPlan.standard().rounds()).as("enough rounds for a bootstrap interval").isGreaterThanOrEqualTo(5);
        assertThat(CallbackPlan.full().rounds()).isGreaterThan(CallbackPlan.standard().rounds());
    }

    @Test
    void largerPhotosGetFewerCallBacksPerBatchAndTheirOwnWarmUp() {
        CallbackPlan plan = new CallbackPlan("test", 5, List.of(0, 1024, 100 * 1024, 1024 * 1024), 200, 2000);
        assertThat(plan.callsPerBatch(0)).isEqualTo(200);
        assertThat(plan.callsPerBatch(1024)).isEqualTo(200);
        assertThat(plan.callsPerBatch(100 * 1024)).isEqualTo(100);
        assertThat(plan.callsPerBatch(1024 * 1024)).isEqualTo(40);
        assertThat(new CallbackPlan("few", 2, List.of(1024 * 1024), 10, 100).callsPerBatch(1024 * 1024))
                .as("never fewer than 5").isEqualTo(5);
        assertThat(plan.warmupCallsAt(0)).isEqualTo(2000);
        assertThat(plan.warmupCallsAt(1024 * 1024)).isEqualTo(100);
        assertThat(plan.nativeWarmup(0)).isEqualTo(40);
        assertThat(plan.nativeWarmup(1024 * 1024)).isEqualTo(20);
    }

    @Test
    void sizesAreLabelledAsTheReportWritesThem() {
        assertThat(CallbackPlan.label(0)).isEqualTo("0 B");
        assertThat(CallbackPlan.label(1024)).isEqualTo("1 KB");
        assertThat(CallbackPlan.label(100 * 1024)).isEqualTo("100 KB");
        assertThat(CallbackPlan.label(1024 * 1024)).isEqualTo("1 MB");
        assertThat(CallbackPlan.label(1536)).isEqualTo("1.5 KB");
    }

    @Test
    void everySeriesIsEveryJavaListenerOnEveryOrbAndTheNativeFloorLast() {
        List<CallbackRunner.Key> series = CallbackRunner.series();
        assertThat(series).hasSize(OrbImplementation.values().length * CallbackWorker.SERVANTS.size() + 1);
        assertThat(series.get(series.size() - 1).isNative()).isTrue();
        assertThat(series.subList(0, series.size() - 1)).noneMatch(CallbackRunner.Key::isNative);
    }

    @Test
    void eachRoundMeasuresEverySeriesAtEverySizeOnceInAnOrderRotatedRoundByRound() {
        List<String> series = List.of("a", "b", "c");
        List<Integer> sizes = List.of(0, 1, 2, 3);
        List<CallbackRunner.Batch<String>> order = CallbackRunner.order(series, sizes, 3);

        assertThat(order).hasSize(3 * series.size() * sizes.size());
        for (int round = 0; round < 3; round++) {
            int r = round;
            List<CallbackRunner.Batch<String>> inRound = order.stream().filter(b -> b.round() == r).toList();
            Set<String> points = new HashSet<>();
            inRound.forEach(b -> points.add(b.series() + b.photoBytes()));
            assertThat(points).as("round %d", round).hasSize(series.size() * sizes.size());
            // the series and, within each, the sizes start one further on each round
            assertThat(inRound.get(0).series()).isEqualTo(series.get(round));
            assertThat(inRound.get(0).photoBytes()).isEqualTo(sizes.get(round));
        }
        // the rounds follow one another: no batch of a later round before one of an earlier round
        List<Integer> rounds = new ArrayList<>(order.stream().map(CallbackRunner.Batch::round).toList());
        assertThat(rounds).isSorted();
    }

    @Test
    void theServersTimingsOfEachBatchBecomeTheDistributionAndOneMedianPerRound() {
        PointAccumulator samples = new PointAccumulator();
        // round 1: 1, 2, 3, 4, 5 ms; round 2: 2, 4, 6, 8, 10 ms; no server time of its own (zeros)
        samples.addBatch(new long[] {3 * MS, 1 * MS, 5 * MS, 2 * MS, 4 * MS}, new long[5]);
        samples.addBatch(new long[] {10 * MS, 2 * MS, 8 * MS, 4 * MS, 6 * MS}, new long[5]);

        CallbackResult result = samples.callbackResult(OrbImplementation.JACORB, CallbackWorker.TYPED, 1024);

        assertThat(result.calls()).isEqualTo(10);
        assertThat(result.roundMediansUs()).containsExactly(new double[] {3000, 6000}, within(3000 * 0.002));
        // ten values 1, 2, 2, 3, 4, 4, 5, 6, 8, 10 ms: HdrHistogram at 3 digits
        assertThat(result.medianUs()).isCloseTo(4000, within(4000 * 0.002));
        assertThat(result.p90Us()).isCloseTo(8000, within(8000 * 0.002));
        assertThat(result.p10Us()).isCloseTo(1000, within(1000 * 0.002));
        assertThat(result.maxUs()).isCloseTo(10000, within(10000 * 0.002));
        assertThat(result.failed()).isFalse();
        assertThat(result.label()).isEqualTo("JacORB, typed");
    }
}
