package org.corbabridge.perf.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The report's first screen: the headline ratios, each with its 95% interval, at 1, 100 and
 * 300 KB (the nearest sizes measured), and the two charts that carry them over every size, with
 * the intervals drawn as bands. Everything else in the report follows it.
 */
public final class Summary {

    /** One comparison: what is set over what. */
    public record Comparison(String name, String meaning) {
    }

    /** A headline row: one comparison on one ORB, a ratio per summary size (absent where not measured). */
    public record Headline(Comparison comparison, String orb, List<Optional<Ratio>> ratios) {
    }

    /** The summary as the page shows it. */
    public record View(List<SizePoint> sizes, List<Headline> rows, List<Charts.Figure> figures) {
        public boolean isEmpty() {
            return rows.isEmpty();
        }
    }

    static final Comparison ADAPTER = new Comparison("adapter / bare client",
            "the Catalog adapter (static) over a plain client's generated stub, side by side in one JVM");
    static final Comparison DYNAMIC = new Comparison("dynamic / static",
            "the adapter's stubless dynamic path over its static path, same caller and ORB");
    static final Comparison CONTAINER = new Comparison("container / standalone",
            "the EJB through the container's ORB (ASIO) over the standalone adapter (CC), static");
    static final Comparison JAVA_CPP = new Comparison("Java / C++",
            "the standalone adapter (static) over the omniORB C++ client, same server and payload");

    static final Comparison NETWORK = new Comparison("network path / loopback",
            "the standalone adapter (static) over a veth pair between network namespaces, against itself over loopback");

    /** The sizes the headlines are given at, or the nearest measured. */
    static final List<Long> HEADLINE_BUDGETS = List.of(1024L, 100 * 1024L, 300 * 1024L);

    private static final int CHART_WIDTH = 480;
    private static final int CHART_HEIGHT = 250;
    private static final Color[] ORB_COLOURS = {new Color(200, 30, 30), new Color(30, 70, 200), new Color(20, 140, 40)};

    private Summary() {
    }

    /** The summary of {@code results}, its charts written into {@code dir}; empty without a payload part. */
    public static View of(StudyResults results, Path dir) throws IOException {
        if (results.points().isEmpty()) {
            return new View(List.of(), List.of(), List.of());
        }
        List<SizePoint> sizes = headlineSizes(results.sizes());
        List<Headline> rows = new ArrayList<>();
        for (Comparison comparison : List.of(ADAPTER, DYNAMIC, CONTAINER, JAVA_CPP)) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series top = top(comparison, orb);
                Series bottom = bottom(comparison, orb);
                List<Optional<Ratio>> ratios = sizes.stream().map(size -> Ratio.of(results, top, bottom, size)).toList();
                if (ratios.stream().anyMatch(Optional::isPresent)) {
                    rows.add(new Headline(comparison, top.orbName(), ratios));
                }
            }
        }
        results.network().ifPresent(network -> {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series client = new Series(Caller.CC, orb, InvocationMode.STATIC);
                List<Optional<Ratio>> ratios = sizes.stream().map(size -> Ratio.across(network, results, client, size))
                        .toList();
                if (ratios.stream().anyMatch(Optional::isPresent)) {
                    rows.add(new Headline(NETWORK, client.orbName(), ratios));
                }
            }
        });
        List<Charts.Figure> figures = List.of(
                chart(results, dir, "summary-adapter.png", "What the adapter costs", List.of(ADAPTER, DYNAMIC),
                        "The adapter over a bare client (solid) and its dynamic path over its static one (dashed), "
                                + "per ORB; bands: 95% intervals."),
                chart(results, dir, "summary-around.png", "What is around it", List.of(CONTAINER, JAVA_CPP),
                        "The container over the standalone adapter (solid) and Java over the C++ client (dashed), "
                                + "per ORB; bands: 95% intervals."));
        return new View(sizes, rows, figures);
    }

    /** For each headline size, the measured size nearest to it (by ratio), each once. */
    static List<SizePoint> headlineSizes(List<SizePoint> measured) {
        List<SizePoint> sizes = new ArrayList<>();
        for (long budget : HEADLINE_BUDGETS) {
            measured.stream()
                    .filter(size -> size.budget() > 0)
                    .min(Comparator.comparingDouble(size -> Math.abs(Math.log((double) size.budget() / budget))))
                    .filter(size -> !sizes.contains(size))
                    .ifPresent(sizes::add);
        }
        return sizes;
    }

    private static Series top(Comparison comparison, OrbImplementation orb) {
        if (comparison == DYNAMIC) {
            return new Series(Caller.CC, orb, InvocationMode.DYNAMIC);
        }
        if (comparison == CONTAINER) {
            return new Series(Caller.ASIO, orb, InvocationMode.STATIC);
        }
        return new Series(Caller.CC, orb, InvocationMode.STATIC);
    }

    private static Series bottom(Comparison comparison, OrbImplementation orb) {
        if (comparison == ADAPTER) {
            return new Series(Caller.PLAIN, orb, InvocationMode.STATIC);
        }
        if (comparison == JAVA_CPP) {
            return Series.nativeFloor();
        }
        return new Series(Caller.CC, orb, InvocationMode.STATIC);
    }

    /** Two comparisons per ORB over every measured size, the first solid and the second dashed, each with its band. */
    private static Charts.Figure chart(StudyResults results, Path dir, String file, String title,
            List<Comparison> comparisons, String caption) throws IOException {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<Boolean> dashed = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        for (int c = 0; c < comparisons.size(); c++) {
            Comparison comparison = comparisons.get(c);
            OrbImplementation[] orbs = OrbImplementation.values();
            for (int o = 0; o < orbs.length; o++) {
                Series top = top(comparison, orbs[o]);
                YIntervalSeries line = new YIntervalSeries(comparison.name() + ", " + top.orbName());
                for (SizePoint size : results.sizes()) {
                    if (size.budget() <= 0) {
                        continue;
                    }
                    Ratio.of(results, top, bottom(comparison, orbs[o]), size).ifPresent(ratio -> line.add(
                            size.kilobytes(), ratio.value(), ratio.estimate().low(), ratio.estimate().high()));
                }
                if (line.getItemCount() > 0) {
                    data.addSeries(line);
                    dashed.add(c > 0);
                    colours.add(ORB_COLOURS[o % ORB_COLOURS.length]);
                }
            }
        }
        LogAxis sizes = new LogAxis("data size (KB)");
        sizes.setBase(10);
        sizes.setSmallestValue(0.5);
        sizes.setNumberFormatOverride(new DecimalFormat("0.#"));
        NumberAxis ratio = new NumberAxis("ratio");
        ratio.setAutoRangeIncludesZero(false);
        DeviationRenderer renderer = new DeviationRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            Color colour = colours.get(i);
            renderer.setSeriesPaint(i, colour);
            renderer.setSeriesFillPaint(i, new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 40));
            renderer.setSeriesStroke(i, dashed.get(i)
                    ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f)
                    : new BasicStroke(2f));
        }
        renderer.setAlpha(0.25f);
        XYPlot plot = new XYPlot(data, sizes, ratio, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.addRangeMarker(new ValueMarker(1.0, Color.BLACK, new BasicStroke(1f)));
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.getTitle().setFont(chart.getTitle().getFont().deriveFont(14f));
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(legend.getItemFont().deriveFont(10f));
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(dir.resolve(file).toFile(), chart, CHART_WIDTH, CHART_HEIGHT);
        return new Charts.Figure(file, title, caption);
    }
}
