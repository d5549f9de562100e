package org.corbabridge.adapter;

import java.time.Duration;
import java.util.Objects;

/**
 * When a failed call is tried again. Only when it is safe: the ORB reported the request was
 * not sent ({@link Completion#NO}), or the operation is idempotent ({@link AdapterConfig.Builder#idempotent}:
 * none by default) and {@link #retriesIdempotentCalls()} is on. A call that
 * timed out is never tried again: the server may still be running it, and a stalled server
 * would only multiply the wait. Before trying again after the server was unreachable or forgot
 * the object, the adapter resolves the name again: the server may have restarted elsewhere.
 *
 * <p>The call time-out bounds the whole call, retries included: another attempt starts only while
 * a connection attempt and the longest back-off still fit before it, and the caller stops waiting
 * for it at the call's deadline. Defaults: 3 attempts,
 * back-off 50 ms doubling up to 1 s, idempotent calls retried.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.builder()
 *         .maxAttempts(5)
 *         .backoff(Duration.ofMillis(20), 2.0, Duration.ofMillis(500))
 *         .build();
 * AdapterConfig config = AdapterConfig.builder().retry(policy).idempotent("queryCatalog").build();
 * }</pre>
 */
public final class RetryPolicy {

    private static final RetryPolicy DEFAULTS = builder().build();
    private static final RetryPolicy NONE = builder().maxAttempts(1).build();

    private final int maxAttempts;
    private final Duration initialBackoff;
    private final double backoffMultiplier;
    private final Duration maxBackoff;
    private final boolean retriesIdempotentCalls;

    private RetryPolicy(Builder builder) {
        this.maxAttempts = builder.maxAttempts;
        this.initialBackoff = builder.initialBackoff;
        this.backoffMultiplier = builder.backoffMultiplier;
        this.maxBackoff = builder.maxBackoff;
        this.retriesIdempotentCalls = builder.retriesIdempotentCalls;
    }

    public static RetryPolicy ofDefaults() {
        return DEFAULTS;
    }

    /** One attempt: every failure reaches the caller at once. */
    public static RetryPolicy none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Attempts in all, the first included; 1 means no retry. */
    public int maxAttempts() {
        return maxAttempts;
    }

    public Duration initialBackoff() {
        return initialBackoff;
    }

    public double backoffMultiplier() {
        return backoffMultiplier;
    }

    public Duration maxBackoff() {
        return maxBackoff;
    }

    public boolean retriesIdempotentCalls() {
        return retriesIdempotentCalls;
    }

    /** The wait before attempt {@code attempt} (2 for the first retry). */
    public Duration backoffBefore(int attempt) {
        double millis = initialBackoff.toMillis() * Math.pow(backoffMultiplier, Math.max(0, attempt - 2));
        return Duration.ofMillis((long) Math.min(millis, maxBackoff.toMillis()));
    }

    @Override
    public String toString() {
        return "RetryPolicy[maxAttempts=" + maxAttempts + ", backoff " + initialBackoff.toMillis() + " ms x"
                + backoffMultiplier + " up to " + maxBackoff.toMillis() + " ms, idempotent calls "
                + (retriesIdempotentCalls ? "retried" : "not retried") + "]";
    }

    public static final class Builder {
        private int maxAttempts = 3;
        private Duration initialBackoff = Duration.ofMillis(50);
        private double backoffMultiplier = 2.0;
        private Duration maxBackoff = Duration.ofSeconds(1);
        private boolean retriesIdempotentCalls = true;

        private Builder() {
        }

        public Builder maxAttempts(int maxAttempts) {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be at least 1, not " + maxAttempts);
            }
            this.maxAttempts = maxAttempts;
            return this;
        }

        public Builder backoff(Duration initial, double multiplier, Duration max) {
            Objects.requireNonNull(initial, "initial");
            Objects.requireNonNull(max, "max");
            if (initial.isNegative() || max.compareTo(initial) < 0 || multiplier < 1.0) {
                throw new IllegalArgumentException("back-off needs 0 <= initial <= max and a multiplier >= 1, not "
                        + initial + ", " + multiplier + ", " + max);
            }
            this.initialBackoff = initial;
            this.backoffMultiplier = multiplier;
            this.maxBackoff = max;
            return this;
        }

        /** Whether idempotent calls whose completion is unknown may be retried (default yes). */
        public Builder retriesIdempotentCalls(boolean retries) {
            this.retriesIdempotentCalls = retries;
            return this;
        }

        public RetryPolicy build() {
            return new RetryPolicy(this);
        }
    }
}
