package org.corbabridge.perf.worker;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogItem;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.report.ProfileResults;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.CallPath;
import org.corbabridge.perf.worker.WorkerMessages.PayloadRequest;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;

/**
 * One study configuration in a JVM of its own: sets its caller up, reports what that cost,
 * then answers warm-up and measure requests, one JSON line in, one out, until told to quit.
 * Its set-up ({@link PayloadSetup}) is the first line it reads.
 */
public final class PayloadWorker {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

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
            PayloadRequest request;
            while ((request = channel.next(PayloadRequest.class)) != null && request.op() != Op.QUIT) {
                channel.reply(serve(catalog, request));
            }
        } finally {
            catalog.close();
        }
        channel.reply(new Reply(true, null, null, null, null));
    }

    /**
     * Runs a request's calls: untimed ({@code warmup}), timed ({@code measure}), or timed under
     * the CPU profiler ({@code profile}, see {@link Profiling}). An interleaved request makes
     * {@code calls} calls of each of its series {@link SideBySide side by side}; its reply holds
     * the first series' timings, then the second's, and so on. Every answer's item count is checked.
     */
    private static Reply serve(CatalogCaller catalog, PayloadRequest request) {
        List<CallPath> paths = request.paths();
        Answering[] answering = new Answering[paths.size()];
        for (int m = 0; m < answering.length; m++) {
            answering[m] = answering(catalog, paths.get(m));
        }
        boolean timed = request.op() != Op.WARMUP;
        int calls = request.calls();
        long[] response = new long[timed ? calls * paths.size() : 0];
        long[] server = new long[response.length];
        Profiling profiling = null;
        try {
            if (request.op() == Op.PROFILE) {
                profiling = Profiling.start(ProfileResults.INTERVAL_NANOS);
            }
            SideBySide.run(paths.size(), calls, (m, i) -> {
                long started = System.nanoTime();
                Answer answer = answering[m].call(request.query());
                long elapsed = System.nanoTime() - started;
                if (answer.items() != request.expectItems()) {
                    throw new WrongItemCount(paths.get(m) + " " + request.query() + " returned " + answer.items()
                            + " items, not " + request.expectItems());
                }
                if (timed) {
                    response[m * calls + i] = elapsed;
                    server[m * calls + i] = answer.serverNanos();
                }
            });
            if (profiling != null) {
                profiling.stopAndWrite(request.output());
                profiling = null;
            }
            return new Reply(true, null, null, response, server);
        } catch (WrongItemCount e) {
            return Reply.failed(e.getMessage());
        } catch (Exception e) {
            e.printStackTrace();
            return Reply.failed(request + ": " + e);
        } finally {
            if (profiling != null) {
                profiling.abandon();
            }
        }
    }

    /** An answer with other than the expected number of items: the request fails with this message. */
    private static final class WrongItemCount extends Exception {
        WrongItemCount(String message) {
            super(message, null, false, false);
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

    /** One way of calling, chosen by a request's call path. */
    private interface Answering {
        Answer call(String query) throws Exception;
    }

    /** A baseline (whose reply stays the generated type, but for the adapter beside the bean) or the adapter in a mode. */
    private static Answering answering(CatalogCaller catalog, CallPath path) {
        if (path.baseline() == null) {
            InvocationMode invocation = path.mode();
            return query -> read(catalog.call(invocation, query));
        }
        if (path.baseline() == Caller.ASIO_NO_BEAN) {
            return query -> read(catalog.callWithoutBean(query));
        }
        Caller baseline = path.baseline();
        return query -> {
            QueryResult result = catalog.callBaseline(baseline, query);
            for (Item item : result.items) {
                readSink += item.id;
            }
            return new Answer(result.items.length, result.timeInServer);
        };
    }

    private static Answer read(CatalogResult result) {
        for (CatalogItem item : result.items()) {
            readSink += item.id();
        }
        return new Answer(result.items().size(), result.timeInServerNanos());
    }
}
