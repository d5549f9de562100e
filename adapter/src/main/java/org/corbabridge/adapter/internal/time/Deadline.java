package org.corbabridge.adapter.internal.time;

import java.time.Duration;

/**
 * The moment a call must end by: made once per call from the call time-out and a {@link Ticker},
 * and read by every layer that can wait, so that they all agree on the time left: the attempts,
 * the retry decision, the helper threads the caller stops waiting for, and the socket factories
 * through {@link CurrentAttempt} (a connect gets at most the time left; a request is not sent
 * once it has passed). Immutable.
 */
public final class Deadline {

    private final Ticker ticker;
    private final long startNanos;
    private final long endNanos;
    private final Duration timeout;

    private Deadline(Ticker ticker, long startNanos, Duration timeout) {
        this(ticker, startNanos, startNanos + timeout.toNanos(), timeout);
    }

    private Deadline(Ticker ticker, long startNanos, long endNanos, Duration timeout) {
        this.ticker = ticker;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.timeout = timeout;
    }

    /** A deadline {@code timeout} from now on {@code ticker}. */
    public static Deadline after(Duration timeout, Ticker ticker) {
        return new Deadline(ticker, ticker.nanoTime(), timeout);
    }

    /**
     * The earlier of this deadline and {@code limit} from now: one attempt's, within its call's.
     * Its {@link #timeout()} is {@code limit}.
     */
    public Deadline within(Duration limit) {
        long now = ticker.nanoTime();
        return new Deadline(ticker, now, Math.min(endNanos, now + limit.toNanos()), limit);
    }

    /** Nanoseconds left, negative once passed. */
    public long nanosLeft() {
        return endNanos - ticker.nanoTime();
    }

    public boolean isExpired() {
        return nanosLeft() <= 0;
    }

    /** Nanoseconds since the deadline was made: how long the call has taken so far. */
    public long nanosElapsed() {
        return ticker.nanoTime() - startNanos;
    }

    /** The time-out it was made from: the call time-out, for messages. */
    public Duration timeout() {
        return timeout;
    }

    /** The end on the ticker's scale, for an API that takes an absolute {@link System#nanoTime()}. */
    public long endNanos() {
        return endNanos;
    }

    /** The ticker it reads: what a helper waiting for it must read too. */
    public Ticker ticker() {
        return ticker;
    }

    /**
     * At most {@code millis}, and no more than the time left (at least 1 ms, so that a time-out of
     * 0, which means "for ever" to a socket, never comes out of it).
     */
    public int capMillis(int millis) {
        long left = Math.max(1, (nanosLeft() + 999_999) / 1_000_000);
        return (int) Math.min(millis, left);
    }

    @Override
    public String toString() {
        return "Deadline[" + timeout.toMillis() + " ms, " + nanosLeft() / 1_000_000 + " ms left]";
    }
}
