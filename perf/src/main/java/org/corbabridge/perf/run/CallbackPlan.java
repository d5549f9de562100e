package org.corbabridge.perf.run;

import java.util.List;

/**
 * How much the call-back part measures: the C++ warehouse_server calls a listener back, each call
 * back carrying one pallet whose photo has one of {@code photoBytes} octets; the listener is the
 * adapter's (typed and dynamic, per ORB) or the native floor's (callback_floor, omniORB).
 *
 * @param rounds rounds; in each, every series measures every size, in an order rotated round by round
 * @param photoBytes the photo sizes, octets
 * @param batchCalls call backs per series, size and round for small photos; larger ones get fewer
 *     (see {@link #callsPerBatch})
 * @param warmupCalls call backs of an empty photo per ORB and listener before the first round, and a
 *     twentieth of it (at least 5) at every size, so that every size's unmarshalling is compiled too
 */
public record CallbackPlan(String name, int rounds, List<Integer> photoBytes, int batchCalls, int warmupCalls) {

    public CallbackPlan {
        photoBytes = List.copyOf(photoBytes);
        if (rounds < 1 || batchCalls < 1 || photoBytes.isEmpty()) {
            throw new IllegalArgumentException("a call-back plan needs rounds, calls and sizes: " + rounds + ", "
                    + batchCalls + ", " + photoBytes);
        }
    }

    /** The tests' pass: seconds. An empty photo and 100 KB, two rounds of a few call backs. */
    public static CallbackPlan quick() {
        return new CallbackPlan("quick", 2, List.of(0, 100 * 1024), 10, 100);
    }

    /**
     * The README's main job: from an empty photo to 1 MB, five rounds (as the payload part, enough
     * for a bootstrap interval), about half a minute in all.
     */
    public static CallbackPlan standard() {
        return new CallbackPlan("standard", 5, List.of(0, 1024, 100 * 1024, 1024 * 1024), 200, 2_000);
    }

    public static CallbackPlan full() {
        return new CallbackPlan("full", 8, List.of(0, 1024, 10 * 1024, 100 * 1024, 300 * 1024, 1024 * 1024), 300,
                20_000);
    }

    /**
     * Fewer call backs for larger photos, as the payload part does, so that each batch takes a
     * similar time: a 1 MB call back costs some milliseconds, an empty one a tenth of one.
     */
    public int callsPerBatch(int photo) {
        if (photo <= 10 * 1024) {
            return batchCalls;
        }
        if (photo <= 300 * 1024) {
            return Math.max(5, batchCalls / 2);
        }
        return Math.max(5, batchCalls / 5);
    }

    /** The warm-up call backs at {@code photo}: the plan's at an empty photo, a twentieth of them at larger ones. */
    public int warmupCallsAt(int photo) {
        return photo == 0 ? warmupCalls : Math.max(5, warmupCalls / 20);
    }

    /** The native floor's own warm-up in each of its processes (a fresh ORB each batch), as the payload part's floor. */
    public int nativeWarmup(int photo) {
        return Math.max(20, callsPerBatch(photo) / 5);
    }

    /** "0 B", "1 KB", "1 MB". */
    public static String label(int photo) {
        if (photo < 1024) {
            return photo + " B";
        }
        if (photo < 1024 * 1024 || photo % (1024 * 1024) != 0) {
            return (photo % 1024 == 0 ? Integer.toString(photo / 1024) : String.format(java.util.Locale.ROOT, "%.1f",
                    photo / 1024.0)) + " KB";
        }
        return photo / (1024 * 1024) + " MB";
    }

    @Override
    public String toString() {
        return "call backs: " + rounds + " rounds at " + photoBytes.stream().map(CallbackPlan::label).toList();
    }
}
