package org.corbabridge.perf.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The figures of the scaling and start-up parts, numbered after the payload part's. */
final class ScaleCharts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private ScaleCharts() {
    }

    static List<Charts.Figure> writeAll(StudyResults results, Path dir) throws IOException {
        List<Charts.Figure> figures = new ArrayList<>();
        if (!results.scale().isEmpty()) {
            for (SizePoint payload : payloads(results)) {
                figures.add(latencyBySessions(results, payload, dir));
            }
            figures.add(throughputBySessions(results, dir));
            figures.add(memoryBySessions(results, dir));
            serverModels(results, dir).ifPresent(figures::add);
        }
        if (!results.startup().isEmpty()) {
            figures.add(startupBreakdown(results, dir));
            figures.add(warmupCurves(results, dir));
        }
        return figures;
    }

    static List<SizePoint> payloads(StudyResults results) {
        return results.scale().stream().map(ScaleSeries::payload).distinct().toList();
    }

    /** The default server model's series of one payload: the four ORB and mode lines. */
    static List<ScaleSeries> mainSeries(StudyResults results, SizePoint payload) {
        return results.scale().stream()
                .filter(s -> s.payload().equals(payload) && s.serverModel() == ServerModel.THREAD_PER_CONNECTION)
                .toList();
    }

    private static Charts.Figure latencyBySessions(StudyResults results, SizePoint payload, Path dir)
            throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (ScaleSeries series : mainSeries(results, payload)) {
            data.addSeries(line(series.orbName() + " " + series.modeName() + " p99", series, StepReply::p99Micros,
                    1000));
            data.addSeries(line(series.orbName() + " " + series.modeName() + " median", series,
                    StepReply::p50Micros, 1000));
        }
        String file = "fig12-latency-by-sessions-" + payload.label().replace(' ', '-').toLowerCase() + ".png";
        String title = "Fig. 12: response time vs concurrent sessions, " + payload.label();
        JFreeChart chart = logLogChart(title, "concurrent stateful sessions", "response time (ms)", data);
        for (ScaleSeries series : mainSeries(results, payload)) {
            series.knee().ifPresent(knee -> mark(chart, "knee", knee.sessions(), knee.p99Micros() / 1000));
            series.failurePoint().filter(StepReply::ok).ifPresent(failed -> mark(chart, "failed",
                    failed.sessions(), Math.max(failed.p99Micros(), 1) / 1000));
        }
        save(chart, dir.resolve(file));
        return new Charts.Figure(file, title, "Each session calls, thinks " + results.scalePlan().thinkMillis()
                + " ms, calls again; response time counts from when the call was due. Solid: p99; dashed: median. "
                + "A line ends where the configuration failed or ran out of time; arrows mark each knee and failure.");
    }

    private static Charts.Figure throughputBySessions(StudyResults results, Path dir) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (SizePoint payload : payloads(results)) {
            for (ScaleSeries series : mainSeries(results, payload)) {
                data.addSeries(line(series.orbName() + " " + series.modeName() + " " + payload.label(), series,
                        ScaleSeries::throughput, 1));
            }
        }
        String file = "fig13-throughput-by-sessions.png";
        String title = "Fig. 13: throughput vs concurrent sessions";
        save(logLogChart(title, "concurrent stateful sessions", "calls per second", data), dir.resolve(file));
        return new Charts.Figure(file, title, "Successful calls per second. With a fixed think time the ideal "
                + "grows in proportion to the sessions until the CPUs are busy; where a line flattens, the machine "
                + "is saturated.");
    }

    private static Charts.Figure memoryBySessions(StudyResults results, Path dir) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        SizePoint payload = payloads(results).get(0);
        for (ScaleSeries series : mainSeries(results, payload)) {
            data.addSeries(line(series.orbName() + " " + series.modeName() + " live heap", series,
                    ScaleSeries::heapBytes, 1048576));
            data.addSeries(line(series.orbName() + " " + series.modeName() + " resident", series,
                    StepReply::residentBytes, 1048576));
        }
        String file = "fig14-memory-by-sessions.png";
        String title = "Fig. 14: memory vs concurrent sessions, " + payload.label();
        save(logLogChart(title, "concurrent stateful sessions", "MB", data), dir.resolve(file));
        return new Charts.Figure(file, title, "The worker JVM's live objects after a full GC (solid) and its "
                + "resident memory (dashed) at the end of each step. The slopes are the memory per session in the "
                + "tables.");
    }

    private static Optional<Charts.Figure> serverModels(StudyResults results, Path dir) throws IOException {
        List<ScaleSeries> external = results.scale().stream()
                .filter(s -> s.orbMode() == OrbMode.EXTERNAL && s.payload().equals(payloads(results).get(0)))
                .toList();
        if (external.stream().map(ScaleSeries::serverModel).distinct().count() < 2) {
            return Optional.empty();
        }
        XYSeriesCollection data = new XYSeriesCollection();
        for (ScaleSeries series : external) {
            String name = series.orbName() + ", " + series.serverModel().label();
            data.addSeries(line(name + " p99", series, StepReply::p99Micros, 1000));
            data.addSeries(line(name + " server threads", series, step -> step.serverThreads(), 1));
        }
        String file = "fig15-server-threading.png";
        String title = "Fig. 15: omniORB server, thread per connection vs thread pool (external mode)";
        save(logLogChart(title, "concurrent stateful sessions (one connection each)", "p99 ms / server threads",
                data), dir.resolve(file));
        return Optional.of(new Charts.Figure(file, title, "In external mode every session has its own "
                + "ORB and so its own connection to the server. Solid: client p99 (ms); dashed: the server's "
                + "threads."));
    }

    private static Charts.Figure startupBreakdown(StudyResults results, Path dir) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (StartupSeries series : results.startup()) {
            data.addValue(series.median(StartupProbe.Reply::jvmToMainMillis), "JVM start", series.label());
            data.addValue(series.median(StartupProbe.Reply::containerBootMillis), "container boot", series.label());
            data.addValue(series.median(StartupProbe.Reply::deployMillis), "deploy (with the container's ORB)",
                    series.label());
            data.addValue(series.median(StartupProbe.Reply::sessionCreateMillis),
                    "session (external: its own ORB)", series.label());
            data.addValue(series.median(StartupProbe.Reply::firstCallMillis), "first call (with naming lookup)",
                    series.label());
        }
        JFreeChart chart = ChartFactory.createStackedBarChart("Fig. 16: from JVM start to the first call",
                "ORB and mode", "ms (median of runs)", data, PlotOrientation.HORIZONTAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ((StackedBarRenderer) plot.getRenderer()).setShadowVisible(false);
        String file = "fig16-startup.png";
        save(chart, dir.resolve(file));
        return new Charts.Figure(file, "Fig. 16: from JVM start to the first call", "Each bar is a fresh JVM's "
                + "path to its first answer, median over " + results.startupPlan().repetitions() + " run(s).");
    }

    private static Charts.Figure warmupCurves(StudyResults results, Path dir) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (StartupSeries series : results.startup()) {
            WarmupCurve curve = series.firstCurve();
            XYSeries line = new XYSeries(series.label());
            double[] medians = curve.windowMedians();
            for (int w = 0; w < medians.length; w++) {
                line.add((w + 1) * WarmupCurve.WINDOW, medians[w] / 1000.0);
            }
            data.addSeries(line);
        }
        String file = "fig17-warmup.png";
        String title = "Fig. 17: JIT warm-up, calls after the first";
        save(logLogChart(title, "calls made", "median of " + WarmupCurve.WINDOW + " calls (ms)", data),
                dir.resolve(file));
        return new Charts.Figure(file, title, "1 KB calls through the bean in a fresh JVM, one after another.");
    }

    private static void mark(JFreeChart chart, String text, double x, double y) {
        XYPointerAnnotation note = new XYPointerAnnotation(text, x, y, -Math.PI / 4);
        note.setFont(new java.awt.Font("SansSerif", java.awt.Font.PLAIN, 11));
        chart.getXYPlot().addAnnotation(note);
    }

    private static XYSeries line(String name, ScaleSeries series, ToDoubleFunction<StepReply> measure,
            double divisor) {
        XYSeries line = new XYSeries(name);
        for (StepReply step : series.healthySteps()) {
            double value = measure.applyAsDouble(step) / divisor;
            if (value > 0) {
                line.add(step.sessions(), value);
            }
        }
        return line;
    }

    private static JFreeChart logLogChart(String title, String xLabel, String yLabel, XYSeriesCollection data) {
        JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(decades(xLabel, 1));
        plot.setRangeAxis(decades(yLabel, 1e-3));
        Charts.styleLines(plot, name -> name.endsWith("median") || name.endsWith("resident")
                || name.endsWith("server threads"), ScaleCharts::colour);
        return chart;
    }

    /** A log axis with a tick per power of ten, labelled 1, 10, 100 (not 10^2). */
    private static LogAxis decades(String label, double smallest) {
        LogAxis axis = new LogAxis(label);
        axis.setSmallestValue(smallest);
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setMinorTickMarksVisible(true);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        return axis;
    }

    /** JacORB in reds, the Eclipse ORB in blues; external darker than built-in; pools in greens. */
    private static Color colour(String name) {
        boolean eclipse = name.startsWith("Eclipse");
        boolean external = name.contains("external");
        if (name.contains("pool")) {
            return eclipse ? new Color(20, 120, 120) : new Color(40, 150, 40);
        }
        if (name.contains("per connection")) {
            return eclipse ? new Color(30, 70, 200) : new Color(200, 30, 30);
        }
        if (eclipse) {
            return external ? new Color(20, 40, 150) : new Color(110, 150, 240);
        }
        return external ? new Color(150, 20, 20) : new Color(240, 120, 120);
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
    }
}
