package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.ReplicaPlan;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.StartupPlan;
import org.corbabridge.perf.worker.OrbSettings;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shape of results.json, which tools and the report's tests read: every key of every object, in
 * its order, from results in which every part of the study ran.
 */
class ReportJsonTest {

    @TempDir
    Path dir;

    /** Made-up results of every part: payload, network path, profiles, scale, start-up, tracing, settings, calls in flight, replicas. */
    static StudyResults everyPart() {
        StudyResults loopback = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        StudyResults network = SyntheticResults.of(PayloadPlan.quick(),
                (series, size) -> 1.3 * SyntheticResults.paperLike(series, size));
        SizePoint kb = SizePoint.ofBudget(1024);
        Series cc = new Series(Caller.CC, OrbImplementation.JACORB, InvocationMode.STATIC);
        Map<ProfileBreakdown.Category, Double> shares = new EnumMap<>(ProfileBreakdown.Category.class);
        for (ProfileBreakdown.Category category : ProfileBreakdown.Category.values()) {
            shares.put(category, 1.0 / ProfileBreakdown.Category.values().length);
        }
        Map<ProfileBreakdown.ContainerPart, Double> container = new EnumMap<>(ProfileBreakdown.ContainerPart.class);
        for (ProfileBreakdown.ContainerPart part : ProfileBreakdown.ContainerPart.values()) {
            container.put(part, 0.0);
        }
        List<ProfileResult> profiles = List.of(new ProfileResult(cc, kb, 5000, 61.5, 42.25, shares,
                "profiles/cc-jacorb-static-1-kb.html", container));

        // one series flat to the end (no knee, no failure), one that fails at its last step
        List<ScaleSeries> scale = List.of(
                new ScaleSeries(OrbImplementation.JACORB, OrbMode.BUILT_IN, kb, ServerModel.THREAD_PER_CONNECTION,
                        2500, List.of(step(1, 2048, Map.of()), step(10, 2048, Map.of()), step(100, 2048, Map.of())),
                        "all steps"),
                new ScaleSeries(OrbImplementation.JACORB, OrbMode.EXTERNAL, kb, ServerModel.THREAD_POOL, 2600,
                        List.of(step(1, 1 << 20, Map.of()), step(10, 1 << 20, Map.of()),
                                step(100, 1 << 20, Map.of("CallTimeoutException", 500L))), "failure"));

        double[] calls = new double[1000];
        Arrays.fill(calls, 100);
        Arrays.fill(calls, 0, 200, 900);
        StartupSeries plain = new StartupSeries(OrbImplementation.JACORB, OrbMode.BUILT_IN, List.of(
                new StartupSeries.Run(4000, new StartupProbe.Reply(true, null, 20, 1000, 1200, 70, 150, 150, 180,
                        calls))));
        StartupSeries profiled = new StartupSeries(OrbImplementation.JACORB, OrbMode.BUILT_IN, true, List.of(
                new StartupSeries.Run(3000, new StartupProbe.Reply(true, null, 20, 800, 900, 70, 150, 150, 180,
                        calls)))).withProfile(StartupProfile.of(
                                "x;org/corbabridge/perf/worker/StartupProbe.probe;javax/naming/InitialContext.<init> 300",
                                "profiles/startup-jacorb-builtin-appcds.html"));

        double[] none = {50, 51, 49, 50, 52, 50};
        double[] on = Arrays.stream(none).map(v -> v * 1.1).toArray();
        VariantResult tracing = new VariantResult(OrbImplementation.JACORB, kb,
                Map.of("none", none, "off", none.clone(), "on", on));
        Map<String, double[]> byMode = new HashMap<>();
        for (String mode : OrbSettings.modes(OrbImplementation.ECLIPSE_ORB)) {
            byMode.put(mode, none.clone());
        }
        byMode.remove("plain-reader-thread");
        VariantResult settings = new VariantResult(OrbImplementation.ECLIPSE_ORB, kb, byMode,
                Map.of("plain-reader-thread", "plain-reader-thread: org.omg.CORBA.COMM_FAILURE"));
        double[] sync = {1000, 1010, 990, 1000, 1005, 995};
        double[] async = Arrays.stream(sync).map(v -> v * 1.5).toArray();
        List<InFlightResult> inFlight = List.of(
                new InFlightResult(OrbImplementation.JACORB, 8, "sync", sync, 700, 1500),
                new InFlightResult(OrbImplementation.JACORB, 8, "async", async, 690, 1400),
                // no sync series beside it: no ratio over sync
                new InFlightResult(OrbImplementation.JACORB, 64, "async", async, 900, 2000));
        List<ReplicaResult> replicas = List.of(new ReplicaResult(OrbImplementation.JACORB, 3, "built-in", 12, sync,
                700, 1500, Map.of("Warehouse-1", 100L)));
        List<PulledLinkResult> pulled = List.of(new PulledLinkResult(OrbImplementation.JACORB, 900, 4000, 0, 1200));

        return loopback.withNetworkPath(network).withProfiles(profiles).withScale(ScalePlan.quick(), scale)
                .withStartup(StartupPlan.quick(), List.of(plain, profiled))
                .withFeatures(FeatureResults.none().withTracing(FeaturePlan.quick(), List.of(tracing))
                        .withSettings(FeaturePlan.quick(), List.of(settings))
                        .withInFlight(FeaturePlan.quick(), inFlight)
                        .withReplicas(ReplicaPlan.quick(), replicas, pulled, "no network namespaces here"));
    }

