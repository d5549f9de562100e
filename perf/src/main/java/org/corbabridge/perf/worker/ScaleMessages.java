package org.corbabridge.perf.worker;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;

/** The JSON lines of a scale worker and its driver, one step of sessions at a time. */
public final class ScaleMessages {

    private ScaleMessages() {
    }

    /**
     * What a scale worker sets up, sent as its first line.
     *
     * @param orbMode {@code builtin} or {@code external}
     * @param serverPid the Catalog server's process, whose threads each step counts
     * @param items the items every answer must hold
     * @param thinkMillis each session's pause between calls
     */
    public record Setup(OrbImplementation orb, String orbMode, String nameServiceUrl, String catalogName, String ejbJar,
            int serverPort, long serverPid, String query, int items, long thinkMillis) {
    }

    /**
     * Grow to {@code sessions} sessions (giving up at {@code growMillis}), let them run for
     * {@code rampMillis}, then measure for {@code windowMillis}. Or {@code quit}.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StepRequest(WorkerMessages.Op op, int sessions, long growMillis, long rampMillis, long windowMillis) {
    }

    /**
     * What one step measured in the worker JVM.
     *
     * @param sessions live sessions during the window (fewer than asked if growing them failed
     *     or ran out of time)
     * @param growError why growing stopped short, if it did
     * @param growMillis time taken to create the step's new sessions
     * @param calls successful calls in the window
     * @param failures failed calls in the window, by exception ("CallTimeoutException",
     *     "untyped java.lang.IllegalStateException", "wrong result: ...")
     * @param meanServiceMicros mean time inside a call, without waiting for a caller thread
     * @param cpuPercent process CPU time over the window, as a percentage of one core
     * @param heapAfterGcBytes heap in use shortly after a full GC at the end of the window, as the
     *     JVM's memory pools report it: with what the sessions, still calling, allocated since
     * @param liveHeapBytes bytes of the live objects a class histogram counted after that GC (0
     *     where the JVM cannot count them)
     * @param connections established TCP connections to the Catalog server's port
     * @param serverCpuPercent the C++ server's CPU time over the window, as a percentage of one core
     * @param serverThreads, serverResidentBytes, serverConnections the C++ server's, at the end of
     *     the window
     * @param heapGrowth the classes whose live bytes grew most since the first step: where the heap
     *     the added sessions hold went (empty for the first step, or where the JVM cannot count);
     *     the driver works it out from {@code liveClasses}
     * @param hiccupP99Micros, hiccupMaxMicros how late a thread of the worker that only sleeps 1 ms
     *     at a time woke, in the same window (p99 and worst): the stalls every call in the window
     *     could meet whatever the ORB did (0 where not measured)
     * @param liveClasses every class's live instances and bytes, as the worker counted them: what
     *     the driver needs for {@code heapGrowth}, and does not keep. (The worker holds no count
     *     from one step to the next: a baseline held in the worker slowed JacORB's built-in calls
     *     tenfold at 100 sessions in the full plan's timing.)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StepReply(boolean ok, String error, int sessions, String growError, long growMillis,
            double windowSeconds, long calls, Map<String, Long> failures, double p50Micros, double p90Micros,
            double p99Micros, double maxMicros, double meanServiceMicros, double cpuPercent, long heapAfterGcBytes,
            long liveHeapBytes, long residentBytes, int threads, int connections, int openFiles, double serverCpuPercent,
            long serverResidentBytes, int serverThreads, int serverConnections, double hiccupP99Micros,
            double hiccupMaxMicros, List<ClassGrowth> heapGrowth, List<ClassGrowth> liveClasses) {

        public StepReply {
            heapGrowth = heapGrowth == null ? List.of() : List.copyOf(heapGrowth);
            liveClasses = liveClasses == null ? List.of() : List.copyOf(liveClasses);
        }

        /**
         * This step as kept: the {@code top} classes that grew most since {@code first} (see
         * {@link HeapHistogram#growthSince}; none where either step has no counts), its counts dropped.
         */
        public StepReply growthSince(StepReply first, int top) {
            List<ClassGrowth> growth = liveClasses.isEmpty() || first.liveClasses.isEmpty() ? List.of()
                    : HeapHistogram.of(liveClasses).growthSince(HeapHistogram.of(first.liveClasses), top);
            return new StepReply(ok, error, sessions, growError, growMillis, windowSeconds, calls, failures, p50Micros,
                    p90Micros, p99Micros, maxMicros, meanServiceMicros, cpuPercent, heapAfterGcBytes, liveHeapBytes,
                    residentBytes, threads, connections, openFiles, serverCpuPercent, serverResidentBytes,
                    serverThreads, serverConnections, hiccupP99Micros, hiccupMaxMicros, growth, List.of());
        }

        public static StepReply failed(String error) {
            return new StepReply(false, error, 0, null, 0, 0, 0, Map.of(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    0, 0, 0, 0, List.of(), List.of());
        }

        public long failedCalls() {
            return failures == null ? 0 : failures.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * Live instances and bytes of one class, or their change between two heap histograms.
     *
     * @param className as the JVM names it ({@code [B} for byte arrays)
     */
    public record ClassGrowth(String className, long instances, long bytes) {
    }

    /** The first line: the container is up (with its boot time), or it failed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Ready(boolean ok, String error, long bootMillis) {
    }
}
