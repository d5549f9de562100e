package org.corbabridge.perf.worker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * async-profiler in the worker's own JVM: CPU samples of every thread (the caller, the ORB's
 * reader threads, the container's) at a given interval, kernel frames included where the kernel
 * allows. One profile at a time, per JVM.
 */
final class Profiling {

    private final AsyncProfiler profiler;

    private Profiling(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /**
     * @param intervalNanos the sampling interval: {@link org.corbabridge.perf.report.ProfileResults#INTERVAL_NANOS}
     *     for a loop of calls, {@link org.corbabridge.perf.report.StartupProfile#INTERVAL_NANOS} for a start-up
     */
    static Profiling start(long intervalNanos) throws IOException {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=cpu,interval=" + intervalNanos);
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
