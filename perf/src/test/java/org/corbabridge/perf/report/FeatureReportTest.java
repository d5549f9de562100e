package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.SizePoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tracing and in-flight tables, their JSON, and plain words that follow from the numbers. */
class FeatureReportTest {

    @TempDir
    Path dir;

    private static StudyResults withFeatures(double onOverNone, double asyncOverSync) {
        SizePoint kb = SizePoint.ofBudget(1024);
        double[] none = {50, 51, 49, 50, 52, 50};
        double[] on = new double[none.length];
        for (int i = 0; i < none.length; i++) {
            on[i] = none[i] * onOverNone;
        }
        TracingResult tracing = new TracingResult(OrbImplementation.JACORB, kb, Map.of("none", none, "off", none.clone(), "on", on));
        double[] sync = {1000, 1010, 990, 1000, 1005, 995};
        double[] async = new double[sync.length];
        for (int i = 0; i < sync.length; i++) {
            async[i] = sync[i] * asyncOverSync;
        }
        return SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike).withFeatures(
                FeatureResults.none().withTracing(FeaturePlan.standard(), List.of(tracing))
                        .withInFlight(FeaturePlan.standard(), List.of(
                                new InFlightResult(OrbImplementation.JACORB, 8, "sync", sync, 700, 1500),
                                new InFlightResult(OrbImplementation.JACORB, 8, "async", async, 690, 1400))));
    }

    @Test
    void bothTablesAreOnThePageWithTheirRatios() throws IOException {
        String html = Files.readString(StudyReport.write(withFeatures(1.10, 1.0), dir));

        assertThat(html).contains("<h2>What tracing costs</h2>", "<h2>Calls in flight from one session</h2>",
                "1.00 [1.00–1.00]", "1.10 [1.10–1.10]");
    }

    @Test
    void theReadingSaysWhatTheIntervalsSupportAndNoMore() {
        List<String> slower = FeatureReading.of(withFeatures(1.10, 1.0).features());
        assertThat(slower).anyMatch(line -> line.contains("Tracing and metrics with nothing set up")
                && line.contains("no difference the rounds can show"));
        assertThat(slower).anyMatch(line -> line.contains("A call traced by an OpenTelemetry SDK (against the same) adds 10%"));
        assertThat(slower).anyMatch(line -> line.contains("8 in flight") && line.contains("no difference"));

        assertThat(FeatureReading.of(withFeatures(1.0, 1.5).features()))
                .anyMatch(line -> line.contains("8 in flight") && line.contains("async is faster"));
    }

    @Test
    void jsonCarriesEveryRoundAndTheEstimates() throws IOException {
        StudyReport.write(withFeatures(1.10, 1.0), dir);

        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertThat(json.path("tracing").get(0).path("onOverNone").path("median").asDouble()).isEqualTo(1.10, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(json.path("tracing").get(0).path("roundMediansUs").path("none")).hasSize(6);
        assertThat(json.path("inFlight")).hasSize(2);
        assertThat(json.path("inFlight").get(1).path("p99Us").asDouble()).isEqualTo(1400);
        assertThat(json.path("inFlight").get(1).path("throughputOverSync").path("median").asDouble()).isEqualTo(1.0,
                org.assertj.core.api.Assertions.within(1e-9));
    }
}
