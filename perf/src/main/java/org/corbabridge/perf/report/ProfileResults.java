package org.corbabridge.perf.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/** A {@link ProfileResult} from what a worker wrote: its collapsed stacks and its call times. */
public final class ProfileResults {

    /** The workers' sampling interval (see the worker's {@code Profiling}), ns. */
    public static final long INTERVAL_NANOS = 100_000;

    private ProfileResults() {
    }

    public static ProfileResult read(Series series, SizePoint size, int calls, long[] responseNanos, Path collapsed,
            String flameGraph) {
        String stacks;
        try {
            stacks = Files.readString(collapsed, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("the profile of " + series.label() + " " + size.label() + " is missing", e);
        }
        long[] sorted = responseNanos.clone();
        Arrays.sort(sorted);
        double medianUs = sorted.length == 0 ? 0 : sorted[sorted.length / 2] / 1000.0;
        double cpuMicrosPerCall = microsPerCall(ProfileBreakdown.total(stacks), calls);
        Map<ProfileBreakdown.ContainerPart, Double> container = new EnumMap<>(ProfileBreakdown.ContainerPart.class);
        ProfileBreakdown.containerSamples(stacks).forEach((part, samples) ->
                container.put(part, microsPerCall(samples, calls)));
        return new ProfileResult(series, size, calls, medianUs, cpuMicrosPerCall, ProfileBreakdown.shares(stacks),
                flameGraph, container);
    }

    /** CPU time per call, µs, of {@code samples} taken every {@link #INTERVAL_NANOS} over {@code calls} calls. */
    private static double microsPerCall(long samples, int calls) {
        return samples * INTERVAL_NANOS / 1000.0 / Math.max(1, calls);
    }
}
