package org.corbabridge.perf.worker;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;
import org.corbabridge.perf.worker.WorkerMessages.PayloadSetup;
import org.corbabridge.shop.QueryResult;

/**
 * One study configuration in a JVM of its own: sets its caller up, reports what that cost,
 * then answers warm-up and measure requests, one JSON line in, one out, until told to quit.
 * Its set-up ({@link PayloadSetup}) is the first line it reads.
 */
public final class PayloadWorker {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    /** The mode of a request for a baseline series: {@code baseline:STUB}, {@code baseline:PROXY}. */
    public static final String BASELINE_PREFIX = "baseline:";
    /**
     * The mode of a request for several series side by side: {@code interleaved:} and their modes
     * joined by {@link #INTERLEAVED_SEPARATOR}, as in {@code interleaved:static|baseline:PLAIN}.
     */
    public static final String INTERLEAVED_PREFIX = "interleaved:";
    public static final String INTERLEAVED_SEPARATOR = "|";
    /**
     * Calls of one series in a row in an interleaved request. Alternating call by call would make
     * every call the first on its ORB after another ORB's; a short block still keeps the series
     * within a few hundred microseconds of each other at small sizes.
     */
    public static final int INTERLEAVED_BLOCK = 5;

    private PayloadWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        PayloadSetup setup = channel.setup(PayloadSetup.class);
        Caller caller = setup.caller();
        AdapterConfig config = WorkerChannel.adapterConfig(setup.orb(), setup.nameServiceUrl(),
                CatalogAdapter.DEFAULT_NAME, CALL_TIMEOUT, CONNECT_TIMEOUT);

        CatalogCaller catalog;
        try {
            catalog = switch (caller) {
                case CC -> new StandaloneCaller(config, Path.of(setup.trustStore()));
                case ASIO -> new ContainerCaller(config, new File(setup.ejbJar()), false);
                case ASRO -> new ContainerCaller(config, new File(setup.ejbJar()), true);
                default -> throw new IllegalArgumentException(caller + " has no Java worker");
            };
        } catch (Exception e) {
            e.printStackTrace();
            channel.reply(Reply.failed("set-up failed: " + e));
            return;
        }
        channel.reply(new Reply(true, null, catalog.setupCosts(), null, null));

