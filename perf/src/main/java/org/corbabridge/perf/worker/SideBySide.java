package org.corbabridge.perf.worker;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which several series make their calls side by side: blocks of {@link #BLOCK} calls
 * of each in turn, the series in a new random order in each cycle of blocks, so that all of them
 * see the machine as it is and the ratio of two carries no drift between batches. One series
 * makes its calls in order. The order depends only on the number of calls: a run is reproducible
 * call for call.
 */
public final class SideBySide {

    /**
     * Calls of one series in a row. Call by call would make every call the first on its ORB after
     * another ORB's; a short block still keeps the series within a millisecond of each other at
     * small sizes.
     */
    public static final int BLOCK = 5;

    /** One call: the {@code index}th of series {@code series}. */
    @FunctionalInterface
    interface Call {
        void make(int series, int index) throws Exception;
    }

    private SideBySide() {
    }

    /** {@code calls} calls of each of {@code series} series, in the order described above. */
    static void run(int series, int calls, Call call) throws Exception {
        List<Integer> order = new ArrayList<>();
        for (int s = 0; s < series; s++) {
            order.add(s);
        }
        Random shuffle = new Random(calls);
        for (int first = 0; first < calls; first += BLOCK) {
            Collections.shuffle(order, shuffle);
            for (int s : order) {
                for (int i = first; i < Math.min(calls, first + BLOCK); i++) {
                    call.make(s, i);
                }
            }
        }
    }
}
