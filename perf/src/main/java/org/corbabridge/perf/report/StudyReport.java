package org.corbabridge.perf.report;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes a study's report into a directory: results.csv, scale.csv and startup.csv
 * ({@link ReportCsv}), results.json ({@link ReportJson}), the figures as PNG ({@link Charts},
 * {@link ScaleCharts}), and index.html, rendered from the jte templates in {@code src/main/jte}
 * (precompiled by the build into this package) with the ratio tables beside the paper's and a
 * reading of the numbers in plain words ({@link StudyReading}).
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
        List<PayloadTables.Table> tables = results.points().isEmpty() ? List.of() : PayloadTables.all(results);
        ReportJson.write(results, tables, dir.resolve("results.json"));
        List<Charts.Figure> figures = Charts.writeAll(results, dir);
        Path index = dir.resolve("index.html");
        Files.writeString(index, page(results, tables, figures, StudyReading.of(results)), StandardCharsets.UTF_8);
        return index;
    }

    private static String page(StudyResults results, List<PayloadTables.Table> tables, List<Charts.Figure> figures,
            List<String> reading) {
        StringOutput html = new StringOutput();
        TEMPLATES.render("study.jte",
                Map.of("results", results, "tables", tables, "figures", figures, "reading", reading), html);
        return html.toString();
    }
}
