package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemainingTimeTest {

    @Test
    void beforeAnythingHasRunThereIsNoEstimateAndTheLineSaysSo() {
        RemainingTime remaining = new RemainingTime();

        assertThat(remaining.secondsFor(List.of("a", "b"))).isNegative();
        assertThat(RemainingTime.left(remaining.secondsFor(List.of("a")))).isEqualTo("time left not known yet");
    }

    @Test
    void eachUnitCountsAtWhatItTookLastAndAnUnseenOneAtTheMeanSoFar() {
        RemainingTime remaining = new RemainingTime();
        remaining.took("small", 1_000_000_000L);
        remaining.took("large", 5_000_000_000L);
        remaining.took("small", 2_000_000_000L);

        // small: its last time (2 s); large: 5 s; never run: the mean of the three runs (8 s / 3)
        assertThat(remaining.secondsFor(List.of("small", "large", "new"))).isCloseTo(2 + 5 + 8.0 / 3, within(1e-9));
        assertThat(remaining.secondsFor(List.of())).isZero();
    }

    @Test
    void theLineGivesMinutesAndSeconds() {
        assertThat(RemainingTime.left(185.4)).isEqualTo("about 3m05s left");
        assertThat(RemainingTime.minutes(59.6)).isEqualTo("1m00s");
    }
}
