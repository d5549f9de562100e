package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.CallbackPlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.worker.CallbackWorker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The call-back part's table, words, CSV and JSON on made-up round medians in milliseconds: the
 * ratio over the native floor is the median of the per-round ratios with its bootstrap interval,
 * a listener that could not be called back says why, and a floor of two modes is not read as a cost.
 */
class CallbackReportTest {

    private static final int KB100 = 100 * 1024;
    private static final int MB = 1024 * 1024;

    @TempDir
    Path dir;

    /** Round medians given in ms, kept in µs as the results are. */
    private static double[] ms(double... millis) {
        double[] us = new double[millis.length];
        for (int i = 0; i < millis.length; i++) {
            us[i] = millis[i] * 1000;
        }
        return us;
    }

    private static CallbackResult point(OrbImplementation orb, String servant, int photo, double p10Ms, double medianMs,
            double p90Ms, double... roundsMs) {
        return new CallbackResult(orb, servant, photo, 100L * roundsMs.length, p10Ms * 1000, medianMs * 1000,
                p90Ms * 1000, p90Ms * 1500, p90Ms * 2000, ms(roundsMs));
    }

    /**
     * At 100 KB: the C++ floor 1 ms every round (one mode), JacORB's typed listener 2, 3, 4, 3, 3 ms,
     * its dynamic one 1.5 times that; the Eclipse ORB's typed listener refused at 1 MB. At 1 MB the
     * floor falls into two modes.
     */
    private static FeatureResults callbacks() {
        List<CallbackResult> results = new ArrayList<>();
        results.add(point(null, CallbackResult.NATIVE, KB100, 0.9, 1.0, 1.1, 1, 1, 1, 1, 1));
        results.add(point(OrbImplementation.JACORB, CallbackWorker.TYPED, KB100, 2, 3, 4, 2, 3, 4, 3, 3));
        results.add(point(OrbImplementation.JACORB, CallbackWorker.DYNAMIC, KB100, 3, 4.5, 6, 3, 4.5, 6, 4.5, 4.5));
        results.add(point(null, CallbackResult.NATIVE, MB, 0.1, 0.5, 0.9, 0.1, 0.9, 0.1, 0.9, 0.5));
        results.add(point(OrbImplementation.JACORB, CallbackWorker.TYPED, MB, 1.9, 2, 2.1, 2, 2, 2, 2, 2));
        results.add(CallbackResult.failed(OrbImplementation.ECLIPSE_ORB, CallbackWorker.TYPED, MB,
                "COMM_FAILURE (minor 0x41540007, completed MAYBE)"));
        return FeatureResults.none().withCallbacks(CallbackPlan.standard(), results);
    }

    @Test
    void aJavaListenerOverTheFloorIsTheMedianOfItsPerRoundRatiosWithItsInterval() {
        FeatureResults features = callbacks();
        CallbackResult typed = features.callback(OrbImplementation.JACORB, CallbackWorker.TYPED, KB100).orElseThrow();

        Estimate overNative = features.callbackOverNative(typed).orElseThrow();

        // per round 2, 3, 4, 3, 3: median 3; the bootstrap's medians lie between the rounds' extremes
        assertThat(overNative.median()).isEqualTo(3.0, within(1e-9));
        assertThat(overNative.rounds()).isEqualTo(5);
        assertThat(overNative.low()).isBetween(2.0, 3.0);
        assertThat(overNative.high()).isBetween(3.0, 4.0);
        assertThat(overNative.beyond(1)).as("the whole interval above 1: a cost").isTrue();
        CallbackResult dynamic = features.callback(OrbImplementation.JACORB, CallbackWorker.DYNAMIC, KB100).orElseThrow();
        assertThat(dynamic.over(typed).text()).isEqualTo("1.50 [1.50–1.50]");
    }

