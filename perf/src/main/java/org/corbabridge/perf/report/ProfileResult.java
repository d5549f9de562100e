package org.corbabridge.perf.report;

import java.util.Map;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * A CPU profile of one series at one size (async-profiler, in the series' own worker JVM, over an
 * uninterrupted loop of calls): how much CPU a call costs, on every thread of that JVM, and where
 * it goes.
 *
 * @param cpuMicrosPerCall CPU time sampled in the worker JVM, all threads, per call
 * @param shares each {@link ProfileBreakdown.Category}'s share of that time, 0 to 1
 * @param flameGraph the flame graph's file name, beside the report
 * @param containerMicrosPerCall CPU per call in the EJB container outside the bean's method, by
 *     concern ({@link ProfileBreakdown#containerSamples}); zeros outside a container
 */
public record ProfileResult(Series series, SizePoint size, int calls, double responseMedianUs,
        double cpuMicrosPerCall, Map<ProfileBreakdown.Category, Double> shares, String flameGraph,
        Map<ProfileBreakdown.ContainerPart, Double> containerMicrosPerCall) {

    /** CPU per call in the container outside the bean's method, all concerns. */
    public double containerMicrosPerCallTotal() {
        return containerMicrosPerCall.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
