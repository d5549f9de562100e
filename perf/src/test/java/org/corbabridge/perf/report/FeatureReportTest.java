package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.OrbSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tracing, settings and in-flight tables, their JSON, and plain words that follow from the numbers. */
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
        VariantResult tracing = new VariantResult(OrbImplementation.JACORB, kb, Map.of("none", none, "off", none.clone(), "on", on));
        double[] sync = {1000, 1010, 990, 1000, 1005, 995};
        double[] async = new double[sync.length];
        for (int i = 0; i < sync.length; i++) {
            async[i] = sync[i] * asyncOverSync;
        }
        return SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike).withFeatures(
                FeatureResults.none().withTracing(FeaturePlan.standard(), List.of(tracing))
                        .withSettings(FeaturePlan.standard(), List.of(settings(none, onOverNone)))
                        .withInFlight(FeaturePlan.standard(), List.of(
                                new InFlightResult(OrbImplementation.JACORB, 8, "sync", sync, 700, 1500),
                                new InFlightResult(OrbImplementation.JACORB, 8, "async", async, 690, 1400))));
    }

    /**
     * The Eclipse ORB's settings at 1 KB: heap buffers {@code ratio} times the adapter's defaults,
     * Nagle on a little slower in some rounds and a little faster in others, the plain client's
     * reader thread failing its first call, every other setting (and the control) as fast as the
     * defaults.
     */
    private static VariantResult settings(double[] defaults, double ratio) {
        Map<String, double[]> byMode = new HashMap<>();
        for (String mode : OrbSettings.modes(OrbImplementation.ECLIPSE_ORB)) {
            byMode.put(mode, defaults.clone());
        }
        double[] heap = byMode.get("heap-buffers");
        double[] nagle = byMode.get("nagle-on");
        for (int i = 0; i < defaults.length; i++) {
            heap[i] = defaults[i] * ratio;
            nagle[i] = defaults[i] * (i % 2 == 0 ? 1.05 : 0.95);
        }
        byMode.remove("plain-reader-thread");
        return new VariantResult(OrbImplementation.ECLIPSE_ORB, SizePoint.ofBudget(1024), byMode,
                Map.of("plain-reader-thread", "plain-reader-thread: org.omg.CORBA.COMM_FAILURE: temporary write selector"));
    }

    @Test
    void everyTableIsOnThePageWithItsRatios() throws IOException {
        String html = Files.readString(StudyReport.write(withFeatures(1.10, 1.0), dir));

        assertThat(html).contains("<h2>What tracing costs</h2>", "<h2>Calls in flight from one session</h2>",
                "<h2>ORB settings tried</h2>", "1.00 [1.00–1.00]", "1.10 [1.10–1.10]",
                "transport.ORBDisableDirectByteBufferUse", "fails: plain-reader-thread: org.omg.CORBA.COMM_FAILURE");
    }

    @Test
    void aSettingIsCalledFasterOrSlowerOnlyWhenItsIntervalSaysSo() {
        String slower = FeatureReading.settingsLine(withFeatures(1.10, 1.0).features().settings().get(0));
        assertThat(slower).contains("Eclipse ORB, 1 KB", "faster: none", "slower: heap-buffers 1.10 [1.10–1.10]",
                "failing, not measured: plain-reader-thread", "the control (no change) 1.00 [1.00–1.00]");
        assertThat(slower.substring(slower.indexOf("no difference"))).contains("nagle-on", "buffer-64kb")
                .doesNotContain("control 1.00");

        String faster = FeatureReading.settingsLine(withFeatures(0.90, 1.0).features().settings().get(0));
        assertThat(faster).contains("faster: heap-buffers 0.90 [0.90–0.90]", "slower: none");
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
        JsonNode heap = StreamSupport.stream(json.path("settings").spliterator(), false)
                .filter(row -> row.path("setting").asText().equals("heap-buffers")).findFirst().orElseThrow();
        assertThat(heap.path("overBaseline").path("median").asDouble()).isEqualTo(1.10,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(heap.path("baseline").asText()).isEqualTo(OrbSettings.ADAPTER);
        assertThat(heap.path("properties").path("com.sun.corba.ee.transport.ORBDisableDirectByteBufferUse").asText())
                .isEqualTo("true");
        assertThat(json.path("settings")).hasSize(OrbSettings.of(OrbImplementation.ECLIPSE_ORB).size());
        JsonNode failing = StreamSupport.stream(json.path("settings").spliterator(), false)
                .filter(row -> row.path("setting").asText().equals("plain-reader-thread")).findFirst().orElseThrow();
        assertThat(failing.path("failure").asText()).contains("COMM_FAILURE");
        assertThat(failing.has("medianUs")).isFalse();
        assertThat(json.path("inFlight").get(1).path("p99Us").asDouble()).isEqualTo(1400);
        assertThat(json.path("inFlight").get(1).path("throughputOverSync").path("median").asDouble()).isEqualTo(1.0,
                org.assertj.core.api.Assertions.within(1e-9));
    }
}