        try {
            Request request;
            while ((request = channel.next(Request.class)) != null && !"quit".equals(request.op())) {
                channel.reply(serve(catalog, request));
            }
        } finally {
            catalog.close();
        }
        channel.reply(new Reply(true, null, null, null, null));
    }

    /**
     * Runs a request's calls: untimed ({@code warmup}), timed ({@code measure}), or timed under
     * the CPU profiler ({@code profile}, see {@link Profiling}). Every answer's item count is checked.
     */
    private static Reply serve(CatalogCaller catalog, Request request) {
        if (request.mode().startsWith(INTERLEAVED_PREFIX)) {
            return serveInterleaved(catalog, request);
        }
        Answering answering = answering(catalog, request.mode());
        boolean timed = !"warmup".equals(request.op());
        long[] response = new long[timed ? request.calls() : 0];
        long[] server = new long[timed ? request.calls() : 0];
        Profiling profiling = null;
        try {
            if ("profile".equals(request.op())) {
                profiling = Profiling.start();
            }
            for (int i = 0; i < request.calls(); i++) {
                long started = System.nanoTime();
                Answer answer = answering.call(request.query());
                long elapsed = System.nanoTime() - started;
                if (answer.items() != request.expectItems()) {
                    return Reply.failed(request.query() + " returned " + answer.items() + " items, not "
                            + request.expectItems());
                }
                if (timed) {
                    response[i] = elapsed;
                    server[i] = answer.serverNanos();
                }
            }
            if (profiling != null) {
                profiling.stopAndWrite(request.output());
                profiling = null;
            }
            return new Reply(true, null, null, response, server);
        } catch (Exception e) {
            e.printStackTrace();
            return Reply.failed(request.op() + " " + request.mode() + " " + request.query() + ": " + e);
        } finally {
            if (profiling != null) {
                profiling.abandon();
            }
        }
    }

    /**
     * {@code calls} calls of each of several series, block by block of {@link #INTERLEAVED_BLOCK}
     * calls, the series in a new random order in each cycle of blocks: all of them see the machine
     * as it is during the request, so that the ratio of two of them carries no drift between
     * batches. The reply holds the first series' timings, then the second's, and so on.
     */
    private static Reply serveInterleaved(CatalogCaller catalog, Request request) {
        String[] modes = request.mode().substring(INTERLEAVED_PREFIX.length())
                .split(java.util.regex.Pattern.quote(INTERLEAVED_SEPARATOR));
        Answering[] answering = new Answering[modes.length];
        for (int m = 0; m < modes.length; m++) {
            answering[m] = answering(catalog, modes[m]);
        }
        boolean timed = !"warmup".equals(request.op());
        int calls = request.calls();
        long[] response = new long[timed ? calls * modes.length : 0];
        long[] server = new long[response.length];
        List<Integer> order = new ArrayList<>();
        for (int m = 0; m < modes.length; m++) {
            order.add(m);
        }
        // the same order in every run: a plan's rounds are then reproducible, call for call
        Random shuffle = new Random(calls);
        try {
            for (int first = 0; first < calls; first += INTERLEAVED_BLOCK) {
                Collections.shuffle(order, shuffle);
                for (int m : order) {
                    for (int i = first; i < Math.min(calls, first + INTERLEAVED_BLOCK); i++) {
                        long started = System.nanoTime();
                        Answer answer = answering[m].call(request.query());
                        long elapsed = System.nanoTime() - started;
                        if (answer.items() != request.expectItems()) {
                            return Reply.failed(modes[m] + " " + request.query() + " returned " + answer.items()
                                    + " items, not " + request.expectItems());
                        }
                        if (timed) {
                            response[m * calls + i] = elapsed;
                            server[m * calls + i] = answer.serverNanos();
                        }
                    }
                }
            }
            return new Reply(true, null, null, response, server);
        } catch (Exception e) {
            e.printStackTrace();
            return Reply.failed(request.op() + " " + request.mode() + " " + request.query() + ": " + e);
        }
    }

    /** A call's answer, as far as the loop needs it. */
    private record Answer(int items, long serverNanos) {
    }

    /**
     * Where every answer's item ids are summed: each series reads every item, as a user would,
     * so that a result that defers work until it is read pays for it here too.
     */
    private static long readSink;

    /** One way of calling, chosen by a request's mode. */
    private interface Answering {
        Answer call(String query) throws Exception;
    }

    /**
     * A baseline ({@code baseline:NAME}, whose reply stays the generated type, but for the adapter
     * beside the bean) or the adapter in a mode.
     */
    private static Answering answering(CatalogCaller catalog, String mode) {
        if (mode.equals(BASELINE_PREFIX + Caller.ASIO_NO_BEAN.name())) {
            return query -> read(catalog.callWithoutBean(query));
        }
        if (mode.startsWith(BASELINE_PREFIX)) {
            Caller baseline = Caller.valueOf(mode.substring(BASELINE_PREFIX.length()));
            return query -> {
                QueryResult result = catalog.callBaseline(baseline, query);
                for (org.corbabridge.shop.Item item : result.items) {
                    readSink += item.id;
                }
                return new Answer(result.items.length, result.timeInServer);
            };
        }
        InvocationMode invocation = InvocationMode.valueOf(mode.toUpperCase(java.util.Locale.ROOT));
        return query -> read(catalog.call(invocation, query));
    }

    private static Answer read(CatalogResult result) {
        for (org.corbabridge.adapter.catalog.CatalogItem item : result.items()) {
            readSink += item.id();
        }
        return new Answer(result.items().size(), result.timeInServerNanos());
    }
}
