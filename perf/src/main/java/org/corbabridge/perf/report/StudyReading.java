package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.WarmUp;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/** The report's plain words: sentences that say what the numbers mean, each computed from them. */
final class StudyReading {


    private StudyReading() {
    }

    static List<String> of(StudyResults results) {
        List<String> lines = new ArrayList<>();
        if ("quick".equals(results.plan().name())) {
            lines.add("This is the quick pass (" + results.plan().rounds() + " rounds of "
                    + results.plan().batchCalls() + " calls or fewer): it proves every configuration runs; its "
                    + "numbers are too few for conclusions. Run the study (mvn -Pstudy -DskipTests verify).");
        }
        if (results.points().isEmpty()) {
            lines.addAll(ScaleReading.of(results));
            lines.addAll(FeatureReading.of(results.features()));
            return lines;
        }
        List<SizePoint> paper = PayloadTables.paperSizes(results);
        String sizes = paper.get(0).label() + "–" + paper.get(paper.size() - 1).label();
        for (OrbImplementation orb : OrbImplementation.values()) {
            String orbName = new Series(Caller.CC, orb, InvocationMode.STATIC).orbName();
            spread(results, Caller.ASIO, Caller.CC, orb, paper).ifPresent(r -> lines.add(String.format(Locale.ROOT,
                    "%s, EJB through the container's ORB (ASIO): %s times the standalone client's response "
                            + "time (median over rounds of the median of every mode at %s, 95%% interval in "
                            + "brackets; single points %.2f–%.2f; the paper: %s). %s", orbName,
                    r.estimate().text(), sizes, r.min(), r.max(), PaperFigures.ASIO_CC,
                    r.estimate().verdict("the container's call path"))));
            spread(results, Caller.ASRO, Caller.CC, orb, paper).ifPresent(r -> lines.add(String.format(Locale.ROOT,
                    "%s, EJB with an ORB it starts itself (ASRO): %s times the standalone client's (single "
                            + "points %.2f–%.2f; the paper: %s). %s", orbName, r.estimate().text(), r.min(),
                    r.max(), PaperFigures.ASRO_CC, r.estimate().verdict("the external ORB's call path"))));
            spread(results, Caller.ASRO, Caller.ASIO, orb, paper).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "%s: per call, a session's own ORB takes %s times the container's. %s What an "
                            + "own ORB surely costs is its start-up, in the set-up table.", orbName,
                    r.estimate().text(), r.estimate().verdict("a session's own ORB"))));
            dynamicSpread(results, orb, paper, InvocationMode.DII).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "%s, the ORB's dynamic over static invocation: %s across callers and sizes "
                            + "(single points %.2f–%.2f; the paper: %s).", orbName, r.estimate().text(), r.min(),
                    r.max(), PaperFigures.DII_SII)));
            Series plain = new Series(Caller.PLAIN, orb, InvocationMode.STATIC);
            aggregate(results, List.<Series[]>of(new Series[] {new Series(Caller.CC, orb,
                    InvocationMode.STATIC), plain}), results.sizes()).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "%s, the Catalog adapter (static) over a plain ORB client in the same JVM: %s "
                            + "across sizes (single points %.3f–%.3f). The goal is 1.02 at most: %s", orbName,
                    r.estimate().text(), r.min(), r.max(), goal(r.estimate(), 1.02))));
            aggregate(results, List.<Series[]>of(new Series[] {new Series(Caller.CC, orb,
                    InvocationMode.STATIC), new Series(Caller.STUB, orb, InvocationMode.STATIC)}), results.sizes())
                    .ifPresent(r -> lines.add(String.format(Locale.ROOT, "%s, the adapter's own code: the Catalog "
                            + "adapter (static) over the generated stub on the same ORB: %s across sizes (single "
                            + "points %.3f–%.3f). The goal is 1.02 at most: %s", orbName, r.estimate().text(), r.min(),
                            r.max(), goal(r.estimate(), 1.02))));
            aggregate(results, List.<Series[]>of(new Series[] {new Series(Caller.PROXY, orb,
                    InvocationMode.STATIC), plain}), results.sizes()).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "%s, the core's typed proxy over the plain client: %s across sizes (single "
                            + "points %.3f–%.3f). The goal is 1.02 at most: %s", orbName, r.estimate().text(),
                    r.min(), r.max(), goal(r.estimate(), 1.02))));
            dynamicSpread(results, orb, paper, InvocationMode.DYNAMIC).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "%s, the adapter's dynamic invocation on the ORB's streams over static: %s "
                            + "across callers and sizes (single points %.2f–%.2f). The goal is 1.15 at most: %s",
                    orbName, r.estimate().text(), r.min(), r.max(), goal(r.estimate(), 1.15))));
        }
        SizePoint middle = paper.get(paper.size() / 2);
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series client = new Series(Caller.CC, orb, InvocationMode.STATIC);
            Ratio.of(results, client, Series.nativeFloor(), middle).ifPresent(r -> lines.add(String.format(
                    Locale.ROOT, "At %s the %s client takes %s times as long as the omniORB C++ client.",
                    middle.label(), client.orbName(), r.estimate().text())));
        }
        Ratio.of(results, Series.rawFloor(), Series.nativeFloor(), middle).ifPresent(r -> lines.add(String.format(
                Locale.ROOT, "At %s a raw TCP round trip of the same bytes takes %.0f%% of the C++ client's "
                        + "time (95%% interval %.0f–%.0f%%); the rest is the ORBs' and the server's.",
                middle.label(), 100 * r.value(), 100 * r.estimate().low(), 100 * r.estimate().high())));
        lines.addAll(floorModes(results, "over loopback"));
        results.network().ifPresent(network -> lines.addAll(networkPath(results, network)));
        warmupCheck(results).ifPresent(lines::add);
        lines.addAll(ScaleReading.of(results));
        lines.addAll(FeatureReading.of(results.features()));
        return lines;
    }

    /** Whether an interval shows a goal met, missed, or neither. */
    static String goal(Estimate estimate, double goal) {
        if (estimate.within(goal)) {
            return "met (the whole interval is within it).";
        }
        if (estimate.beyond(goal)) {
            return "missed (the whole interval is above it).";
        }
        return "not shown either way (the interval straddles it).";
    }

    /**
     * A comparison over several points: per round, the median of the pairs' ratios at every
     * size; the estimate is over rounds, the range over single points.
     */
    record Aggregate(Estimate estimate, double min, double max) {
    }

    /** Caller over base, every mode, the given sizes. */
    /**
     * The raw TCP floor's distribution, size by size: where its calls fall into two modes far apart,
     * its median is one of them by chance, and a ratio over it says more about the floor than about
     * the client; this says so instead of dividing by it.
     */
    static List<String> floorModes(StudyResults results, String where) {
        List<String> lines = new ArrayList<>();
        List<String> single = new ArrayList<>();
        for (SizePoint size : results.sizes()) {
            Optional<PointResult> floor = results.point(Series.rawFloor(), size);
            if (floor.isEmpty() || Double.isNaN(floor.get().p10Us())) {
                continue;
            }
            PointResult p = floor.get();
            if (p.bimodal()) {
                lines.add(String.format(Locale.ROOT, "The raw TCP floor %s at %s has two modes: 10%% of its round trips "
                        + "take %s µs or less, the median %s µs, 10%% %s µs or more (round medians %s–%s µs). Most likely "
                        + "the reader is either still running when the bytes come, or must be woken, on the other "
                        + "core; which, call by call, is the machine's, not the client's. A ratio over this floor at "
                        + "%s depends on which mode its median fell in, and is not read as a cost.", where, size.label(),
                        Format.micros(p.p10Us()), Format.micros(p.medianUs()), Format.micros(p.p90Us()),
                        Format.micros(p.roundMedianMinUs()), Format.micros(p.roundMedianMaxUs()), size.label()));
            } else {
                single.add(size.label() + " (" + Format.micros(p.p10Us()) + "–" + Format.micros(p.p90Us()) + " µs)");
            }
        }
        if (!single.isEmpty()) {
            lines.add("The raw TCP floor " + where + " has one mode (the 90th percentile within twice the 10th) at "
                    + String.join(", ", single) + ".");
        }
        return lines;
    }

    /** What the network path changes: the standalone adapter and the floors over it against loopback. */
    private static List<String> networkPath(StudyResults results, StudyResults network) {
        List<String> lines = new ArrayList<>();
        lines.add("Over the network path (" + network.environment().getOrDefault("network path", "?") + "):");
        for (SizePoint size : PayloadTables.paperSizes(results)) {
            List<String> parts = new ArrayList<>();
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series client = new Series(Caller.CC, orb, InvocationMode.STATIC);
                Ratio.across(network, results, client, size).ifPresent(r -> parts.add(client.orbName() + " "
                        + r.estimate().text()));
            }
            Ratio.across(network, results, Series.nativeFloor(), size).ifPresent(r -> parts.add("the C++ client "
                    + r.estimate().text()));
            Ratio.across(network, results, Series.rawFloor(), size).ifPresent(r -> parts.add("the raw floor "
                    + r.estimate().text()));
            if (!parts.isEmpty()) {
                lines.add("At " + size.label() + " the network path takes, over loopback: " + String.join("; ", parts)
                        + ".");
            }
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series client = new Series(Caller.CC, orb, InvocationMode.STATIC);
                Ratio.of(network, client, Series.nativeFloor(), size).ifPresent(r -> lines.add(String.format(Locale.ROOT,
                        "Over the network path at %s the %s client takes %s times as long as the C++ client.",
                        size.label(), client.orbName(), r.estimate().text())));
            }
        }
        lines.addAll(floorModes(network, "over the network path"));
        return lines;
    }

    private static Optional<Aggregate> spread(StudyResults results, Caller caller, Caller base,
            OrbImplementation orb, List<SizePoint> sizes) {
        List<Series[]> pairs = new ArrayList<>();
        for (InvocationMode mode : InvocationMode.values()) {
            pairs.add(new Series[] {new Series(caller, orb, mode), new Series(base, orb, mode)});
        }
        return aggregate(results, pairs, sizes);
    }

    /** A dynamic mode over SII for one ORB, every caller, the given sizes. */
    private static Optional<Aggregate> dynamicSpread(StudyResults results, OrbImplementation orb,
            List<SizePoint> sizes, InvocationMode dynamicMode) {
        List<Series[]> pairs = new ArrayList<>();
        for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
            pairs.add(new Series[] {new Series(caller, orb, dynamicMode),
                new Series(caller, orb, InvocationMode.STATIC)});
        }
        return aggregate(results, pairs, sizes);
    }

    /** The pairs {top, bottom} at every size; empty if none was measured. */
    static Optional<Aggregate> aggregate(StudyResults results, List<Series[]> pairs, List<SizePoint> sizes) {
        List<double[]> perRoundRatios = new ArrayList<>();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Series[] pair : pairs) {
            for (SizePoint size : sizes) {
                Optional<PointResult> top = results.point(pair[0], size);
                Optional<PointResult> bottom = results.point(pair[1], size);
                Optional<Ratio> ratio = Ratio.of(results, pair[0], pair[1], size);
                if (top.isPresent() && bottom.isPresent() && ratio.isPresent()) {
                    perRoundRatios.add(Ratio.perRound(top.get(), bottom.get()));
                    min = Math.min(min, ratio.get().value());
                    max = Math.max(max, ratio.get().value());
                }
            }
        }
        int rounds = perRoundRatios.stream().mapToInt(r -> r.length).min().orElse(0);
        if (perRoundRatios.isEmpty() || rounds == 0) {
            return Optional.empty();
        }
        double[] perRound = new double[rounds];
        org.apache.commons.math3.stat.descriptive.rank.Median median =
                new org.apache.commons.math3.stat.descriptive.rank.Median();
        for (int round = 0; round < rounds; round++) {
            final int r = round;
            perRound[round] = median.evaluate(perRoundRatios.stream().mapToDouble(ratios -> ratios[r]).toArray());
        }
        return Optional.of(new Aggregate(Estimate.ofRounds(perRound), min, max));
    }

    /** Whether warm-up was enough: the first round against the median of the later ones. */
    static Optional<String> warmupCheck(StudyResults results) {
        List<Double> firstOverRest = new ArrayList<>();
        for (PointResult point : results.points()) {
            double[] rounds = point.roundMediansUs();
            if (rounds.length < 2 || !point.series().caller().isJava()) {
                continue;
            }
            double[] rest = Arrays.copyOfRange(rounds, 1, rounds.length);
            Arrays.sort(rest);
            firstOverRest.add(rounds[0] / rest[rest.length / 2]);
        }
        if (firstOverRest.isEmpty()) {
            return Optional.empty();
        }
        firstOverRest.sort(null);
        double median = firstOverRest.get(firstOverRest.size() / 2);
        double worst = firstOverRest.get(firstOverRest.size() - 1);
        return Optional.of(String.format(Locale.ROOT, "Warm-up: across the Java series, the first round's median "
                + "was %.2f times the later rounds' (worst point %.2f). %s%s", median, worst, median < 1.10
                ? "Within 10%; single points vary with the noise of client and server sharing the cores."
                : "The first round was slower than the rest: more warm-up would move these numbers.",
                jitDuringRounds(results)));
    }

    /** What the workers' JIT compiled while the rounds ran, from their set-up costs ({@link WarmUp#ROUNDS_JIT}). */
    private static String jitDuringRounds(StudyResults results) {
        long total = 0;
        long most = -1;
        String busiest = null;
        for (Map.Entry<String, Map<String, Long>> worker : results.setupNanos().entrySet()) {
            Long jit = worker.getValue().get(WarmUp.ROUNDS_JIT);
            if (jit == null) {
                continue;
            }
            total += jit;
            if (jit > most) {
                most = jit;
                busiest = worker.getKey();
            }
        }
        if (busiest == null) {
            return "";
        }
        return String.format(Locale.ROOT, " During the rounds the workers' JIT compiled for %.0f ms in all "
                + "(most: %s, %.0f ms).", total / 1e6, busiest, most / 1e6);
    }
}
