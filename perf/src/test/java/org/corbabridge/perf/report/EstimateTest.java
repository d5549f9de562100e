package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void theIntervalHoldsTheMedianAndWidensWithTheSpread() {
        Estimate tight = Estimate.ofRounds(new double[] {1.00, 1.01, 0.99, 1.00, 1.02, 0.98, 1.01, 0.99});
        Estimate wide = Estimate.ofRounds(new double[] {0.60, 1.40, 0.90, 1.10, 1.90, 0.40, 1.00, 1.00});

        assertThat(tight.median()).isCloseTo(1.0, within(1e-9));
        assertThat(tight.low()).isLessThanOrEqualTo(tight.median());
        assertThat(tight.high()).isGreaterThanOrEqualTo(tight.median());
        assertThat(wide.high() - wide.low()).isGreaterThan(5 * (tight.high() - tight.low()));
        assertThat(tight.includesOne()).isTrue();
    }

    @Test
    void aClearDifferenceIsCalledOneAndNoDifferenceIsNotCalledADifference() {
        Estimate slower = Estimate.ofRounds(new double[] {1.10, 1.12, 1.09, 1.11, 1.13, 1.10, 1.12, 1.11});
        Estimate noisy = Estimate.ofRounds(new double[] {0.80, 1.30, 0.95, 1.15, 1.02, 0.90, 1.20, 0.85});

        assertThat(slower.beyond(1)).isTrue();
        assertThat(slower.verdict("the container's call path")).startsWith("The container's call path adds 11%");
        assertThat(noisy.includesOne()).isTrue();
        assertThat(noisy.verdict("the call path")).contains("no difference");
        assertThat(Estimate.ofRounds(new double[] {0.80, 0.82, 0.79, 0.81, 0.80, 0.83, 0.78, 0.80})
                .verdict("the call path")).contains("is faster", "saves 20%");
    }

    @Test
    void theSameRoundsAlwaysGiveTheSameInterval() {
        double[] rounds = {0.9, 1.2, 1.0, 1.1, 0.95, 1.05, 1.3, 0.85};
        assertThat(Estimate.ofRounds(rounds)).isEqualTo(Estimate.ofRounds(rounds));
    }

    @Test
    void fewRoundsAreNotEnoughForAVerdict() {
        assertThat(Estimate.ofRounds(new double[] {1.5, 1.6}).verdict("the call path")).contains("too few");
        assertThat(Estimate.ofRounds(new double[] {1.5})).isEqualTo(new Estimate(1.5, 1.5, 1.5, 1));
    }
}
