package org.corbabridge.perf.worker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** The cost of each set-up step of a worker, in ns, in the order the steps ran. */
final class SetupCosts {

    private final Map<String, Long> steps = new LinkedHashMap<>();

    /** Runs {@code step}, records how long it took, and returns its result. */
    <T> T time(String name, Supplier<T> step) {
        long started = System.nanoTime();
        T result = step.get();
        steps.put(name, System.nanoTime() - started);
        return result;
    }

    void record(String name, long nanos) {
        steps.put(name, nanos);
    }

    /** The cold first call and the one after it, of one invocation mode ("static.firstCall", ...). */
    void timeFirstCalls(String mode, Runnable call) {
        time(mode + ".firstCall", () -> {
            call.run();
            return null;
        });
        time(mode + ".secondCall", () -> {
            call.run();
            return null;
        });
    }

    Map<String, Long> asMap() {
        return Collections.unmodifiableMap(steps);
    }
}
