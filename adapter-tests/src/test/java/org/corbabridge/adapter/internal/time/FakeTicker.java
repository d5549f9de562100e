package org.corbabridge.adapter.internal.time;

import java.time.Duration;

/** A clock that moves only when told: the rules that depend on time, pinned without waiting. */
public final class FakeTicker implements Ticker {

    private long now = 1_000_000_000L;

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    public synchronized void advance(Duration by) {
        now += by.toNanos();
    }
}
