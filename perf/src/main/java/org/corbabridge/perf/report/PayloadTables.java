package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;

/** The ratio tables of the report: each row a comparison, each column a size. */
public final class PayloadTables {

    /** A row of ratios, one per column size (absent where a series was not measured). */
    public record Row(String label, String paper, List<Optional<Ratio>> ratios) {
    }

    public record Table(String title, String caption, List<SizePoint> columns, List<Row> rows) {
    }

    /**
     * How the series of one worker that a table sets against each other were measured: in one
     * request, so that a ratio carries no drift of the machine between batches.
     */
    static final String SIDE_BY_SIDE = "blocks of " + org.corbabridge.perf.worker.SideBySide.BLOCK
            + " calls of each series in turn, in a new random order every cycle";

    private PayloadTables() {
    }

    /** The paper's sizes (100, 200, 300 KB) where measured, else every size. */
    public static List<SizePoint> paperSizes(StudyResults results) {
        List<SizePoint> paper = results.sizes().stream()
                .filter(size -> size.budget() == 100 * 1024 || size.budget() == 200 * 1024
                        || size.budget() == 300 * 1024)
                .toList();
        return paper.isEmpty() ? results.sizes() : paper;
    }

    public static List<Table> all(StudyResults results) {
        List<SizePoint> paper = paperSizes(results);
        List<SizePoint> every = results.sizes();
        List<Table> tables = new ArrayList<>();
        tables.add(callerTable(results, Caller.ASIO, paper, PaperFigures.ASIO_CC,
                "EJB with the container's ORB against the standalone client"));
        tables.add(containerSplitTable(results, every));
        tables.add(callerTable(results, Caller.ASRO, paper, PaperFigures.ASRO_CC,
                "EJB with an ORB it starts itself against the standalone client"));
        tables.add(overStaticTable(results, paper, InvocationMode.DII, PaperFigures.DII_SII, "the ORB's Dynamic "
                + "Invocation Interface (Request and Any) against static invocation, same caller and ORB"));
        // the adapter's fast dynamic path: the goal is 1.15 at most
        tables.add(overStaticTable(results, paper, InvocationMode.DYNAMIC, "goal ≤ 1.15", "the adapter's dynamic "
                + "invocation (TypeCode-driven, on the ORB's streams, no stub) against static invocation, same caller "
                + "and ORB"));
        tables.add(baselineTable(results, every));
        tables.add(adapterCodeTable(results, every));
        tables.add(loopTable(results, every));
        tables.add(tlsTable(results, every));
        tables.add(floorTable(results, every, Series.nativeFloor(), "Java / C++",
                "standalone Java client (SII) against the omniORB C++ client, same server and payload"));
        tables.add(floorTable(results, every, Series.rawFloor(), "over the raw TCP floor",
                "each client against a raw loopback TCP round trip moving the same bytes"));
        return tables;
    }

