package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corbabridge.perf.run.PayloadPlan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole report written from made-up results whose ratios are known. */
class StudyReportTest {

    /** 3 callers x 3 modes x 2 ORBs, the stub, plain-client and proxy baselines of each ORB, the 2 floors. */
    private static final int ORBS = org.corbabridge.adapter.OrbImplementation.values().length;
    /** Per ORB: 3 callers in 3 modes, the stub, plain and proxy series; then the native and raw floors. */
    private static final int SERIES = ORBS * (9 + 4) + 2;

    @TempDir
    static Path dir;

    private static Path index;

    @BeforeAll
    static void writeReport() throws IOException {
        System.setProperty("java.awt.headless", "true");
        index = StudyReport.write(SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike), dir);
    }

    @Test
    void csvHasOneRowPerSeriesAndSize() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("results.csv"));
        assertThat(lines.get(0)).startsWith("series,caller,orb,mode,size,budget_bytes,data_bytes");
        assertThat(lines).hasSize(1 + SERIES * PayloadPlan.quick().budgets().size());
        assertThat(lines).anyMatch(line -> line.startsWith("ASRO Eclipse ORB DII,ASRO,Eclipse ORB,DII,300 KB,"));
    }

    @Test
    void jsonCarriesEnvironmentPlanResultsAndTheRatiosComputed() throws IOException {
        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertThat(json.get("environment").get("cores").asText()).isEqualTo("2");
        assertThat(json.get("plan").get("rounds").asInt()).isEqualTo(2);
        assertThat(json.get("results")).hasSize(SERIES * PayloadPlan.quick().budgets().size());
        JsonNode asio = Stream.of(toArray(json.get("ratios")))
                .filter(r -> r.get("table").asText().equals("ASIO / CC") && r.get("row").asText().equals("JacORB SII")
                        && r.get("size").asText().equals("100 KB"))
                .findFirst().orElseThrow();
        assertThat(asio.get("ratio").asDouble()).isEqualTo(0.9, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void everyFigureIsAPngAndShownInThePage() throws IOException {
        String html = Files.readString(index);
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> pngs = files.filter(f -> f.toString().endsWith(".png")).toList();
            // per ORB: response by size in each of 2 modes, SII against DII; then 3 across ORBs; the summary's 2
            assertThat(pngs).hasSize(ORBS * 3 + 3 + 2);
            for (Path png : pngs) {
                byte[] head = Arrays.copyOf(Files.readAllBytes(png), 4);
                assertThat(head).containsExactly((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
                assertThat(html).contains("<img src=\"" + png.getFileName() + "\"");
            }
        }
    }

    @Test
    void pageHasTheRatioTablesBesideThePapersAndAPlainReading() throws IOException {
        String html = Files.readString(index);
        assertThat(html).contains("<h3>ASIO / CC</h3>", "<h3>ASRO / CC</h3>", "<h3>DII / SII</h3>",
                "<h3>Java / C++</h3>", "<h3>over the raw TCP floor</h3>");
        assertThat(html).contains(PaperFigures.ASIO_CC, PaperFigures.ASRO_CC, PaperFigures.DII_SII);
        assertThat(html).contains("0.90 <span class=\"small\">[0.90–0.90]</span>");
        assertThat(html).contains("This is the quick pass");
        assertThat(html).contains("0.90 [0.90–0.90] times the standalone client's", "is faster: it saves 10% per call");
        assertThat(html).contains("dynamic over static invocation: 2.00 [2.00–2.00]");
        assertThat(html).contains("<h3>DYN / SII</h3>", "<h3>over the plain ORB client</h3>");
        assertThat(html).contains("dynamic invocation on the ORB's streams over static: 1.10 [1.10–1.10]");
        assertThat(html).contains("typed proxy over the plain client: 1.01 [1.01–1.01]",
                "The goal is 1.02 at most: met");
        assertThat(html).contains("the Catalog adapter (static) over a plain ORB client in the same JVM: 1.05 [1.05–1.05]",
                "The goal is 1.02 at most: missed");
        assertThat(html).contains("<h3>the adapter's own code</h3>",
                "the Catalog adapter (static) over the generated stub on the same ORB: 1.05 [1.05–1.05]");
    }

    @Test
    void theEjbsCostIsSplitIntoTheBeanPathAndTheContainersJvm() throws IOException {
        String html = Files.readString(index);
        assertThat(html).contains("<h3>ASIO / CC, split</h3>");
        assertThat(html).contains("the bean path: ASIO / the adapter beside it, JacORB",
                "the container's JVM: the adapter beside the bean / CC, JacORB");
        // ASIO 0.9 of CC, the adapter beside the bean 0.75: the bean path 1.2, the JVM 0.75
        assertThat(html).contains("1.20 <span class=\"small\">[1.20–1.20]</span>",
                "0.75 <span class=\"small\">[0.75–0.75]</span>");
    }

    @Test
    void theReadingSaysWhatTheJitCompiledDuringTheRounds() throws IOException {
        assertThat(Files.readString(index)).contains(
                "During the rounds the workers' JIT compiled for 65 ms in all (most: CC JacORB, 40 ms).");
    }

    @Test
    void whatTheMachineReportsIsEscapedOnThePage(@TempDir Path other) throws IOException {
        StudyResults plain = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        Map<String, String> environment = new LinkedHashMap<>(plain.environment());
        environment.put("cpu", "<script>alert(1)</script> & co");
        StudyResults hostile = new StudyResults(plain.plan(), environment, plain.setupNanos(), plain.points(),
                plain.durationSeconds());
        String html = Files.readString(StudyReport.write(hostile, other));
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co").doesNotContain("<script>alert");
    }

    @Test
    void aGoalIsMetOrMissedOnlyWhenTheWholeIntervalSaysSo() {
        assertThat(StudyReading.goal(new Estimate(1.01, 0.99, 1.02, 8), 1.02)).startsWith("met");
        assertThat(StudyReading.goal(new Estimate(1.01, 0.99, 1.03, 8), 1.02)).startsWith("not shown");
        assertThat(StudyReading.goal(new Estimate(1.05, 1.03, 1.08, 8), 1.02)).startsWith("missed");
    }

    private static JsonNode[] toArray(JsonNode array) {
        JsonNode[] nodes = new JsonNode[array.size()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = array.get(i);
        }
        return nodes;
    }

    @Test
    void aNetworkPathIsReportedBesideLoopbackInTheSummaryTablesAndFigures(@TempDir Path other) throws IOException {
        StudyResults loopback = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        StudyResults network = SyntheticResults.of(PayloadPlan.quick(),
                (series, size) -> 1.3 * SyntheticResults.paperLike(series, size));
        String html = Files.readString(StudyReport.write(loopback.withNetworkPath(network), other));

        assertThat(html).contains("<h2 id=\"network-path\">Over a network path</h2>", "network path / loopback",
                "1.30 <span class=\"small\">[1.30–1.30]</span>");
        assertThat(html.indexOf("network path / loopback")).as("a headline of the summary")
                .isLessThan(html.indexOf("In plain words"));
        try (Stream<Path> files = Files.list(other.resolve("network"))) {
            List<Path> pngs = files.filter(f -> f.toString().endsWith(".png")).toList();
            assertThat(pngs).hasSize(ORBS * 3 + 3);
            pngs.forEach(png -> assertThat(html).contains("<img src=\"network/" + png.getFileName() + "\""));
        }
    }

    @Test
    void aFloorOfTwoModesIsExplainedNotDividedBy() {
        StudyResults results = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        List<PointResult> points = new java.util.ArrayList<>();
        for (PointResult p : results.points()) {
            boolean bimodal = p.series().equals(org.corbabridge.perf.run.Series.rawFloor()) && p.size().budget() == 1024;
            points.add(bimodal ? new PointResult(p.series(), p.size(), p.calls(), 47, 56, 60, 80, 47, 0,
                    p.roundMediansUs(), 4) : p);
        }
        List<String> reading = StudyReading.floorModes(new StudyResults(results.plan(), results.environment(),
                results.setupNanos(), points, 1), "over loopback");

        assertThat(reading).anySatisfy(line -> assertThat(line).contains("over loopback at 1 KB has two modes",
                "4.0 µs or less", "is not read as a cost"));
        assertThat(reading).anySatisfy(line -> assertThat(line).contains("has one mode").contains("100 KB"));
    }
}
