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
 */
public record ProfileResult(Series series, SizePoint size, int calls, double responseMedianUs,
        double cpuMicrosPerCall, Map<ProfileBreakdown.Category, Double> shares, String flameGraph) {
}