    /**
     * Each main series over the network path against itself over loopback: what Ethernet-sized
     * segments through a device queue add. Empty without a network path.
     */
    public static List<Table> networkOverLoopback(StudyResults results) {
        if (results.network().isEmpty() || results.network().get().points().isEmpty()) {
            return List.of();
        }
        StudyResults network = results.network().get();
        List<SizePoint> sizes = results.sizes().stream().filter(size -> network.sizes().contains(size)).toList();
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (Series series : List.of(new Series(Caller.PLAIN, orb, InvocationMode.STATIC),
                    new Series(Caller.CC, orb, InvocationMode.STATIC), new Series(Caller.CC, orb, InvocationMode.DYNAMIC),
                    new Series(Caller.ASIO, orb, InvocationMode.STATIC))) {
                rows.add(new Row(series.label(), "", sizes.stream()
                        .map(size -> Ratio.across(network, results, series, size)).toList()));
            }
        }
        rows.add(new Row(Series.nativeFloor().label(), "", sizes.stream()
                .map(size -> Ratio.across(network, results, Series.nativeFloor(), size)).toList()));
        rows.add(new Row(Series.rawFloor().label(), "", sizes.stream()
                .map(size -> Ratio.across(network, results, Series.rawFloor(), size)).toList()));
        return List.of(new Table("network path / loopback", "each series over the network path (the servers in a "
                + "network namespace of their own, a veth pair at MTU 1500 through a bridge) against the same series "
                + "over loopback, round by round; the two parts ran one after the other", sizes, rows));
    }

    private static Table callerTable(StudyResults results, Caller caller, List<SizePoint> sizes, String paper,
            String caption) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (InvocationMode mode : InvocationMode.values()) {
                Series top = new Series(caller, orb, mode);
                Series bottom = new Series(Caller.CC, orb, mode);
                rows.add(new Row(top.orbName() + " " + top.modeName(), paper, ratios(results, top, bottom, sizes)));
            }
        }
        return new Table(caller + " / CC", caption, sizes, rows);
    }

    /**
     * ASIO / CC (static invocation) split in two by the adapter called beside the bean in ASIO's
     * JVM: the bean path (ASIO over it: the container's proxy, interceptors, security and
     * transaction policy) and the JVM (it over CC: the same call in a JVM that also runs the
     * container). The goal for ASIO / CC is 1.03 at most.
     */
    private static Table containerSplitTable(StudyResults results, List<SizePoint> sizes) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series asio = new Series(Caller.ASIO, orb, InvocationMode.STATIC);
            Series beside = new Series(Caller.ASIO_NO_BEAN, orb, InvocationMode.STATIC);
            Series standalone = new Series(Caller.CC, orb, InvocationMode.STATIC);
            rows.add(new Row("ASIO / CC, " + asio.orbName(), "goal ≤ 1.03", ratios(results, asio, standalone, sizes)));
            rows.add(new Row("the bean path: ASIO / the adapter beside it, " + asio.orbName(), "",
                    ratios(results, asio, beside, sizes)));
            rows.add(new Row("the container's JVM: the adapter beside the bean / CC, " + asio.orbName(), "",
                    ratios(results, beside, standalone, sizes)));
        }
        return new Table("ASIO / CC, split", "where the EJB's cost over the standalone client lies: the bean path "
                + "(ASIO against the same adapter called directly beside the bean, in the same JVM, side by side: " + SIDE_BY_SIDE + ") and the "
                + "container's JVM (that adapter against the standalone client's); static invocation", sizes, rows);
    }

    /**
     * Everything in the standalone worker's JVM against the plain ORB client there (the generated
     * stub on an ORB created with its class names only), interleaved: what the adapter's ORB
     * settings cost (the stub on the adapter's ORB), what the core's typed proxy costs, and what
     * the Catalog adapter costs in each mode. The goal for the adapter's static path is 1.02 at most.
     */
    private static Table baselineTable(StudyResults results, List<SizePoint> sizes) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series plain = new Series(Caller.PLAIN, orb, InvocationMode.STATIC);
            rows.add(new Row("generated stub on the adapter's ORB, " + plain.orbName(), "goal ≤ 1.02",
                    ratios(results, new Series(Caller.STUB, orb, InvocationMode.STATIC), plain, sizes)));
            rows.add(new Row("typed proxy, " + plain.orbName(), "goal ≤ 1.02",
                    ratios(results, new Series(Caller.PROXY, orb, InvocationMode.STATIC), plain, sizes)));
            for (InvocationMode mode : InvocationMode.values()) {
                Series adapter = new Series(Caller.CC, orb, mode);
                rows.add(new Row("CatalogAdapter " + adapter.modeName() + ", " + plain.orbName(),
                        mode == InvocationMode.STATIC ? "goal ≤ 1.02" : "", ratios(results, adapter, plain, sizes)));
            }
        }
        return new Table("over the plain ORB client", "the generated stub on the adapter's ORB (bounded waits, "
                + "capped messages), the core's typed proxy and the Catalog adapter (whose result makes records of the items "
                + "as they are read) against a plain client: the generated stub on an ORB created with nothing but its class "
                + "names; same JVM, side by side in one request per round and size (" + SIDE_BY_SIDE + ")", sizes, rows);
    }

    /**
     * The adapter's own code: the Catalog adapter against the generated stub on the same ORB (the
     * adapter's, with its settings), same JVM, interleaved. Against the plain client the adapter
     * also gains or loses by its ORB's settings (its sockets, JacORB's char code set); here only
     * what its proxy and records add is left. The goal is 1.02 at most.
     */
    private static Table adapterCodeTable(StudyResults results, List<SizePoint> sizes) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series stub = new Series(Caller.STUB, orb, InvocationMode.STATIC);
            rows.add(new Row("CatalogAdapter SII, " + stub.orbName(), "goal ≤ 1.02",
                    ratios(results, new Series(Caller.CC, orb, InvocationMode.STATIC), stub, sizes)));
        }
        return new Table("the adapter's own code", "the Catalog adapter (static invocation) against the generated stub "
                + "on the same ORB, the adapter's: what its typed proxy, bounded call and records add, without its ORB "
                + "settings; same JVM, side by side (" + SIDE_BY_SIDE + ")", sizes, rows);
    }

    /**
     * The plain client in one uninterrupted loop after the rounds, against the same client measured
     * the study's way (interleaved batches): near 1 when the study reports what a user's loop sees.
     */
    private static Table loopTable(StudyResults results, List<SizePoint> sizes) {
        return perOrbTable(results, sizes, Caller.LOOP, Caller.PLAIN, "plain client, ", "tight loop / study",
                "the plain ORB client in one uninterrupted loop (ten batches' calls, after the rounds) against the "
                        + "same client in the study's interleaved batches; the interval is over the study's rounds");
    }

    /** The typed proxy over TLS against the same proxy in plain text, same JVM, same server process. */
    private static Table tlsTable(StudyResults results, List<SizePoint> sizes) {
        return perOrbTable(results, sizes, Caller.TLS, Caller.PROXY, "typed proxy, ", "TLS over plain",
                "the core's typed proxy over IIOP/TLS (TLS 1.3, ECDSA P-256 server certificate) against the same "
                        + "proxy in plain text, in the standalone worker's JVM, both calling the one catalog_server");
    }

    /** One row per ORB: {@code top} over {@code bottom}, both static. */
    private static Table perOrbTable(StudyResults results, List<SizePoint> sizes, Caller top, Caller bottom,
            String rowLabel, String title, String caption) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series base = new Series(bottom, orb, InvocationMode.STATIC);
            rows.add(new Row(rowLabel + base.orbName(), "",
                    ratios(results, new Series(top, orb, InvocationMode.STATIC), base, sizes)));
        }
        return new Table(title, caption, sizes, rows);
    }

    /** A dynamic mode over static invocation, for every caller and ORB, each caller against itself. */
    private static Table overStaticTable(StudyResults results, List<SizePoint> sizes, InvocationMode mode,
            String paper, String caption) {
        List<Row> rows = new ArrayList<>();
        for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Series dynamic = new Series(caller, orb, mode);
                Series stat = new Series(caller, orb, InvocationMode.STATIC);
                rows.add(new Row(caller + " " + stat.orbName(), paper, ratios(results, dynamic, stat, sizes)));
            }
        }
        return new Table(new Series(Caller.CC, null, mode).modeName() + " / SII", caption, sizes, rows);
    }

    private static Table floorTable(StudyResults results, List<SizePoint> sizes, Series floor, String title,
            String caption) {
        List<Row> rows = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series client = new Series(Caller.CC, orb, InvocationMode.STATIC);
            rows.add(new Row(client.label(), "", ratios(results, client, floor, sizes)));
        }
        if (!floor.equals(Series.nativeFloor())) {
            rows.add(new Row(Series.nativeFloor().label(), "", ratios(results, Series.nativeFloor(), floor, sizes)));
        }
        return new Table(title, caption, sizes, rows);
    }

    private static List<Optional<Ratio>> ratios(StudyResults results, Series top, Series bottom,
            List<SizePoint> sizes) {
        return sizes.stream().map(size -> Ratio.of(results, top, bottom, size)).toList();
    }
}
