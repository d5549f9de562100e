package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class RetryPolicyTest {

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
}
