package org.corbabridge.perf.worker;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;

/**
 * One study configuration in a JVM of its own: sets its caller up, reports what that cost,
 * then answers warm-up and measure requests, one JSON line in, one out, until told to quit.
 * Arguments: caller (CC, ASIO, ASRO), ORB, name service URL, EJB jar path.
 */
public final class StudyWorker {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    /** The mode of a request for a baseline series: {@code baseline:STUB}, {@code baseline:PROXY}. */
    public static final String BASELINE_PREFIX = "baseline:";

    private StudyWorker() {
    }

    /** The same loop as {@link #serve} for a baseline, whose reply stays the generated type. */
    private static Reply serveBaseline(CatalogCaller catalog, Request request, Caller baseline, boolean timed) {
        long[] response = new long[timed ? request.calls() : 0];
        long[] server = new long[timed ? request.calls() : 0];
        try {
            for (int i = 0; i < request.calls(); i++) {
                long started = System.nanoTime();
                QueryResult result = catalog.callBaseline(baseline, request.query());
                long elapsed = System.nanoTime() - started;
                if (result.items.length != request.expectItems()) {
                    return Reply.failed(request.query() + " returned " + result.items.length + " items, not "
                            + request.expectItems());
                }
                if (timed) {
                    response[i] = elapsed;
                    server[i] = result.timeInServer;
                }
            }
            return new Reply(true, null, null, response, server);
        } catch (InvalidQuery | RuntimeException e) {
            e.printStackTrace();
            return Reply.failed(request.op() + " " + request.mode() + " " + request.query() + ": " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        Caller caller = Caller.valueOf(args[0]);
        AdapterConfig config = WorkerChannel.adapterConfig(args[1], args[2], CatalogAdapter.DEFAULT_NAME,
                CALL_TIMEOUT, CONNECT_TIMEOUT);

        CatalogCaller catalog;
        try {
            catalog = switch (caller) {
                case CC -> new StandaloneCaller(config, Path.of(args[4]));
                case ASIO -> new ContainerCaller(config, new File(args[3]), false);
                case ASRO -> new ContainerCaller(config, new File(args[3]), true);
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

    private static Reply serve(CatalogCaller catalog, Request request) {
        boolean timed = "measure".equals(request.op());
        if (request.mode().startsWith(BASELINE_PREFIX)) {
            return serveBaseline(catalog, request, Caller.valueOf(request.mode().substring(BASELINE_PREFIX.length())),
                    timed);
        }
        InvocationMode mode = InvocationMode.valueOf(request.mode().toUpperCase(java.util.Locale.ROOT));
        long[] response = new long[timed ? request.calls() : 0];
        long[] server = new long[timed ? request.calls() : 0];
        try {
            for (int i = 0; i < request.calls(); i++) {
                long started = System.nanoTime();
                CatalogResult result = catalog.call(mode, request.query());
                long elapsed = System.nanoTime() - started;
                if (result.items().size() != request.expectItems()) {
                    return Reply.failed(request.query() + " returned " + result.items().size() + " items, not "
                            + request.expectItems());
                }
                if (timed) {
                    response[i] = elapsed;
                    server[i] = result.timeInServerNanos();
                }
            }
            return new Reply(true, null, null, response, server);
        } catch (RuntimeException e) {
            e.printStackTrace();
            return Reply.failed(request.op() + " " + request.mode() + " " + request.query() + ": " + e);
        }
    }
}
