package org.corbabridge.perf.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The study's figures as PNG files, after the paper's figures 4 to 11. */
public final class Charts {

    /** A chart written to disk: its file name and what it shows. */
    public record Figure(String file, String title, String caption) {
    }

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private Charts() {
    }

    public static List<Figure> writeAll(StudyResults results, Path dir) throws IOException {
        List<Figure> figures = new ArrayList<>();
        if (!results.points().isEmpty()) {
            figures.addAll(payloadFigures(results, dir, ""));
        }
        figures.addAll(ScaleCharts.writeAll(results, dir));
        return figures;
    }

    /** The folder, under the report's, of the figures of the payload part over the network path. */
    static final String NETWORK_DIR = "network";

    /** Figures 4 to 11 of the payload part over the network path, in their own folder, titled so. */
    public static List<Figure> writeNetworkPath(StudyResults network, Path dir) throws IOException {
        if (network.points().isEmpty()) {
            return List.of();
        }
        Path folder = Files.createDirectories(dir.resolve(NETWORK_DIR));
        return payloadFigures(network, folder, " (network path)").stream()
                .map(figure -> new Figure(NETWORK_DIR + "/" + figure.file(), figure.title(), figure.caption()))
                .toList();
    }

    private static final List<InvocationMode> PAPER_MODES = List.of(InvocationMode.STATIC, InvocationMode.DII);

