package org.corbabridge.adapter.internal.time;

/**
 * A source of monotonic nanoseconds: {@link #SYSTEM} in production, a fake one in tests, so that
 * the rules that depend on time are pinned in milliseconds without waiting (gRPC's
 * {@code Deadline.Ticker}, HikariCP's {@code ClockSource}).
 */
@FunctionalInterface
public interface Ticker {

    /** {@link System#nanoTime()}. */
    Ticker SYSTEM = System::nanoTime;

    /** Nanoseconds from an arbitrary origin; only differences mean anything. */
    long nanoTime();
}
