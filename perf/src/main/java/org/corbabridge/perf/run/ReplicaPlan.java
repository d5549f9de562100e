package org.corbabridge.perf.run;

import java.util.List;

/**
 * How much the replicas part measures.
 *
 * @param rounds rounds of every series, in a rotated order
 * @param counts how many replicas the series use
 * @param orbModes the sessions' ORBs: {@code false} one for all (built-in), {@code true} one each (external)
 * @param sessions threads calling at once
 * @param warmupMillis calls before each window, not counted
 * @param windowMillis the timed window of each series and round
 */
public record ReplicaPlan(int rounds, List<Integer> counts, List<Boolean> orbModes, int sessions, long warmupMillis,
        long windowMillis) {

    /** The tests' pass: one and three replicas, both ORB modes, one short round. */
    public static ReplicaPlan quick() {
        return new ReplicaPlan(1, List.of(1, 3), List.of(false, true), 8, 150, 350);
    }

    /** The main job's: windows of 1 s (13 000-18 000 calls each on this machine), three rounds. */
    public static ReplicaPlan standard() {
        return new ReplicaPlan(3, List.of(1, 2, 3), List.of(false, true), 16, 300, 1000);
    }

    public static ReplicaPlan full() {
        return new ReplicaPlan(6, List.of(1, 2, 3), List.of(false, true), 16, 1000, 3000);
    }
}
