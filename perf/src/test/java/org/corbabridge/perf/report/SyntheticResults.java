package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.PayloadPlan;

/**
 * Study results made up from a formula: every series and size, eight rounds that drift alike for
 * every series (so each per-round ratio is the formula's ratio).
 */
final class SyntheticResults {

    private SyntheticResults() {
    }

    static StudyResults of(PayloadPlan plan, ToDoubleBiFunction<Series, SizePoint> medianUs) {
        List<Series> series = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
                for (InvocationMode mode : InvocationMode.values()) {
                    series.add(new Series(caller, orb, mode));
                }
            }
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            series.add(new Series(Caller.STUB, orb, InvocationMode.STATIC));
            series.add(new Series(Caller.PLAIN, orb, InvocationMode.STATIC));
            series.add(new Series(Caller.PROXY, orb, InvocationMode.STATIC));
            series.add(new Series(Caller.ASIO_NO_BEAN, orb, InvocationMode.STATIC));
        }
        series.add(Series.nativeFloor());
        series.add(Series.rawFloor());
        List<PointResult> points = new ArrayList<>();
        for (Series s : series) {
            for (SizePoint size : plan.sizes()) {
                double median = medianUs.applyAsDouble(s, size);
                points.add(new PointResult(s, size, 40, median, median * 1.2, median * 1.5, median * 2,
                        median * 0.9, median * 0.1, rounds(median), median * 0.9));
            }
        }
        Map<String, Map<String, Long>> setup = new LinkedHashMap<>();
        setup.put("CC JacORB", Map.of("orbInit", 150_000_000L, "static.connect", 20_000_000L,
                "rounds.jit", 40_000_000L));
        setup.put("ASIO JacORB", Map.of("containerBoot", 2_000_000_000L, "rounds.jit", 25_000_000L));
        setup.put("ASRO JacORB", Map.of("containerBoot", 2_000_000_000L, "static.sessionCreate", 120_000_000L));
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("date", "2026-11-30T00:00:00Z");
        environment.put("cores", "2");
        return new StudyResults(plan, environment, setup, points, 12.5);
    }

    private static double[] rounds(double median) {
        double[] drift = {0.98, 1.02, 0.99, 1.01, 0.97, 1.03, 1.0, 1.0};
        double[] rounds = new double[drift.length];
        for (int i = 0; i < drift.length; i++) {
            rounds[i] = median * drift[i];
        }
        return rounds;
    }

    /**
     * CC costs 1 µs per KB + 50 µs; ASIO 0.9 of CC, ASRO 1.8, DII twice SII, DYN 1.1 times; the stub
     * (plain or on the adapter's ORB) 1/1.05 of CC and the typed proxy 1.01 times the stub; the adapter beside
     * ASIO's bean 0.75 of CC (so the bean path is 1.2); the floors far below.
     */
    static double paperLike(Series series, SizePoint size) {
        double cc = 50 + size.kilobytes();
        return switch (series.caller()) {
            case RAW -> cc / 20;
            case NATIVE -> cc / 3;
            case STUB, PLAIN -> cc / 1.05;
            case PROXY -> cc / 1.05 * 1.01;
            case ASIO_NO_BEAN -> cc * 0.75;
            default -> cc * (series.caller() == Caller.ASIO ? 0.9 : series.caller() == Caller.ASRO ? 1.8 : 1.0)
                    * (series.mode() == InvocationMode.DII ? 2.0 : series.mode() == InvocationMode.DYNAMIC ? 1.1 : 1.0);
        };
    }
}
