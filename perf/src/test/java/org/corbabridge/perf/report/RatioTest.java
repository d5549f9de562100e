package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.PayloadPlan;
import org.junit.jupiter.api.Test;

class RatioTest {

    private static final Series CC = new Series(Caller.CC, OrbImplementation.JACORB, InvocationMode.STATIC);
    private static final Series ASIO = new Series(Caller.ASIO, OrbImplementation.JACORB, InvocationMode.STATIC);
    private static final SizePoint SIZE = SizePoint.ofBudget(100 * 1024);

    @Test
    void theMedianOfThePerRoundRatiosWithTheirIntervalAndRange() {
        StudyResults results = results(new double[] {100, 120, 80}, new double[] {50, 40, 40});
        Ratio ratio = Ratio.of(results, CC, ASIO, SIZE).orElseThrow();
        assertThat(ratio.value()).isCloseTo(2.0, within(1e-9));
        assertThat(ratio.estimate().low()).isCloseTo(2.0, within(1e-9));
        assertThat(ratio.estimate().high()).isCloseTo(3.0, within(1e-9));
        assertThat(ratio.roundMin()).isCloseTo(2.0, within(1e-9));
        assertThat(ratio.roundMax()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void aSeriesThatWasNotMeasuredGivesNoRatio() {
        StudyResults results = results(new double[] {1}, new double[] {1});
        assertThat(Ratio.of(results, CC, Series.rawFloor(), SIZE)).isEmpty();
    }

    @Test
    void paperLikeNumbersGiveThePapersRatios() {
        StudyResults results = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        Series asro = new Series(Caller.ASRO, OrbImplementation.ECLIPSE_ORB, InvocationMode.DYNAMIC);
        Series cc = new Series(Caller.CC, OrbImplementation.ECLIPSE_ORB, InvocationMode.DYNAMIC);
        assertThat(Ratio.of(results, asro, cc, SIZE).orElseThrow().value()).isCloseTo(1.8, within(1e-9));
    }

    private static StudyResults results(double[] ccRounds, double[] asioRounds) {
        PointResult cc = new PointResult(CC, SIZE, 10, 100, 0, 0, 0, 0, 0, ccRounds);
        PointResult asio = new PointResult(ASIO, SIZE, 10, 45, 0, 0, 0, 0, 0, asioRounds);
        return new StudyResults(PayloadPlan.quick(), Map.of(), Map.of(), List.of(cc, asio), 1);
    }
}
