package org.corbabridge.perf.report;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a study's report into a directory: results.csv, scale.csv, startup.csv and callbacks.csv
 * ({@link ReportCsv}), results.json ({@link ReportJson}), the figures as PNG ({@link Charts},
 * {@link ScaleCharts}), and index.html, rendered from the jte templates in {@code src/main/jte}
 * (precompiled by the build into this package): first a one-screen {@link Summary} of the headline
 * ratios and their two charts, then a reading of the numbers in plain words ({@link StudyReading}),
 * the ratio tables beside the paper's, and the paper's figures.
 */
public final class StudyReport {

    /** The templates, compiled at build time into this package, so that they may read its types. */
    private static final TemplateEngine TEMPLATES = TemplateEngine.createPrecompiled(null, ContentType.Html, null,
            StudyReport.class.getPackageName());

    private StudyReport() {
    }

    /** Writes everything; returns the path of index.html. */
    public static Path write(StudyResults results, Path dir) throws IOException {
        Files.createDirectories(dir);
        ReportCsv.payload(results, dir.resolve("results.csv"));
        ReportCsv.scaleAndStartup(results, dir);
        ReportCsv.callbacks(results, dir);
        List<PayloadTables.Table> tables = results.points().isEmpty() ? List.of() : PayloadTables.all(results);
        List<Charts.Figure> figures = new ArrayList<>(Charts.writeAll(results, dir));
        List<PayloadTables.Table> network = new ArrayList<>(PayloadTables.networkOverLoopback(results));
        if (results.network().isPresent() && !results.network().get().points().isEmpty()) {
            network.addAll(PayloadTables.all(results.network().get()));
            figures.addAll(Charts.writeNetworkPath(results.network().get(), dir));
        }
        ReportJson.write(results, tables, network, dir.resolve("results.json"));
        Summary.View summary = Summary.of(results, dir);
        Path index = dir.resolve("index.html");
        Files.writeString(index, page(results, tables, network, figures, StudyReading.of(results), summary),
                StandardCharsets.UTF_8);
        return index;
    }

    private static String page(StudyResults results, List<PayloadTables.Table> tables,
            List<PayloadTables.Table> network, List<Charts.Figure> figures, List<String> reading, Summary.View summary) {
        StringOutput html = new StringOutput();
        TEMPLATES.render("study.jte", Map.of("results", results, "tables", tables, "network", network, "figures",
                figures, "reading", reading, "summary", summary), html);
        return html.toString();
    }
}
