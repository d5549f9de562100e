package org.corbabridge.perf.worker;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;

/** The JSON lines a study worker and its driver exchange (worker replies start with {@link #PREFIX}). */
public final class WorkerMessages {

    /** Marks a reply line on the worker's stdout; every other output goes to its stderr. */
    public static final String PREFIX = "STUDY> ";

    private WorkerMessages() {
    }

    /**
     * What a payload worker sets up, sent as its first line.
     *
     * @param caller CC, ASIO or ASRO
     * @param ejbJar the built EJB jar (ASIO and ASRO deploy it)
     * @param trustStore the CA of the server's TLS certificate (CC's TLS series)
     */
    public record PayloadSetup(Caller caller, OrbImplementation orb, String nameServiceUrl, String ejbJar,
            String trustStore) {
    }

    /** What a tracing or asynchronous-call worker sets up: the Catalog on one ORB. */
    public record FeatureSetup(OrbImplementation orb, String nameServiceUrl) {
    }

    /** What a worker is asked to do. */
    public enum Op {
        /** Calls that warm the paths up; their times are not kept. */
        WARMUP,
        /** Timed calls. */
        MEASURE,
        /** Timed calls under the CPU profiler. */
        PROFILE,
        /** The tracing worker: how many spans its exporter holds. */
        COUNT_SPANS,
        /** A scale step: sessions grown to a count, then measured over a window. */
        STEP,
        /** End the worker. */
        QUIT
    }

    /**
     * @param op what to do
     * @param mode {@code static}, {@code dynamic}, {@code dii}, or {@code baseline:CALLER}
     * @param expectItems items every answer must hold; a different count is an error
     * @param output for {@code profile}: the path, without extension, of the flame graph
     *     ({@code .html}) and collapsed stacks ({@code .collapsed}) to write
     */
    public record Request(Op op, String mode, String query, int calls, int expectItems, String output) {
        public Request(Op op, String mode, String query, int calls, int expectItems) {
            this(op, mode, query, calls, expectItems, null);
        }

        public static Request quit() {
            return new Request(Op.QUIT, null, null, 0, 0);
        }
    }

    /**
     * @param setup after start: set-up costs in ns by step ("orbInit", "containerBoot", and per
     *     mode "static.sessionCreate", "static.connect", "static.firstCall", "static.secondCall")
     * @param response response times of the timed calls, ns
     * @param server the server's own time of each call, ns
     * @param compilationMillis the worker JVM's JIT compilation time so far, ms, when it replied
     *     (-1 where the JVM does not say): the driver warms a worker up until it stops growing
     */
    public record Reply(boolean ok, String error, Map<String, Long> setup, long[] response, long[] server,
            long compilationMillis) {

        /** A reply made in a worker: it carries that JVM's compilation time. */
        public Reply(boolean ok, String error, Map<String, Long> setup, long[] response, long[] server) {
            this(ok, error, setup, response, server, jitMillisSoFar());
        }

        public static Reply failed(String error) {
            return new Reply(false, error, null, null, null);
        }

        private static long jitMillisSoFar() {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        }
    }
}
