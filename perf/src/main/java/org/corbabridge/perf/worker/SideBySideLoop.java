package org.corbabridge.perf.worker;

import java.util.Arrays;
import java.util.Locale;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogItem;
import org.corbabridge.perf.report.Estimate;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.Item;
import org.omg.CORBA.ORB;

/**
 * The adapter against a plain client outside the study, in one JVM: the plain client (the
 * generated stub on an ORB created with its class names), the generated stub on the adapter's ORB
 * and the Catalog adapter (static), side by side in blocks of {@link SideBySide#BLOCK}
 * calls as the study measures them, each reading every item. Prints each one's median and the
 * ratios with their 95% bootstrap interval over rounds. One JVM is one placement of its threads on
 * the CPUs: {@code perf/scripts/adapter-vs-plain.sh} runs it in several.
 *
 * <pre>java -cp ... org.corbabridge.perf.worker.SideBySideLoop NAMING ORB ROUNDS CALLS BYTES</pre>
 */
public final class SideBySideLoop {

    private static final int WARM_UP_CALLS = 20_000;
    private static final String[] NAMES = {"plain", "stub", "adapter"};

    /** Every item's id is summed here, so that no client skips reading its reply. */
    private static long readSink;

    private SideBySideLoop() {
    }

    /** One call of one client; the number of items it read. */
    @FunctionalInterface
    private interface Client {
        int call(String query) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        LoopArguments arguments = LoopArguments.parse(args, SideBySideLoop.class);
        AdapterConfig config = arguments.config();
        String query = arguments.query();
        ORB plainOrb = StandaloneCaller.plainOrb(config.orb());
        ORB adapterOrb = Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout());
        try (CatalogAdapter adapter = CatalogAdapter.create(config, adapterOrb)) {
            Catalog plain = CatalogHelper.narrow(StandaloneCaller.resolve(plainOrb, config));
            Catalog stub = CatalogHelper.narrow(StandaloneCaller.resolve(adapterOrb, config));
            Client[] clients = {q -> read(plain, q), q -> read(stub, q), q -> {
                int n = 0;
                for (CatalogItem item : adapter.queryCatalog(q).items()) {
                    readSink += item.id();
                    n++;
                }
                return n;
            }};
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                for (Client client : clients) {
                    client.call(query);
                }
            }
            double[][] medians = measure(clients, query, arguments.rounds(), arguments.calls());
            print(config.orb().implementation() + " " + args[4] + " B", medians);
        } finally {
            Orbs.destroy(adapterOrb);
            Orbs.destroy(plainOrb);
        }
    }

    private static int read(Catalog stub, String query) throws Exception {
        Item[] items = stub.queryCatalog(query).items;
        for (Item item : items) {
            readSink += item.id;
        }
        return items.length;
    }

    /** Each client's round medians, µs: rounds of {@code calls} calls of each, {@link SideBySide side by side}. */
    private static double[][] measure(Client[] clients, String query, int rounds, int calls) throws Exception {
        double[][] medians = new double[clients.length][rounds];
        long[][] elapsed = new long[clients.length][calls];
        for (int round = 0; round < rounds; round++) {
            SideBySide.run(clients.length, calls, (c, i) -> {
                long started = System.nanoTime();
                clients[c].call(query);
                elapsed[c][i] = System.nanoTime() - started;
            });
            for (int c = 0; c < clients.length; c++) {
                Arrays.sort(elapsed[c]);
                medians[c][round] = elapsed[c][calls / 2] / 1000.0;
            }
        }
        return medians;
    }

    private static void print(String what, double[][] medians) {
        StringBuilder line = new StringBuilder(what + ":");
        for (int c = 0; c < NAMES.length; c++) {
            line.append(String.format(Locale.ROOT, " %s %.1f µs", NAMES[c], Estimate.ofRounds(medians[c]).median()));
        }
        line.append(";  adapter/plain ").append(Estimate.ofRounds(ratios(medians[2], medians[0])).text())
                .append(", stub/plain ").append(Estimate.ofRounds(ratios(medians[1], medians[0])).text())
                .append(", adapter/stub ").append(Estimate.ofRounds(ratios(medians[2], medians[1])).text())
                .append("  (").append(readSink).append(" ids read)");
        System.out.println(line);
    }

    private static double[] ratios(double[] tops, double[] bottoms) {
        double[] ratios = new double[tops.length];
        Arrays.setAll(ratios, i -> tops[i] / bottoms[i]);
        return ratios;
    }
}
