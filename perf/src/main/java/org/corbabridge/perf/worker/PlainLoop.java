package org.corbabridge.perf.worker;

import java.time.Duration;
import java.util.Arrays;
import java.util.StringJoiner;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.omg.CORBA.ORB;

/**
 * A plain client in a tight loop, as a user writes one: the generated stub on an ORB created with
 * its class names, rounds of back-to-back calls, each round's median printed. It exists to look
 * at the machine, not at the adapter: run by {@code perf/scripts/thread-placement.sh} with and
 * without the client and the server pinned to CPUs of their own.
 *
 * <pre>java -cp ... org.corbabridge.perf.worker.PlainLoop NAMING ORB ROUNDS CALLS BYTES</pre>
 */
public final class PlainLoop {

    /** Untimed calls first, so that the JIT has compiled the call path. */
    private static final int WARM_UP_CALLS = 20_000;
    /** A pause between rounds, as between the study's batches. */
    private static final Duration PAUSE = Duration.ofMillis(200);

    private PlainLoop() {
    }

    public static void main(String[] args) throws Exception {
        LoopArguments arguments = LoopArguments.parse(args, PlainLoop.class);
        AdapterConfig config = arguments.config();
        int rounds = arguments.rounds();
        int calls = arguments.calls();
        String query = arguments.query();
        ORB orb = StandaloneCaller.plainOrb(config.orb());
        try {
            Catalog stub = CatalogHelper.narrow(StandaloneCaller.resolve(orb, config));
            long items = 0;
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                items += stub.queryCatalog(query).items.length;
            }
            StringJoiner medians = new StringJoiner(" ");
            long[] elapsed = new long[calls];
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < calls; i++) {
                    long started = System.nanoTime();
                    items += stub.queryCatalog(query).items.length;
                    elapsed[i] = System.nanoTime() - started;
                }
                Arrays.sort(elapsed);
                medians.add(String.valueOf(Math.round(elapsed[calls / 2] / 1000.0)));
                Thread.sleep(PAUSE.toMillis());
            }
            System.out.println("round medians (µs): " + medians + "  (" + items + " items read)");
        } finally {
            Orbs.destroy(orb);
        }
    }
}