    private static StepReply step(int sessions, long bytesPerSession, Map<String, Long> failures) {
        return new StepReply(true, null, sessions, null, 10, 4, 4000, failures, 300, 500, 1000, 2000, 250, 60,
                20L * 1024 * 1024 + sessions * bytesPerSession, 18L * 1024 * 1024 + sessions * bytesPerSession / 2,
                150L * 1024 * 1024, 80 + sessions, sessions, 150, 20, 8L * 1024 * 1024, 4 + sessions, sessions, 600,
                2500, List.of(), List.of());
    }

    private JsonNode written(StudyResults results) throws IOException {
        Path file = dir.resolve("results.json");
        ReportJson.write(results, tables(results), networkTables(results), file);
        return new ObjectMapper().readTree(file.toFile());
    }

    /** The payload part's tables, as {@link StudyReport#write} makes them. */
    static List<PayloadTables.Table> tables(StudyResults results) {
        return results.points().isEmpty() ? List.of() : PayloadTables.all(results);
    }

    /** The network path's tables, as {@link StudyReport#write} makes them. */
    static List<PayloadTables.Table> networkTables(StudyResults results) {
        List<PayloadTables.Table> network = new ArrayList<>(PayloadTables.networkOverLoopback(results));
        results.network().filter(path -> !path.points().isEmpty())
                .ifPresent(path -> network.addAll(PayloadTables.all(path)));
        return network;
    }

