package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WarmUpTest {

    private static final long ONE_SECOND = 1_000_000_000L;

    @Test
    void aPassInWhichTheJitCompiledForAtMostFivePercentOfItsTimeIsQuiet() {
        assertThat(WarmUp.jitQuietDuring(9_000, 9_050, ONE_SECOND)).isTrue();
        assertThat(WarmUp.jitQuietDuring(9_000, 9_000, ONE_SECOND)).isTrue();
    }

    @Test
    void aPassInWhichTheJitCompiledForMoreIsNot() {
        assertThat(WarmUp.jitQuietDuring(9_000, 9_051, ONE_SECOND)).isFalse();
        // the share is of the pass's own time: 60 ms is quiet in two seconds, not in one
        assertThat(WarmUp.jitQuietDuring(9_000, 9_060, 2 * ONE_SECOND)).isTrue();
        assertThat(WarmUp.jitQuietDuring(9_000, 9_060, ONE_SECOND)).isFalse();
    }

    @Test
    void aJvmThatDoesNotSayItsCompilationTimeIsNotWaitedFor() {
        assertThat(WarmUp.jitQuietDuring(-1, -1, ONE_SECOND)).isTrue();
        assertThat(WarmUp.jitQuietDuring(5_000, -1, ONE_SECOND)).isTrue();
    }
}