    @Test
    void noRatioIsMadeWithAListenerThatWasNotMeasuredOrAtAnotherSize() {
        FeatureResults features = callbacks();
        CallbackResult refused = features.callback(OrbImplementation.ECLIPSE_ORB, CallbackWorker.TYPED, MB).orElseThrow();
        CallbackResult typed = features.callback(OrbImplementation.JACORB, CallbackWorker.TYPED, KB100).orElseThrow();

        assertThat(features.callbackOverNative(refused)).isEmpty();
        assertThatThrownBy(() -> refused.over(features.callbackFloor(MB).orElseThrow()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> typed.over(features.callbackFloor(MB).orElseThrow()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("100 KB over");
    }

    @Test
    void theTableGoesSizeBySizeEachOrbsListenersThenTheFloor() {
        List<CallbackTable.Row> rows = CallbackTable.rows(callbacks());

        assertThat(rows).extracting(row -> row.result().photoLabel() + " " + row.result().label()).containsExactly(
                "100 KB JacORB, typed", "100 KB JacORB, dynamic", "100 KB C++ omniORB",
                "1 MB JacORB, typed", "1 MB Eclipse ORB, typed", "1 MB C++ omniORB");
        assertThat(rows.get(0).overNativeText()).isEqualTo("3.00 " + rows.get(0).overNative().orElseThrow().text()
                .substring(5));
        assertThat(rows.get(0).medianText()).isEqualTo("3000");
        assertThat(rows.get(1).overTypedText()).isEqualTo("1.50 [1.50–1.50]");
        assertThat(rows.get(0).overTypedText()).isEqualTo("–");
        assertThat(rows.get(2).overNativeText()).as("the floor itself").isEqualTo("–");
        assertThat(rows.get(4).overNativeText()).isEqualTo("fails: COMM_FAILURE (minor 0x41540007, completed MAYBE)");
        assertThat(rows.get(4).medianText()).isEqualTo("–");
    }

    @Test
    void theWordsCallACostOnlyOverAFloorOfOneModeAndSayWhyAListenerWasNotMeasured() {
        List<String> lines = CallbackTable.reading(callbacks());

        assertThat(lines).anySatisfy(line -> assertThat(line).contains("JacORB, called back with a 100 KB photo",
                "3000 µs", "the C++ listener 1000 µs", "adds 200% per call",
                "The dynamic listener (against the typed one) adds 50% per call"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("JacORB, called back with a 1 MB photo",
                "two modes (10th percentile 100 µs, 90th 900 µs)", "not read as a cost").doesNotContain("adds"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("Eclipse ORB, called back with a 1 MB photo",
                "could not be called back", "COMM_FAILURE"));
        assertThat(FeatureReading.of(callbacks())).containsAll(lines);
    }

    @Test
    void thePageCsvAndJsonCarryThePart() throws IOException {
        StudyResults results = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike)
                .withFeatures(callbacks());

        String html = Files.readString(StudyReport.write(results, dir));

        assertThat(html).contains("<h2 id=\"callbacks\">Called back by the C++ server</h2>", "100 KB", "JacORB, dynamic",
                "1.50 [1.50–1.50]", "fails: COMM_FAILURE");
        List<String> csv = Files.readAllLines(dir.resolve("callbacks.csv"));
        assertThat(csv).hasSize(1 + 6);
        assertThat(csv.get(0)).startsWith("listener,orb,servant,photo_bytes,calls,p10_us,median_us,p90_us");
        assertThat(csv).anySatisfy(line -> assertThat(line).startsWith("\"JacORB, typed\",JacORB,typed,102400,500,2000,3000,4000")
                .contains(",3.00,"));
        assertThat(csv).anySatisfy(line -> assertThat(line).startsWith("\"Eclipse ORB, typed\"").endsWith("completed MAYBE)\""));

        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        assertThat(json.path("callbackPlan").path("rounds").asInt()).isEqualTo(CallbackPlan.standard().rounds());
        JsonNode rows = json.path("callbacks");
        assertThat(rows).hasSize(6);
        assertThat(rows.get(0).path("overNative").path("median").asDouble()).isEqualTo(3.0, within(1e-9));
        assertThat(rows.get(0).path("roundMediansUs")).hasSize(5);
        assertThat(rows.get(1).path("dynamicOverTyped").path("median").asDouble()).isEqualTo(1.5, within(1e-9));
        JsonNode refused = rows.get(4);
        assertThat(refused.path("failure").asText()).contains("COMM_FAILURE");
        // not measured: no timings at all, rather than NaN, which JSON cannot carry
        assertThat(refused.has("medianUs")).isFalse();
        assertThat(refused.has("overNative")).isFalse();
    }
}
