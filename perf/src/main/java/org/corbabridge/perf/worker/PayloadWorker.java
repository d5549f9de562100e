package org.corbabridge.perf.worker;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Pattern;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;
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
            while ((request = channel.next(Request.class)) != null && request.op() != Op.QUIT) {
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
    private static Reply serve(CatalogCaller catalog, Request request) {
        String[] modes = request.mode().startsWith(INTERLEAVED_PREFIX)
                ? request.mode().substring(INTERLEAVED_PREFIX.length())
                        .split(Pattern.quote(INTERLEAVED_SEPARATOR))
                : new String[] {request.mode()};
        Answering[] answering = new Answering[modes.length];
        for (int m = 0; m < modes.length; m++) {
            answering[m] = answering(catalog, modes[m]);
        }
        boolean timed = request.op() != Op.WARMUP;
        int calls = request.calls();
        long[] response = new long[timed ? calls * modes.length : 0];
        long[] server = new long[response.length];
        Profiling profiling = null;
        try {
            if (request.op() == Op.PROFILE) {
                profiling = Profiling.start();
            }
            SideBySide.run(modes.length, calls, (m, i) -> {
                long started = System.nanoTime();
                Answer answer = answering[m].call(request.query());
                long elapsed = System.nanoTime() - started;
                if (answer.items() != request.expectItems()) {
                    throw new WrongItemCount(modes[m] + " " + request.query() + " returned " + answer.items()
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
            return Reply.failed(request.op() + " " + request.mode() + " " + request.query() + ": " + e);
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
        InvocationMode invocation = InvocationMode.valueOf(mode.toUpperCase(Locale.ROOT));
        return query -> read(catalog.call(invocation, query));
    }

    private static Answer read(CatalogResult result) {
        for (org.corbabridge.adapter.catalog.CatalogItem item : result.items()) {
            readSink += item.id();
        }
        return new Answer(result.items().size(), result.timeInServerNanos());
    }
}