    /** @param where appended to every title: where the part was measured, when not over loopback */
    private static List<Figure> payloadFigures(StudyResults results, Path dir, String where) throws IOException {
        List<Figure> figures = new ArrayList<>();
        int number = 4;
        // the paper's figures compare its two modes: the stub and the ORB's Request/Any DII
        for (InvocationMode mode : PAPER_MODES) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                figures.add(responseBySize(results, orb, mode, dir, number++, where));
            }
        }
        for (InvocationMode mode : PAPER_MODES) {
            figures.add(ratioToCc(results, mode, dir, mode == InvocationMode.STATIC ? 8 : 9, where));
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            figures.add(staticAgainstDynamic(results, orb, dir, where));
        }
        figures.add(dynamicOverStatic(results, dir, where));
        return figures;
    }

    /** Figures 4 to 7: response time against data size, every caller of one ORB and mode, and the floors. */
    static Figure responseBySize(StudyResults results, OrbImplementation orb, InvocationMode mode, Path dir,
            int number, String where) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
            addLine(data, results, new Series(caller, orb, mode), caller + " (" + caller.description() + ")");
        }
        addLine(data, results, Series.nativeFloor(), "C++ omniORB client, SII (floor)");
        addLine(data, results, Series.rawFloor(), "raw TCP round trip (floor)");
        String modeName = mode == InvocationMode.STATIC ? "static (SII)" : "dynamic (DII)";
        String orbName = new Series(Caller.CC, orb, mode).orbName();
        String title = "Fig. " + number + ": response time vs data size, " + orbName + ", " + modeName + where;
        String file = "fig" + number + "-response-" + orbName.toLowerCase().replace(' ', '-') + "-" + mode.configName()
                + ".png";
        save(lineChart(title, data), dir.resolve(file));
        return new Figure(file, title, "Median response time per call; every point merges all rounds.");
    }

    /** Figures 8 and 9: each app-server set-up over the standalone client, at the paper's sizes. */
    static Figure ratioToCc(StudyResults results, InvocationMode mode, Path dir, int number, String where)
            throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Caller caller : List.of(Caller.ASIO, Caller.ASRO)) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series top = new Series(caller, orb, mode);
                for (SizePoint size : PayloadTables.paperSizes(results)) {
                    Ratio.of(results, top, new Series(Caller.CC, orb, mode), size).ifPresent(
                            ratio -> data.addValue(ratio.value(), caller + "/CC " + top.orbName(), size.label()));
                }
            }
        }
        String modeName = mode == InvocationMode.STATIC ? "static" : "dynamic";
        String title = "Fig. " + number + ": response time over the standalone client's, " + modeName + " invocation"
                + where;
        String file = "fig" + number + "-ratio-to-cc-" + mode.configName() + ".png";
        save(barChart(title, "ratio to CC", data), dir.resolve(file));
        return new Figure(file, title, "1.0 means as fast as the standalone client; the paper's ASIO/CC was "
                + "0.83–0.94 and ASRO/CC 1.59–2.27.");
    }

    /** Figure 10: static against dynamic invocation, every caller of one ORB. */
    static Figure staticAgainstDynamic(StudyResults results, OrbImplementation orb, Path dir, String where)
            throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
            for (InvocationMode mode : InvocationMode.values()) {
                Series series = new Series(caller, orb, mode);
                addLine(data, results, series, caller + " " + series.modeName());
            }
        }
        String orbName = new Series(Caller.CC, orb, InvocationMode.STATIC).orbName();
        String title = "Fig. 10: static vs dynamic invocation, " + orbName + where;
        String file = "fig10-sii-vs-dii-" + orbName.toLowerCase().replace(' ', '-') + ".png";
        save(lineChart(title, data), dir.resolve(file));
        return new Figure(file, title, "Median response time of SII, DII (Request and Any) and DYN (TypeCode-driven "
                + "marshalling on the ORB's streams) for each caller.");
    }

    /** Figure 11: DII over SII, every caller and ORB, at the paper's sizes. */
    static Figure dynamicOverStatic(StudyResults results, Path dir, String where) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series dynamic = new Series(caller, orb, InvocationMode.DII);
                for (SizePoint size : PayloadTables.paperSizes(results)) {
                    Ratio.of(results, dynamic, new Series(caller, orb, InvocationMode.STATIC), size).ifPresent(
                            ratio -> data.addValue(ratio.value(), caller + " " + dynamic.orbName(), size.label()));
                }
            }
        }
        String title = "Fig. 11: dynamic over static invocation" + where;
        String file = "fig11-dii-over-sii.png";
        JFreeChart chart = barChart(title, "DII / SII", data);
        ((CategoryPlot) chart.getPlot()).addRangeMarker(new ValueMarker(PaperFigures.DII_SII_AVERAGE, Color.GRAY,
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f)));
        save(chart, dir.resolve(file));
        return new Figure(file, title, "The dashed line is the paper's average, 1.95.");
    }

    private static void addLine(XYSeriesCollection data, StudyResults results, Series series, String name) {
        XYSeries line = new XYSeries(name);
        for (SizePoint size : results.sizes()) {
            results.point(series, size).ifPresent(point -> line.add(size.kilobytes(), point.medianUs() / 1000.0));
        }
        if (line.getItemCount() > 0) {
            data.addSeries(line);
        }
    }

    private static JFreeChart lineChart(String title, XYSeriesCollection data) {
        JFreeChart chart = ChartFactory.createXYLineChart(title, "data size (KB, marshalled reply)",
                "median response time (ms)", data, PlotOrientation.VERTICAL, true, false, false);
        styleLines(chart.getXYPlot(), name -> name.contains("floor"), name -> colour(name, data.getSeriesIndex(name)));
        return chart;
    }

    /**
     * Lines with points on a white plot: each series solid or dashed, and in its colour, by its
     * name. Every line chart of the report is drawn this way.
     */
    static void styleLines(XYPlot plot, Predicate<String> dashed,
            Function<String, Color> colour) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
            String name = plot.getDataset().getSeriesKey(i).toString();
            renderer.setSeriesStroke(i, dashed.test(name)
                    ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f)
                    : new BasicStroke(2f));
            renderer.setSeriesPaint(i, colour.apply(name));
        }
        plot.setRenderer(renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    }

    /** One colour per caller on every chart; the floors in greys. */
    private static Color colour(String seriesName, int index) {
        if (seriesName.startsWith("C++")) {
            return Color.DARK_GRAY;
        }
        if (seriesName.startsWith("raw")) {
            return Color.GRAY;
        }
        boolean dynamic = seriesName.contains("DII");
        if (seriesName.startsWith("CC")) {
            return dynamic ? new Color(240, 140, 140) : new Color(200, 30, 30);
        }
        if (seriesName.startsWith("ASIO")) {
            return dynamic ? new Color(130, 160, 240) : new Color(30, 70, 200);
        }
        if (seriesName.startsWith("ASRO")) {
            return dynamic ? new Color(130, 210, 130) : new Color(20, 140, 40);
        }
        return PALETTE[index % PALETTE.length];
    }

    private static final Color[] PALETTE = {Color.BLACK, Color.ORANGE, Color.MAGENTA, Color.CYAN};

    private static JFreeChart barChart(String title, String axis, DefaultCategoryDataset data) {
        JFreeChart chart = ChartFactory.createBarChart(title, "data size", axis, data, PlotOrientation.VERTICAL, true,
                false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.addRangeMarker(new ValueMarker(1.0, Color.BLACK, new BasicStroke(1f)));
        return chart;
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
    }
}
