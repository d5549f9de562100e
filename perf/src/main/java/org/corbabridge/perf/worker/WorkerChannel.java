package org.corbabridge.perf.worker;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbImplementation;

/**
 * A worker JVM's side of its talk with the driver: requests as JSON lines on stdin, replies as
 * JSON lines on stdout marked with {@link WorkerMessages#PREFIX}. Whatever else the JVM prints
 * (the ORBs, the container) is sent to stderr, so that it cannot be taken for a reply.
 */
final class WorkerChannel {


    private final PrintStream replies;
    private final BufferedReader requests;

    private WorkerChannel() {
        System.setProperty("java.awt.headless", "true");
        replies = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    }

    /** Takes stdout for replies; call first thing in main. */
    static WorkerChannel open() {
        return new WorkerChannel();
    }

    void reply(Object reply) {
        try {
            replies.println(WorkerMessages.PREFIX + WorkerMessages.JSON.writeValueAsString(reply));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next request, or null when the driver has closed stdin. */
    <T> T next(Class<T> type) throws IOException {
        String line = requests.readLine();
        return line == null ? null : WorkerMessages.JSON.readValue(line, type);
    }

    /** The worker's set-up: the first line the driver sends. */
    <T> T setup(Class<T> type) throws IOException {
        T setup = next(type);
        if (setup == null) {
            throw new IOException("the driver closed stdin before sending the set-up");
        }
        return setup;
    }

    /** The Catalog as a tracing or asynchronous-call worker's set-up names it, with the study's worker time-outs. */
    static AdapterConfig adapterConfig(WorkerMessages.FeatureSetup setup) {
        return adapterConfig(setup.orb(), setup.nameServiceUrl(), org.corbabridge.adapter.catalog.CatalogAdapter.DEFAULT_NAME,
                Duration.ofSeconds(20), Duration.ofSeconds(5));
    }

    /** The Catalog on an ORB, as every worker's set-up names it. */
    static AdapterConfig adapterConfig(OrbImplementation orb, String nameService, String name, Duration callTimeout,
            Duration connectTimeout) {
        return AdapterConfig.builder()
                .nameService(nameService)
                .name(name)
                .orb(orb)
                .callTimeout(callTimeout)
                .connectTimeout(connectTimeout)
                .build();
    }
}