    private static List<String> keys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void everyPartWritesItsKeysInTheOrderTheReadersKnow() throws IOException {
        JsonNode json = written(everyPart());

        assertThat(keys(json)).containsExactly("environment", "plan", "durationSeconds", "setupNanos", "results",
                "ratios", "networkPath", "profiles", "scalePlan", "scale", "startupPlan", "startup", "featurePlan",
                "tracing", "settings", "inFlight", "replicasLeftOut", "replicaPlan", "replicas", "pulledLinks");
        assertThat(keys(json.get("results").get(0))).containsExactly("series", "caller", "orb", "mode", "size",
                "dataBytes", "items", "calls", "p10Us", "medianUs", "p90Us", "p99Us", "maxUs",
                "communicationMedianUs", "serverMedianUs", "roundMediansUs");
        assertThat(keys(json.get("ratios").get(0))).containsExactly("table", "row", "size", "ratio", "ci95Low",
                "ci95High", "roundMin", "roundMax");
        assertThat(keys(json.get("networkPath"))).containsExactly("environment", "durationSeconds", "results",
                "ratios");
        assertThat(keys(json.get("profiles").get(0))).containsExactly("series", "size", "calls", "responseMedianUs",
                "cpuMicrosPerCall", "shares", "flameGraph", "containerMicrosPerCall");
        assertThat(keys(json.get("scale").get(0))).containsExactly("configuration", "orb", "orbMode", "payload",
                "serverModel", "bootMillis", "stopReason", "kneeSessions", "failureSessions", "failure",
                "peakCallsPerSecond", "heapBytesPerSession", "heapInUseBytesPerSession", "heapPerSessionByClass",
                "residentBytesPerSession", "threadsPerSession", "serverResidentBytesPerSession", "steps");
        List<String> startup = List.of("configuration", "jvmToMainMillis", "containerBootMillis", "deployMillis",
                "sessionCreateMillis", "orbInitMillis", "namingMillis", "firstCallMillis", "toFirstCallMillis",
                "classesLoaded", "callsToWarm", "warmMedianMicros");
        assertThat(keys(json.get("startup").get(0))).containsExactlyElementsOf(startup);
        List<String> profiled = new ArrayList<>(startup);
        profiled.add("profile");
        assertThat(keys(json.get("startup").get(1))).containsExactlyElementsOf(profiled);
        assertThat(keys(json.get("tracing").get(0))).containsExactly("orb", "payload", "roundMediansUs",
                "offOverNone", "onOverNone");
        assertThat(keys(json.get("inFlight").get(0))).containsExactly("orb", "inFlight", "style", "callsPerSecond",
                "roundCallsPerSecond", "p50Us", "p99Us");
        assertThat(keys(json.get("inFlight").get(1))).containsExactly("orb", "inFlight", "style", "callsPerSecond",
                "roundCallsPerSecond", "p50Us", "p99Us", "throughputOverSync");
        assertThat(keys(json.get("inFlight").get(2))).as("async without a sync series beside it")
                .doesNotContain("throughputOverSync");
        assertThat(keys(json.get("replicas").get(0))).containsExactly("orb", "replicas", "orbMode", "sessions",
                "callsPerSecond", "roundCallsPerSecond", "p50Us", "p99Us", "spread");
    }

    @Test
    void aSettingThatFailedHasItsFailureInsteadOfItsTimes() throws IOException {
        JsonNode settings = written(everyPart()).get("settings");

        List<String> measured = List.of("orb", "payload", "setting", "meaning", "properties", "baseline", "medianUs",
                "baselineMedianUs", "overBaseline", "roundMediansUs", "baselineRoundMediansUs");
        List<String> failed = List.of("orb", "payload", "setting", "meaning", "properties", "baseline", "failure");
        assertThat(settings).hasSize(OrbSettings.of(OrbImplementation.ECLIPSE_ORB).size());
        for (JsonNode row : settings) {
            assertThat(keys(row)).as(row.get("setting").asText()).containsExactlyElementsOf(
                    row.get("setting").asText().equals("plain-reader-thread") ? failed : measured);
        }
    }

    @Test
    void aNullInsideAPartThatRanIsWrittenAsNull() throws IOException {
        JsonNode scale = written(everyPart()).get("scale");

        assertThat(scale.get(0).get("kneeSessions").isNull()).isTrue();
        assertThat(scale.get(0).get("failureSessions").isNull()).isTrue();
        assertThat(scale.get(0).get("failure").isNull()).isTrue();
        assertThat(scale.get(1).get("failureSessions").asInt()).isEqualTo(100);
    }

    @Test
    void aPointWithoutItsTenthPercentileHasANullThere() throws IOException {
        StudyResults results = SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike);
        PointResult first = results.points().get(0);
        List<PointResult> points = new ArrayList<>(results.points());
        points.set(0, new PointResult(first.series(), first.size(), first.calls(), first.medianUs(), first.p90Us(),
                first.p99Us(), first.maxUs(), first.communicationMedianUs(), first.serverMedianUs(),
                first.roundMediansUs()));

        JsonNode json = written(new StudyResults(results.plan(), results.environment(), results.setupNanos(), points,
                results.durationSeconds()));

        assertThat(json.get("results").get(0).has("p10Us")).isTrue();
        assertThat(json.get("results").get(0).get("p10Us").isNull()).isTrue();
        assertThat(json.get("results").get(1).get("p10Us").isNumber()).isTrue();
    }

    @Test
    void aPartThatDidNotRunLeavesNoKey() throws IOException {
        JsonNode json = written(SyntheticResults.of(PayloadPlan.quick(), SyntheticResults::paperLike));

        assertThat(keys(json)).containsExactly("environment", "plan", "durationSeconds", "setupNanos", "results",
                "ratios", "profiles");
    }
}
