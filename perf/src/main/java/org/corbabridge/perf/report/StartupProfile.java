package org.corbabridge.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Where a start-up's CPU went, from a CPU profile of one unmeasured probe (every thread, from the
 * probe's {@code main} to its first answer): the main thread's steps, told apart by the frames
 * they run under, and the JVM's own threads beside them.
 *
 * @param flameGraph the flame graph's path, relative to the report
 * @param cpuMillis CPU milliseconds per part
 * @param firstCallCpuMillis CPU milliseconds of the first call's parts (on every thread the first
 *     call's frames were on)
 */
public record StartupProfile(String flameGraph, Map<Part, Double> cpuMillis, Map<FirstCallPart, Double> firstCallCpuMillis) {

    /**
     * The start-up probe's sampling interval, ns: 1 ms, ten times the payload profiles'. At 100 µs
     * the profiler made a one-second start-up take 10 s (200 000 samples, most of them of class
     * loading), wrote a 148 MB profile, and took a further 7 s to write it; and each sample is one
     * more chance of the crash under the profiler that {@code ProfileAttempts} survives. A start-up
     * of about a second of CPU still gives over a thousand samples.
     */
    public static final long INTERVAL_NANOS = 1_000_000;

    /** The parts of a start-up, in the order they run. */
    public enum Part {
        BOOT("container boot", List.of("javax/naming/InitialContext.<init>")),
        DEPLOY("deploy", List.of("org/apache/openejb/config/ConfigurationFactory.configureApplication",
                "org/apache/openejb/assembler/classic/Assembler.createApplication")),
        /**
         * The rest of the main thread's probe: the session's lookup and its first call; and the
         * client's lookup and type check, which the adapter makes on a helper thread it stops
         * waiting for at the call time-out (under {@code CurrentAttempt.within}).
         */
        FIRST_CALL("session and first call", List.of("org/corbabridge/perf/worker/StartupProbe.probe",
                "org/corbabridge/adapter/internal/time/CurrentAttempt.within")),
        JIT("JIT compilers", List.of("CompileBroker::compiler_thread_loop")),
        GC("garbage collector", List.of("WorkerThread::run", "ConcurrentGCThread::run", "G1ServiceThread",
                "G1ConcurrentRefineThread", "G1PrimaryConcurrentRefineThread")),
        OTHER("other threads (the ORB's, the container's, the JVM's)", List.of());

        private final String label;
        private final List<String> markers;

        Part(String label, List<String> markers) {
            this.label = label;
            this.markers = markers;
        }

        public String label() {
            return label;
        }
    }

    /** What the first call's time went to, where its frames say. */
    public enum FirstCallPart {
        NAMING("the naming lookup (CosNaming, the reference's type check)", List.of("CosNaming", "NamingContext",
                "resolve_str", "string_to_object", "_is_a")),
        CLASS_LOADING("loading, linking and initializing classes", List.of("ClassLoader.loadClass",
                "SystemDictionary::", "InstanceKlass::link", "InstanceKlass::initialize", "Verifier::",
                "ClassLoader.defineClass", "LinkResolver::")),
        OTHER("the rest (interpreted code, the call itself)", List.of());

        private final String label;
        private final List<String> markers;

        FirstCallPart(String label, List<String> markers) {
            this.label = label;
            this.markers = markers;
        }

        public String label() {
            return label;
        }
    }

    /** Reads the collapsed stacks the probe wrote. */
    public static StartupProfile read(Path collapsed, String flameGraph) {
        try {
            return of(Files.readString(collapsed, StandardCharsets.UTF_8), flameGraph);
        } catch (IOException e) {
            throw new UncheckedIOException("the start-up profile " + collapsed + " is missing", e);
        }
    }

    /**
     * Sorts collapsed stacks (frames root first, separated by {@code ;}, then a sample count): a
     * stack belongs to the first main-thread step whose frame it holds, else to the first of the
     * JVM's own parts a frame names, else to the other threads. Within the first call, a stack
     * belongs to the first of its parts that a frame names.
     */
    static StartupProfile of(String stacks, String flameGraph) {
        double millisPerSample = INTERVAL_NANOS / 1e6;
        Map<Part, Double> parts = new EnumMap<>(Part.class);
        Map<FirstCallPart, Double> firstCall = new EnumMap<>(FirstCallPart.class);
        ProfileBreakdown.forEachSample(stacks, (stack, samples) -> {
            double millis = samples * millisPerSample;
            Part part = partOf(stack);
            parts.merge(part, millis, Double::sum);
            if (part == Part.FIRST_CALL) {
                firstCall.merge(firstCallPartOf(stack), millis, Double::sum);
            }
        });
        return new StartupProfile(flameGraph, parts, firstCall);
    }

    private static Part partOf(String stack) {
        return firstNamed(Part.values(), part -> part.markers, stack, Part.OTHER);
    }

    private static FirstCallPart firstCallPartOf(String stack) {
        return firstNamed(FirstCallPart.values(), part -> part.markers, stack, FirstCallPart.OTHER);
    }

    /** The first of {@code parts} one of whose markers {@code stack} holds, else {@code otherwise}. */
    private static <P> P firstNamed(P[] parts, Function<P, List<String>> markers, String stack, P otherwise) {
        for (P part : parts) {
            if (markers.apply(part).stream().anyMatch(stack::contains)) {
                return part;
            }
        }
        return otherwise;
    }

    public double millis(Part part) {
        return cpuMillis.getOrDefault(part, 0.0);
    }

    public double millis(FirstCallPart part) {
        return firstCallCpuMillis.getOrDefault(part, 0.0);
    }

    public double totalMillis() {
        return cpuMillis.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
