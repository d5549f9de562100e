package org.corbabridge.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.report.PointResult;
import org.corbabridge.perf.report.StudyReport;
import org.corbabridge.perf.report.StudyResults;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.StudyPlan;
import org.corbabridge.perf.run.StudyRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The quick pass of the study, end to end: every configuration on both ORBs, both floors, the whole report. */
class QuickStudyIT {

    private static final StudyPlan PLAN = StudyPlan.quick();
    private static final List<String> PROGRESS = new ArrayList<>();
    private static StudyResults results;
    private static Path output;
    private static Path index;

    @BeforeAll
    static void runTheQuickPass() throws Exception {
        output = Path.of(System.getProperty("corbabridge.study.output"));
        results = new StudyRunner(PLAN, OrbClasspaths.fromSystemProperties(),
                Path.of(System.getProperty("corbabridge.ejb.jar")), output.resolve("logs"), line -> {
                    PROGRESS.add(line);
                    System.out.println("study: " + line);
                }).run();
        index = StudyReport.write(results, output);
    }

    @Test
    void everyConfigurationOfBothOrbsAndBothFloorsWasMeasuredAtEverySize() {
        List<Series> expected = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (Caller caller : List.of(Caller.CC, Caller.ASIO, Caller.ASRO)) {
                for (InvocationMode mode : InvocationMode.values()) {
                    expected.add(new Series(caller, orb, mode));
                }
            }
        }
        expected.add(Series.nativeFloor());
        expected.add(Series.rawFloor());
        assertThat(results.series()).containsExactlyInAnyOrderElementsOf(expected);
        for (Series series : expected) {
            for (SizePoint size : PLAN.sizes()) {
                PointResult point = results.point(series, size).orElseThrow();
                assertThat(point.calls()).as(series.label() + " " + size.label())
                        .isEqualTo((long) PLAN.rounds() * PLAN.callsPerBatch(size));
                assertThat(point.medianUs()).isPositive();
                assertThat(point.roundMediansUs()).hasSize(PLAN.rounds());
                if (series.caller() != Caller.RAW) {
                    assertThat(point.serverMedianUs()).as("the server's own time").isPositive();
                }
            }
        }
    }

    @Test
    void theFloorsAreBelowEveryJavaCallerAtTheLargestSize() {
        SizePoint largest = PLAN.sizes().get(PLAN.sizes().size() - 1);
        double raw = results.point(Series.rawFloor(), largest).orElseThrow().medianUs();
        double nativeClient = results.point(Series.nativeFloor(), largest).orElseThrow().medianUs();
        assertThat(raw).isLessThan(nativeClient);
        results.points().stream()
                .filter(p -> p.series().caller().isJava() && p.size().equals(largest))
                .forEach(p -> assertThat(p.medianUs()).as(p.series().label()).isGreaterThan(nativeClient));
    }

    @Test
    void setUpCostsWereMeasuredApartForEveryWorker() {
        assertThat(results.setupNanos()).hasSize(6);
        results.setupNanos().forEach((worker, steps) -> {
            assertThat(steps).as(worker).containsKeys("static.firstCall", "dynamic.secondCall", "static.connect");
            if (worker.startsWith("CC")) {
                assertThat(steps).containsKey("orbInit");
            } else {
                assertThat(steps).containsKeys("containerBoot", "static.sessionCreate");
            }
            steps.values().forEach(nanos -> assertThat(nanos).as(worker).isPositive());
        });
    }

    @Test
    void progressShowedRoundsAndTimeLeft() {
        assertThat(PROGRESS).anyMatch(line -> line.startsWith("round 1/" + PLAN.rounds()) && line.contains("left"));
        assertThat(PROGRESS).anyMatch(line -> line.startsWith("warming up"));
    }

    @Test
    void theWholeReportWasWritten() throws Exception {
        assertThat(index).exists();
        assertThat(output.resolve("results.csv")).exists();
        assertThat(output.resolve("results.json")).exists();
        String html = Files.readString(index);
        assertThat(html).contains("ASIO / CC", "ASRO / CC", "DII / SII", "Java / C++", "fig11-dii-over-sii.png");
        try (var files = Files.list(output)) {
            assertThat(files.filter(f -> f.toString().endsWith(".png")).count()).isEqualTo(9);
        }
    }
}
