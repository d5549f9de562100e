package org.corbabridge.perf.run;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How long the rest of a part will take, from what the same work took earlier in this run: each
 * unit of work (a series at a size, a scale configuration, a start-up probe) is expected to take
 * what it took last time, or the mean of the units done so far when it has not run yet. Before
 * anything has run there is no estimate, and the progress line says so rather than guess.
 */
final class RemainingTime {

    private final Map<Object, Long> lastNanos = new HashMap<>();
    private long doneNanos;
    private int done;

    /** Notes that {@code unit} just took {@code nanos}. */
    void took(Object unit, long nanos) {
        lastNanos.put(unit, nanos);
        doneNanos += nanos;
        done++;
    }

    /** The expected time of {@code units}, in seconds; negative when nothing has run yet. */
    double secondsFor(Iterable<?> units) {
        if (done == 0) {
            return -1;
        }
        double mean = (double) doneNanos / done;
        double total = 0;
        for (Object unit : units) {
            Long last = lastNanos.get(unit);
            total += last != null ? last : mean;
        }
        return total / 1e9;
    }

    /** "about 3m05s left", or "time left not known yet". */
    static String left(double seconds) {
        return seconds < 0 ? "time left not known yet" : "about " + minutes(seconds) + " left";
    }

    static String minutes(double seconds) {
        long whole = Math.round(seconds);
        return String.format(Locale.ROOT, "%dm%02ds", whole / 60, whole % 60);
    }
}
