package org.corbabridge.perf.run;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/** One worker JVM per ORB, each with only its ORB's jars, for the parts that compare the ORBs side by side. */
final class OrbWorkers implements AutoCloseable {

    private static final Duration START_LIMIT = Duration.ofMinutes(3);
    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(5);
    private static final List<String> JVM = List.of("-Xms256m", "-Xmx1g");

    private final Map<OrbImplementation, WorkerProcess> workers = new EnumMap<>(OrbImplementation.class);

    /** Starts {@code mainClass} once per ORB, against the name service at {@code nameServiceUrl}. */
    static OrbWorkers start(RunContext context, Class<?> mainClass, String part, String nameServiceUrl) {
        OrbWorkers started = new OrbWorkers();
        try {
            for (OrbImplementation orb : OrbImplementation.values()) {
                String name = part + "-" + orb.name().toLowerCase(Locale.ROOT);
                context.progress().accept("starting worker " + name);
                WorkerProcess worker = WorkerProcess.start(name, context.classpaths().classpathFor(orb), mainClass, JVM,
                        new FeatureSetup(orb, nameServiceUrl), context.logDir().resolve("worker-" + name + ".log"));
                started.workers.put(orb, worker);
                Reply ready = worker.awaitReady(START_LIMIT);
                if (!ready.ok()) {
                    throw new IllegalStateException("worker " + name + ": " + ready.error() + " (see " + context.logDir()
                            + ")");
                }
            }
            return started;
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
    }

    /** The worker's answer to one request, which must be ok. */
    Reply request(OrbImplementation orb, Record request) {
        Reply reply = ask(orb, request);
        if (!reply.ok()) {
            throw new IllegalStateException(orb.displayName() + " " + request + ": " + reply.error());
        }
        return reply;
    }

    /** The worker's answer, of {@code replyType}, to a request of a worker that answers with one. */
    <T> T request(OrbImplementation orb, Record request, Class<T> replyType, Duration limit) {
        return workers.get(orb).request(request, replyType, limit, request.toString());
    }

    /** The worker's answer to one request, ok or not. */
    Reply ask(OrbImplementation orb, Record request) {
        return workers.get(orb).request(request, REQUEST_LIMIT);
    }

    @Override
    public void close() {
        workers.values().forEach(WorkerProcess::close);
    }

    /** The median of response times in ns, in µs. */
    static double medianMicros(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0) / 1000.0;
    }
}
