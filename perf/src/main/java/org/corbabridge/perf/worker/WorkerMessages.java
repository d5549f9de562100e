package org.corbabridge.perf.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;

/** The JSON lines a study worker and its driver exchange (worker replies start with {@link #PREFIX}). */
public final class WorkerMessages {

    /** Marks a reply line on the worker's stdout; every other output goes to its stderr. */
    public static final String PREFIX = "STUDY> ";
    /** How both sides write and read the messages: one JSON object per line. */
    public static final ObjectMapper JSON = new ObjectMapper();

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
     * One way a payload worker calls: its own caller in an invocation mode ({@link #adapter}), or a
     * baseline client that shares the worker's JVM ({@link #baseline}).
     */
    public record CallPath(InvocationMode mode, Caller baseline) {
        public CallPath {
            if ((mode == null) == (baseline == null)) {
                throw new IllegalArgumentException("a call path is a mode or a baseline, not " + mode + " and "
                        + baseline);
            }
        }

        public static CallPath adapter(InvocationMode mode) {
            return new CallPath(mode, null);
        }

        public static CallPath baseline(Caller baseline) {
            return new CallPath(null, baseline);
        }

        @Override
        public String toString() {
            return baseline == null ? mode.configName() : "baseline " + baseline.name();
        }
    }

    /**
     * What a payload worker is asked to do: {@code calls} calls of each of {@code paths}, side by
     * side when there are several.
     *
     * @param expectItems items every answer must hold; a different count is an error
     * @param output for {@link Op#PROFILE}: the path, without extension, of the flame graph
     *     ({@code .html}) and collapsed stacks ({@code .collapsed}) to write
     */
    public record PayloadRequest(Op op, List<CallPath> paths, String query, int calls, int expectItems,
            String output) {
        public PayloadRequest(Op op, CallPath path, String query, int calls, int expectItems) {
            this(op, List.of(path), query, calls, expectItems, null);
        }

        @Override
        public String toString() {
            return op.name().toLowerCase(Locale.ROOT) + " " + paths.stream().map(CallPath::toString)
                    .collect(Collectors.joining(" | ")) + " " + query;
        }
    }

    /**
     * What a tracing or settings worker is asked to do: {@code calls} calls of one of the variants
     * it measures (a tracing setting, an ORB setting), named as the worker and the report name it.
     */
    public record VariantRequest(Op op, String variant, String query, int calls, int expectItems) {
        @Override
        public String toString() {
            return op.name().toLowerCase(Locale.ROOT) + " " + variant + " " + query;
        }
    }

    /** How an asynchronous-call worker keeps calls in flight. */
    public enum Style {
        /** One blocking call per thread, from as many threads as calls in flight. */
        SYNC,
        /** Asynchronous calls kept in flight from one thread. */
        ASYNC;

        /** The name the report gives the style. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What an asynchronous-call worker is asked to do: {@code calls} calls, {@code inFlight} at a time. */
    public record InFlightRequest(Op op, Style style, int inFlight, String query, int calls, int expectItems) {
        @Override
        public String toString() {
            return op.name().toLowerCase(Locale.ROOT) + " " + style.label() + " " + inFlight + " in flight " + query;
        }
    }

    /**
     * What a replicas worker is asked to do: {@code sessions} threads calling the Catalog over
     * {@code replicas} replicas ({@code Catalog-1} ...) for a warm-up, then for a timed window.
     *
     * @param ownOrbs each session with a client and ORB of its own (an external ORB), else one client
     *     and ORB for all of them (the container's built-in ORB)
     */
    public record ReplicaRequest(Op op, int replicas, boolean ownOrbs, int sessions, long warmupMillis,
            long windowMillis, String query, int expectItems) {
        @Override
        public String toString() {
            return op.name().toLowerCase(Locale.ROOT) + " " + replicas + " replicas, " + sessions + " sessions"
                    + (ownOrbs ? " with an ORB each" : " on one ORB") + ", " + windowMillis + " ms";
        }
    }

    /**
     * What a replicas worker measured in its window.
     *
     * @param spread calls answered by each replica, by its name
     * @param ejections when each ejection was told, wall-clock ms, by replica
     */
    public record ReplicaReply(boolean ok, String error, long calls, long failed, long p50Nanos, long p99Nanos,
            long worstNanos, Map<String, Long> spread, Map<String, List<Long>> ejections) {
        public static ReplicaReply failed(String error) {
            return new ReplicaReply(false, error, 0, 0, 0, 0, 0, Map.of(), Map.of());
        }
    }

    /**
     * What a call-back worker is asked to do: pass its listener of kind {@code servant} ({@code typed}:
     * an implementation of the generated operations interface; {@code dynamic}: a
     * {@code DynamicServant} from the IDL alone) to the Warehouse's {@code timeCallbacks}, which calls
     * it back {@code count} times with a photo of {@code photoBytes} octets.
     */
    public record CallbackRequest(Op op, String servant, int count, int photoBytes) {
        @Override
        public String toString() {
            return op.name().toLowerCase(Locale.ROOT) + " " + servant + " " + count + " call backs of " + photoBytes
                    + " B";
        }
    }

    /** Ends any worker: every request type reads it as its {@link Op#QUIT}. */
    public record Quit(Op op) {
        public static final Quit INSTANCE = new Quit(Op.QUIT);
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
