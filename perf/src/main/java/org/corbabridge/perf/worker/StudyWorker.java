package org.corbabridge.perf.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;

/**
 * One study configuration in a JVM of its own: sets its caller up, reports what that cost,
 * then answers warm-up and measure requests, one JSON line in, one out, until told to quit.
 * Arguments: caller (CC, ASIO, ASRO), ORB, name service URL, EJB jar path.
 */
public final class StudyWorker {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private StudyWorker() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        // replies alone on stdout; whatever the ORBs and the container print goes to stderr
        PrintStream replies = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.setOut(System.err);

        Caller caller = Caller.valueOf(args[0]);
        AdapterConfig config = AdapterConfig.builder()
                .nameService(args[2])
                .name(CatalogAdapter.DEFAULT_NAME)
                .orb(OrbImplementation.valueOf(args[1]))
                .callTimeout(CALL_TIMEOUT)
                .connectTimeout(CONNECT_TIMEOUT)
                .build();

        CatalogCaller catalog;
        try {
            catalog = switch (caller) {
                case CC -> new StandaloneCaller(config);
                case ASIO -> new ContainerCaller(config, new File(args[3]), false);
                case ASRO -> new ContainerCaller(config, new File(args[3]), true);
                default -> throw new IllegalArgumentException(caller + " has no Java worker");
            };
        } catch (Exception e) {
            e.printStackTrace();
            reply(replies, Reply.failed("set-up failed: " + e));
            return;
        }
        reply(replies, new Reply(true, null, catalog.setupCosts(), null, null));

        try (BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = requests.readLine()) != null) {
                Request request = JSON.readValue(line, Request.class);
                if ("quit".equals(request.op())) {
                    break;
                }
                reply(replies, serve(catalog, request));
            }
        } finally {
            catalog.close();
        }
        reply(replies, new Reply(true, null, null, null, null));
    }

    private static Reply serve(CatalogCaller catalog, Request request) {
        InvocationMode mode = InvocationMode.valueOf(request.mode().toUpperCase(java.util.Locale.ROOT));
        boolean timed = "measure".equals(request.op());
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

    private static void reply(PrintStream out, Reply reply) throws Exception {
        out.println(WorkerMessages.PREFIX + JSON.writeValueAsString(reply));
    }
}
