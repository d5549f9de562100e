package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private static final RetryPolicy DEFAULTS = RetryPolicy.ofDefaults();

    @Test
    void aRequestThatWasNotSentIsAlwaysSafeToRetry() {
        assertThat(DEFAULTS.allowsRetry(unavailable(Completion.NO), false)).isTrue();
        assertThat(DEFAULTS.allowsRetry(new NameNotBoundException("x"), false)).isTrue();
        assertThat(DEFAULTS.allowsRetry(new NameServiceUnavailableException("x"), false)).isTrue();
    }

    @Test
    void aRequestThatMayHaveRunIsRetriedOnlyWhenIdempotentAndAllowed() {
        assertThat(DEFAULTS.allowsRetry(unavailable(Completion.MAYBE), false)).isFalse();
        assertThat(DEFAULTS.allowsRetry(unavailable(Completion.MAYBE), true)).isTrue();
        RetryPolicy strict = RetryPolicy.builder().retriesIdempotentCalls(false).build();
        assertThat(strict.allowsRetry(unavailable(Completion.MAYBE), true)).isFalse();
        assertThat(strict.allowsRetry(unavailable(Completion.NO), true)).isTrue();
    }

    @Test
    void timeoutsRefusalsAndOtherFailuresAreNeverRetried() {
        assertThat(DEFAULTS.allowsRetry(new CallTimeoutException("x", Completion.NO, null), true)).isFalse();
        assertThat(DEFAULTS.allowsRetry(new RemoteCallException("x", Completion.NO, null), true)).isFalse();
        assertThat(DEFAULTS.allowsRetry(new WrongObjectTypeException("x"), true)).isFalse();
        assertThat(DEFAULTS.allowsRetry(new AdapterClosedException("x"), true)).isFalse();
    }

    @Test
    void backoffDoublesFromTheFirstRetryUpToItsCap() {
        RetryPolicy policy = RetryPolicy.builder()
                .backoff(Duration.ofMillis(100), 2.0, Duration.ofMillis(350))
                .build();
        assertThat(policy.backoffBefore(2)).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.backoffBefore(3)).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.backoffBefore(4)).isEqualTo(Duration.ofMillis(350));
    }

    @Test
    void nonsenseSettingsAreRefused() {
        assertThatThrownBy(() -> RetryPolicy.builder().maxAttempts(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RetryPolicy.builder().backoff(Duration.ofSeconds(2), 2, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RetryPolicy.builder().backoff(Duration.ZERO, 0.5, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(RetryPolicy.none().maxAttempts()).isEqualTo(1);
    }

    private static ServerUnavailableException unavailable(Completion completion) {
        return new ServerUnavailableException("x", completion, null);
    }
}
