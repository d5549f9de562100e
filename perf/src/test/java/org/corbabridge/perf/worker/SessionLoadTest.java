package org.corbabridge.perf.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The session load's own meters, without a container: no session is made. */
class SessionLoadTest {

    @Test
    void theHiccupMeterSamplesEveryWindowAndEndsWithTheLoad() throws InterruptedException {
        SessionLoad load = new SessionLoad(() -> {
            throw new AssertionError("no session is asked for");
        }, "Q", 0, Duration.ofMillis(100));
        try {
            load.reset();
            // liveness, not a rate: the meter records within a generous bound, whatever else runs
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            Histogram hiccups = load.window().hiccups();
            while (hiccups.getTotalCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                hiccups = load.window().hiccups();
            }
            assertThat(hiccups.getTotalCount()).as("samples in a window").isPositive();
            // how late it woke: a parkNanos that returns early is recorded as 0, never below
            assertThat(hiccups.getMinValue()).isGreaterThanOrEqualTo(0);
        } finally {
            assertThat(load.stop(Duration.ofSeconds(5))).isZero();
        }
        Thread meter = meterThread();
        if (meter != null) {
            meter.join(Duration.ofSeconds(5).toMillis());
            assertThat(meter.isAlive()).as("the hiccup meter ends with the load").isFalse();
        }
    }

    private static Thread meterThread() {
        Set<Thread> threads = Thread.getAllStackTraces().keySet();
        return threads.stream().filter(t -> t.getName().equals("hiccup-meter")).findFirst().orElse(null);
    }
}
