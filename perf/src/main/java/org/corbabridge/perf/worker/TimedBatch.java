package org.corbabridge.perf.worker;

import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;

/**
 * A batch of calls as the tracing and settings workers run it: every call timed, every answer's
 * item count checked; a warm-up batch answers no timings.
 */
final class TimedBatch {

    /** One call with a query; answers the number of items it got back. */
    @FunctionalInterface
    interface Call {
        int items(String query) throws Exception;
    }

    private TimedBatch() {
    }

    static Reply run(Call call, VariantRequest request) throws Exception {
        boolean warmUp = request.op() == Op.WARMUP;
        long[] response = new long[request.calls()];
        if (!warmUp) {
            // every series starts its batch without the garbage of the one before (a traced one makes the most)
            System.gc();
        }
        for (int i = 0; i < request.calls(); i++) {
            long started = System.nanoTime();
            int items = call.items(request.query());
            response[i] = System.nanoTime() - started;
            if (items != request.expectItems()) {
                return Reply.failed(request.query() + " returned " + items + " items, not " + request.expectItems());
            }
        }
        return new Reply(true, null, null, warmUp ? new long[0] : response, null);
    }
}
