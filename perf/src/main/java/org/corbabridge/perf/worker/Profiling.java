package org.corbabridge.perf.worker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * async-profiler in the worker's own JVM: CPU samples of every thread (the caller, the ORB's
 * reader threads, the container's), every 100 µs, kernel frames included where the kernel allows.
 * One profile at a time, per JVM.
 */
final class Profiling {

    /** Sampling interval, ns. */
    static final long INTERVAL_NANOS = org.corbabridge.perf.report.ProfileResults.INTERVAL_NANOS;

    private final AsyncProfiler profiler;

    private Profiling(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    static Profiling start() throws IOException {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=cpu,interval=" + INTERVAL_NANOS);
        return new Profiling(profiler);
    }

    /** Stops, and writes {@code output}.html (the flame graph) and {@code output}.collapsed. */
    void stopAndWrite(String output) throws IOException {
        profiler.execute("stop");
        profiler.execute("flamegraph,file=" + output + ".html");
        Files.writeString(Path.of(output + ".collapsed"), profiler.execute("collapsed"), StandardCharsets.UTF_8);
    }

    /** Stops without writing anything: the calls failed. */
    void abandon() {
        try {
            profiler.execute("stop");
        } catch (IOException | IllegalStateException ignored) {
            // not running any more
        }
    }
}
