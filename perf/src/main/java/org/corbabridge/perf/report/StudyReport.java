package org.corbabridge.perf.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/**
 * Writes a study's report into a directory: results.csv and results.json (one row per series
 * and size, with the environment), the figures as PNG, and index.html, which shows them all
 * with the ratio tables beside the paper's and a reading of the numbers in plain words.
 */
public final class StudyReport {

    private StudyReport() {
    }

    /** Writes everything; returns the path of index.html. */
    public static Path write(StudyResults results, Path dir) throws IOException {
        Files.createDirectories(dir);
        writeCsv(results, dir.resolve("results.csv"));
        ScaleReport.writeCsv(results, dir);
        List<PayloadTables.Table> tables = results.points().isEmpty() ? List.of() : PayloadTables.all(results);
        writeJson(results, tables, dir.resolve("results.json"));
        List<Charts.Figure> figures = Charts.writeAll(results, dir);
        Path index = dir.resolve("index.html");
        Files.writeString(index, html(results, tables, figures, Reading.of(results)), StandardCharsets.UTF_8);
        return index;
    }

    static void writeCsv(StudyResults results, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("series", "caller", "orb",
                        "mode", "size", "budget_bytes", "data_bytes", "items", "calls", "median_us", "p90_us", "p99_us",
                        "max_us", "communication_median_us", "server_median_us", "round_median_min_us",
                        "round_median_max_us").build())) {
            for (PointResult p : results.points()) {
                csv.printRecord(p.series().label(), p.series().caller(), p.series().orbName(), p.series().modeName(),
                        p.size().label(), p.size().budget(), p.size().dataBytes(), p.size().items(), p.calls(),
                        num(p.medianUs()), num(p.p90Us()), num(p.p99Us()), num(p.maxUs()),
                        num(p.communicationMedianUs()), num(p.serverMedianUs()), num(p.roundMedianMinUs()),
                        num(p.roundMedianMaxUs()));
            }
        }
    }

    static void writeJson(StudyResults results, List<PayloadTables.Table> tables, Path file) throws IOException {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("environment", results.environment());
        document.put("plan", results.plan());
        document.put("durationSeconds", results.durationSeconds());
        document.put("setupNanos", results.setupNanos());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PointResult p : results.points()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("series", p.series().label());
            row.put("caller", p.series().caller());
            row.put("orb", p.series().orbName());
            row.put("mode", p.series().modeName());
            row.put("size", p.size().label());
            row.put("dataBytes", p.size().dataBytes());
            row.put("items", p.size().items());
            row.put("calls", p.calls());
            row.put("medianUs", p.medianUs());
            row.put("p90Us", p.p90Us());
            row.put("p99Us", p.p99Us());
            row.put("maxUs", p.maxUs());
            row.put("communicationMedianUs", p.communicationMedianUs());
            row.put("serverMedianUs", p.serverMedianUs());
            row.put("roundMediansUs", p.roundMediansUs());
            rows.add(row);
        }
        document.put("results", rows);
        List<Map<String, Object>> ratios = new ArrayList<>();
        for (PayloadTables.Table table : tables) {
            for (PayloadTables.Row row : table.rows()) {
                for (int i = 0; i < table.columns().size(); i++) {
                    Optional<Ratio> ratio = row.ratios().get(i);
                    if (ratio.isPresent()) {
                        Map<String, Object> entry = new LinkedHashMap<>();
                        entry.put("table", table.title());
                        entry.put("row", row.label());
                        entry.put("size", table.columns().get(i).label());
                        entry.put("ratio", ratio.get().value());
                        entry.put("ci95Low", ratio.get().estimate().low());
                        entry.put("ci95High", ratio.get().estimate().high());
                        entry.put("roundMin", ratio.get().roundMin());
                        entry.put("roundMax", ratio.get().roundMax());
                        ratios.add(entry);
                    }
                }
            }
        }
        document.put("ratios", ratios);
        List<Map<String, Object>> profiles = new ArrayList<>();
        for (ProfileResult profile : results.profiles()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("series", profile.series().label());
            entry.put("size", profile.size().label());
            entry.put("calls", profile.calls());
            entry.put("responseMedianUs", profile.responseMedianUs());
            entry.put("cpuMicrosPerCall", profile.cpuMicrosPerCall());
            entry.put("shares", profile.shares());
            entry.put("flameGraph", profile.flameGraph());
            profiles.add(entry);
        }
        document.put("profiles", profiles);
        document.putAll(ScaleReport.json(results));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), document);
    }

    private static String html(StudyResults results, List<PayloadTables.Table> tables, List<Charts.Figure> figures,
            List<String> reading) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>CORBA from Jakarta EE: what the call costs</title><style>")
                .append("body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}")
                .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;")
                .append("text-align:right}th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}")
                .append(".paper{color:#666;text-align:left}.small{font-size:.85em;color:#555}img{max-width:100%}")
                .append("</style></head><body>\n");
        html.append("<h1>CORBA from Jakarta EE: what the call costs</h1>\n");
        html.append("<p class=\"small\">The ").append(esc(results.plan().name())).append(" study, ")
                .append(esc(results.environment().getOrDefault("date", ""))).append(", ")
                .append(String.format(Locale.ROOT, "%.0f", results.durationSeconds())).append(" s.</p>\n");

        html.append("<h2>In plain words</h2>\n<ul>\n");
        reading.forEach(line -> html.append("<li>").append(esc(line)).append("</li>\n"));
        html.append("</ul>\n");

        if (!results.points().isEmpty()) {
            payloadHtml(results, tables, html);
        }
        profileHtml(results, html);
        ScaleReport.html(results, html);

        html.append("<h2>Figures</h2>\n");
        for (Charts.Figure figure : figures) {
            html.append("<figure><img src=\"").append(esc(figure.file())).append("\" alt=\"").append(esc(figure.title()))
                    .append("\"><figcaption class=\"small\">").append(esc(figure.caption()))
                    .append("</figcaption></figure>\n");
        }
        if (!results.points().isEmpty()) {
            payloadDetailHtml(results, html);
        }

        html.append("<h2>Environment</h2>\n<table>");
        results.environment().forEach((key, value) -> html.append("<tr><td>").append(esc(key)).append("</td><td>")
                .append(esc(value)).append("</td></tr>"));
        html.append("</table>\n<p class=\"small\">Machine-readable: <a href=\"results.csv\">results.csv</a>, ")
                .append("<a href=\"results.json\">results.json</a>.</p>\n</body></html>\n");
        return html.toString();
    }

    private static void payloadHtml(StudyResults results, List<PayloadTables.Table> tables, StringBuilder html) {
        html.append("<h2>Ratios beside the paper's</h2>\n<p class=\"small\">Each ratio is taken round by round (the ")
                .append("two series ran in every round, interleaved): the median of the per-round ratios, and in ")
                .append("brackets its 95% bootstrap interval over rounds. A ratio is read as a difference, or a goal ")
                .append("as met, only when the whole interval says so. results.json also gives the per-round range.</p>\n");
        for (PayloadTables.Table table : tables) {
            html.append("<h3>").append(esc(table.title())).append("</h3><p class=\"small\">")
                    .append(esc(table.caption())).append("</p><table><tr><th></th>");
            table.columns().forEach(size -> html.append("<th>").append(esc(size.label())).append("</th>"));
            boolean paper = table.rows().stream().anyMatch(row -> !row.paper().isEmpty());
            if (paper) {
                html.append("<th>paper</th>");
            }
            html.append("</tr>\n");
            for (PayloadTables.Row row : table.rows()) {
                html.append("<tr><td>").append(esc(row.label())).append("</td>");
                for (Optional<Ratio> ratio : row.ratios()) {
                    html.append("<td>").append(ratio.map(StudyReport::ratioText).orElse("–")).append("</td>");
                }
                if (paper) {
                    html.append("<td class=\"paper\">").append(esc(row.paper())).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append("</table>\n");
        }

    }

    /** Where the time goes: each profile's CPU per call and its breakdown, with its flame graph. */
    private static void profileHtml(StudyResults results, StringBuilder html) {
        if (results.profiles().isEmpty()) {
            return;
        }
        html.append("<h2>Where the time goes</h2>\n<p class=\"small\">CPU profiles (async-profiler, every 100 µs, ")
                .append("all threads of the series' worker JVM, kernel frames included) over an uninterrupted loop ")
                .append("after the rounds. CPU per call counts every thread (the caller, the ORB's readers, the ")
                .append("container's); the rest is the share of that time per category, by the running frame or ")
                .append("the nearest frame below it that has one. The server's time is not in it.</p>\n<table><tr>")
                .append("<th>series</th><th>size</th><th>calls</th><th>median µs</th><th>CPU µs / call</th>");
        for (ProfileBreakdown.Category category : ProfileBreakdown.Category.values()) {
            html.append("<th>").append(esc(category.label())).append("</th>");
        }
        html.append("<th>flame graph</th></tr>\n");
        for (ProfileResult profile : results.profiles()) {
            html.append("<tr><td>").append(esc(profile.series().label())).append("</td><td>")
                    .append(esc(profile.size().label())).append("</td><td>").append(profile.calls()).append("</td><td>")
                    .append(num(profile.responseMedianUs())).append("</td><td>").append(num(profile.cpuMicrosPerCall()))
                    .append("</td>");
            for (ProfileBreakdown.Category category : ProfileBreakdown.Category.values()) {
                html.append("<td>").append(String.format(Locale.ROOT, "%.0f%%",
                        100 * profile.shares().getOrDefault(category, 0.0))).append("</td>");
            }
            html.append("<td><a href=\"").append(esc(profile.flameGraph())).append("\">open</a></td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void payloadDetailHtml(StudyResults results, StringBuilder html) {
        html.append("<h2>Set-up, measured apart from the steady call</h2>\n<table><tr><th>worker</th><th>step</th>")
                .append("<th>ms</th></tr>\n");
        results.setupNanos().forEach((worker, steps) -> steps.forEach((step, nanos) -> html.append("<tr><td>")
                .append(esc(worker)).append("</td><td>").append(esc(step)).append("</td><td>")
                .append(String.format(Locale.ROOT, "%.2f", nanos / 1e6)).append("</td></tr>\n")));
        html.append("</table><p class=\"small\">orbInit: ORB.init; containerBoot: embedded OpenEJB started and the ")
                .append("EJB jar deployed (the built-in ORB with it); sessionCreate: JNDI lookup of a new stateful ")
                .append("session (an external-mode session runs ORB.init here); connect: naming lookup and type ")
                .append("check; firstCall: the first, cold call (in a bean it includes connect); secondCall: the ")
                .append("next one.</p>\n");

        html.append("<h2>Every point</h2>\n<table><tr><th>series</th><th>size</th><th>bytes</th><th>calls</th>")
                .append("<th>median µs</th><th>p90</th><th>p99</th><th>max</th><th>comm. median</th>")
                .append("<th>server median</th><th>round medians</th></tr>\n");
        for (Series series : results.series()) {
            for (SizePoint size : results.sizes()) {
                results.point(series, size).ifPresent(p -> html.append("<tr><td>").append(esc(series.label()))
                        .append("</td><td>").append(esc(size.label())).append("</td><td>").append(size.dataBytes())
                        .append("</td><td>").append(p.calls()).append("</td><td>").append(num(p.medianUs()))
                        .append("</td><td>").append(num(p.p90Us())).append("</td><td>").append(num(p.p99Us()))
                        .append("</td><td>").append(num(p.maxUs())).append("</td><td>")
                        .append(num(p.communicationMedianUs())).append("</td><td>").append(num(p.serverMedianUs()))
                        .append("</td><td>").append(num(p.roundMedianMinUs())).append("–")
                        .append(num(p.roundMedianMaxUs())).append("</td></tr>\n"));
            }
        }
        html.append("</table>\n");

        html.append("<h2>Method</h2>\n<ul>")
                .append("<li>Data size: the CDR-marshalled size of the QueryResult in the reply body, computed from ")
                .append("the items returned with the formula the server uses (checked against omniORB's own ")
                .append("marshalling); the GIOP and reply headers (about 24 bytes) are not counted.</li>")
                .append("<li>Every caller in a JVM of its own, with only its ORB's jars; the EJB callers run the built ")
                .append("EJB jar in embedded OpenEJB and every timed call goes through the bean's business ")
                .append("interface. One omniORB server and name service serve all; one thing runs at a time.</li>")
                .append("<li>Warm-up before any timing: ").append(results.plan().warmupCalls()).append(" calls of ")
                .append(results.plan().warmupBudget() / 1024).append(" KB, then ")
                .append(results.plan().warmupCallsPerSize()).append(" at every size, per series. ")
                .append("The reading above compares the first round with the later ones.</li>")
                .append("<li>").append(results.plan().rounds()).append(" rounds; in each, every series measures ")
                .append("every size, in an order rotated from round to round. Times by System.nanoTime around the ")
                .append("call, recorded in HdrHistogram (3 significant digits); communication time is response ")
                .append("time less the server's own timeInServer, call by call.</li>")
                .append("<li>Floors: the omniORB C++ client (static invocation) and a raw loopback TCP round trip ")
                .append("(8-byte request, a reply of the data size), both in C++.</li></ul>\n");
    }

    /** The median of the per-round ratios, with its 95% interval. */
    private static String ratioText(Ratio ratio) {
        return String.format(Locale.ROOT, "%.2f <span class=\"small\">[%.2f–%.2f]</span>", ratio.value(),
                ratio.estimate().low(), ratio.estimate().high());
    }

    private static String num(double value) {
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
    }

    private static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Sentences that say what the numbers mean, computed from them. */
    static final class Reading {

        private Reading() {
        }

        static List<String> of(StudyResults results) {
            List<String> lines = new ArrayList<>();
            if ("quick".equals(results.plan().name())) {
                lines.add("This is the quick pass (" + results.plan().rounds() + " rounds of "
                        + results.plan().batchCalls() + " calls or fewer): it proves every configuration runs; its "
                        + "numbers are too few for conclusions. Run the study (mvn -Pstudy -DskipTests verify).");
            }
            if (results.points().isEmpty()) {
                lines.addAll(ScaleReport.reading(results));
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
            warmupCheck(results).ifPresent(lines::add);
            lines.addAll(ScaleReport.reading(results));
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
                double[] rest = java.util.Arrays.copyOfRange(rounds, 1, rounds.length);
                java.util.Arrays.sort(rest);
                firstOverRest.add(rounds[0] / rest[rest.length / 2]);
            }
            if (firstOverRest.isEmpty()) {
                return Optional.empty();
            }
            firstOverRest.sort(null);
            double median = firstOverRest.get(firstOverRest.size() / 2);
            double worst = firstOverRest.get(firstOverRest.size() - 1);
            return Optional.of(String.format(Locale.ROOT, "Warm-up: across the Java series, the first round's median "
                    + "was %.2f times the later rounds' (worst point %.2f). %s", median, worst, median < 1.10
                    ? "Within 10%: the JIT had done its work before timing began; single points vary with the "
                            + "noise of client and server sharing the cores."
                    : "The first round was slower than the rest: more warm-up would move these numbers."));
        }
    }
}
