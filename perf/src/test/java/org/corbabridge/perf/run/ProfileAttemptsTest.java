package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ProfileAttemptsTest {

    private final List<String> progress = new ArrayList<>();

    @Test
    void aProfileThatSucceedsIsTakenAtTheFirstTry() {
        AtomicInteger tries = new AtomicInteger();

        assertThat(ProfileAttempts.attempt("x", 2, () -> "profile " + tries.incrementAndGet(), progress::add))
                .contains("profile 1");
        assertThat(progress).isEmpty();
    }

    @Test
    void aProfiledJvmThatCrashesIsTriedAgainAndItsSecondProfileTaken() {
        AtomicInteger tries = new AtomicInteger();

        assertThat(ProfileAttempts.attempt("the start-up of JacORB", 2, () -> {
            if (tries.incrementAndGet() == 1) {
                throw new IllegalStateException("the probe worker exited before it answered set-up (exit code 134)");
            }
            return "profile " + tries.get();
        }, progress::add)).contains("profile 2");
        assertThat(progress).singleElement().asString()
                .contains("the start-up of JacORB", "exit code 134", "trying it again");
    }

    @Test
    void aProfileThatFailsEveryTryIsLeftOutWithItsReasonAndNothingThrown() {
        AtomicInteger tries = new AtomicInteger();

        assertThat(ProfileAttempts.attempt("CC JacORB 300 KB", 2, () -> {
            tries.incrementAndGet();
            throw new UncheckedIOException(new IOException("the profile x.collapsed is missing"));
        }, progress::add)).isEmpty();
        assertThat(tries).hasValue(2);
        assertThat(progress).last().asString().contains("CC JacORB 300 KB", "left out", "x.collapsed is missing");
    }

    @Test
    void aFailureThatIsNotAFailedProfileIsNotSwallowed() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ProfileAttempts.attempt("x", 2, () -> {
            throw new IllegalArgumentException("a bug of the study's own");
        }, progress::add)).isInstanceOf(IllegalArgumentException.class);
    }
}
