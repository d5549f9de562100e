package org.corbabridge.perf.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.run.CallbackPlan;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.ReplicaPlan;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.StartupPlan;
import org.corbabridge.perf.worker.OrbSettings;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;
import org.corbabridge.perf.worker.WorkerMessages.Style;

/**
 * The report's results.json, for tools: records that Jackson writes, each key a record component,
 * in the order the components are declared (tools and tests read these keys: keep names and order).
 *
 * <p>A part of the study that did not run leaves no key: it is a record {@link JsonUnwrapped
 * unwrapped} into the document, and Jackson writes nothing for a null unwrapped value, while a null
 * inside a part that ran (a scale series without a knee) is written as null. A single key that only
 * some rows have is {@link JsonInclude.Include#NON_NULL NON_NULL}.
 */
final class ReportJson {

    private ReportJson() {
    }

    /** results.json: the environment, the plans, every point, every ratio with its interval, the profiles, the scale and start-up parts. */
    /**
     * @param network the tables of the payload part over the network path (its own, and each series
     *     over its loopback self); empty without one
     */
    static void write(StudyResults results, List<PayloadTables.Table> tables, List<PayloadTables.Table> network,
            Path file) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(),
                Document.of(results, tables, network));
    }

    /** The whole file. */
    record Document(Map<String, String> environment, PayloadPlan plan, double durationSeconds,
            Map<String, Map<String, Long>> setupNanos, List<PointRow> results, List<RatioRow> ratios,
            @JsonInclude(JsonInclude.Include.NON_NULL) NetworkPath networkPath, List<ProfileRow> profiles,
            @JsonUnwrapped ScalePart scalePart, @JsonUnwrapped StartupPart startupPart,
            @JsonUnwrapped FeaturePart featurePart,
            @JsonInclude(JsonInclude.Include.NON_NULL) String replicasLeftOut,
            @JsonUnwrapped ReplicaPart replicaPart, @JsonUnwrapped CallbackPart callbackPart) {

        static Document of(StudyResults results, List<PayloadTables.Table> tables, List<PayloadTables.Table> network) {
            FeatureResults features = results.features();
            return new Document(results.environment(), results.plan(), results.durationSeconds(),
                    results.setupNanos(), PointRow.all(results), RatioRow.all(tables),
                    results.network().map(path -> new NetworkPath(path.environment(), path.durationSeconds(),
                            PointRow.all(path), RatioRow.all(network))).orElse(null),
                    results.profiles().stream().map(ProfileRow::of).toList(),
                    ScalePart.of(results), StartupPart.of(results), FeaturePart.of(features),
                    features.replicasLeftOut(), ReplicaPart.of(features), CallbackPart.of(features));
        }
    }

    /** The payload part over the network path. */
    record NetworkPath(Map<String, String> environment, double durationSeconds, List<PointRow> results,
            List<RatioRow> ratios) {
    }

    /** Every payload point, one row each. */
    record PointRow(String series, Caller caller, String orb, String mode, String size, long dataBytes, int items,
            long calls, Double p10Us, double medianUs, double p90Us, double p99Us, double maxUs,
            double communicationMedianUs, double serverMedianUs, double[] roundMediansUs) {

        static List<PointRow> all(StudyResults results) {
            return results.points().stream().map(p -> new PointRow(p.series().label(), p.series().caller(),
                    p.series().orbName(), p.series().modeName(), p.size().label(), p.size().dataBytes(),
                    p.size().items(), p.calls(), Double.isNaN(p.p10Us()) ? null : p.p10Us(), p.medianUs(), p.p90Us(),
                    p.p99Us(), p.maxUs(), p.communicationMedianUs(), p.serverMedianUs(), p.roundMediansUs()))
                    .toList();
        }
    }

    /** Every ratio of every table, one row each. */
    record RatioRow(String table, String row, String size, double ratio, double ci95Low, double ci95High,
            double roundMin, double roundMax) {

        static List<RatioRow> all(List<PayloadTables.Table> tables) {
            List<RatioRow> ratios = new ArrayList<>();
            for (PayloadTables.Table table : tables) {
                for (PayloadTables.Row row : table.rows()) {
                    for (int i = 0; i < table.columns().size(); i++) {
                        Optional<Ratio> ratio = row.ratios().get(i);
                        if (ratio.isPresent()) {
                            Ratio r = ratio.get();
                            ratios.add(new RatioRow(table.title(), row.label(), table.columns().get(i).label(),
                                    r.value(), r.estimate().low(), r.estimate().high(), r.roundMin(), r.roundMax()));
                        }
                    }
                }
            }
            return ratios;
        }
    }

    /** A CPU profile. */
    record ProfileRow(String series, String size, int calls, double responseMedianUs, double cpuMicrosPerCall,
            Map<ProfileBreakdown.Category, Double> shares, String flameGraph,
            Map<ProfileBreakdown.ContainerPart, Double> containerMicrosPerCall) {

        static ProfileRow of(ProfileResult profile) {
            return new ProfileRow(profile.series().label(), profile.size().label(), profile.calls(),
                    profile.responseMedianUs(), profile.cpuMicrosPerCall(), profile.shares(), profile.flameGraph(),
                    profile.containerMicrosPerCall());
        }
    }

    /** The scale part (the per-step rows are in scale.csv too); null when it did not run. */
    record ScalePart(ScalePlan scalePlan, List<ScaleRow> scale) {

        static ScalePart of(StudyResults results) {
            return results.scale().isEmpty() ? null
                    : new ScalePart(results.scalePlan(), results.scale().stream().map(ScaleRow::of).toList());
        }
    }

    /** One scale series. */
    record ScaleRow(String configuration, String orb, String orbMode, String payload, ServerModel serverModel,
            long bootMillis, String stopReason, Integer kneeSessions, Integer failureSessions, String failure,
            double peakCallsPerSecond, Double heapBytesPerSession, Double heapInUseBytesPerSession,
            List<ScaleSeries.HeapShare> heapPerSessionByClass, Double residentBytesPerSession,
            Double threadsPerSession, Double serverResidentBytesPerSession, List<StepReply> steps) {

        static ScaleRow of(ScaleSeries series) {
            return new ScaleRow(series.label(), series.orbName(), series.modeName(), series.payload().label(),
                    series.serverModel(), series.bootMillis(), series.stopReason(),
                    series.knee().map(StepReply::sessions).orElse(null),
                    series.failurePoint().map(StepReply::sessions).orElse(null),
                    series.failurePoint().map(s -> series.failureText()).orElse(null), series.peakThroughput(),
                    series.heapPerSession().orElse(null), series.heapInUsePerSession().orElse(null),
                    series.heapPerSessionByClass(), series.residentPerSession().orElse(null),
                    series.threadsPerSession().orElse(null), series.serverResidentPerSession().orElse(null),
                    series.steps());
        }
    }

    /** The start-up part; null when it did not run. */
    record StartupPart(StartupPlan startupPlan, List<StartupRow> startup) {

        static StartupPart of(StudyResults results) {
            return results.startup().isEmpty() ? null
                    : new StartupPart(results.startupPlan(), results.startup().stream().map(StartupRow::of).toList());
        }
    }

    /** One start-up series: the median of each step over its runs. */
    record StartupRow(String configuration, double jvmToMainMillis, double containerBootMillis, double deployMillis,
            double sessionCreateMillis, double orbInitMillis, double namingMillis, double firstCallMillis,
            double toFirstCallMillis, ClassesLoaded classesLoaded, double callsToWarm, double warmMedianMicros,
            @JsonInclude(JsonInclude.Include.NON_NULL) StartupProfile profile) {

        /** The median number of classes each step loaded; null where a probe did not count. */
        record ClassesLoaded(Double containerBoot, Double deploy, Double sessionCreate, Double firstCall) {
            static ClassesLoaded of(StartupSeries series) {
                return new ClassesLoaded(orNull(series.medianClasses(StartupProbe.ClassesLoaded::containerBoot)),
                        orNull(series.medianClasses(StartupProbe.ClassesLoaded::deploy)),
                        orNull(series.medianClasses(StartupProbe.ClassesLoaded::sessionCreate)),
                        orNull(series.medianClasses(StartupProbe.ClassesLoaded::firstCall)));
            }

            private static Double orNull(double value) {
                return Double.isNaN(value) ? null : value;
            }
        }

        static StartupRow of(StartupSeries series) {
            return new StartupRow(series.label(), series.median(StartupProbe.Reply::jvmToMainMillis),
                    series.median(StartupProbe.Reply::containerBootMillis),
                    series.median(StartupProbe.Reply::deployMillis),
                    series.median(StartupProbe.Reply::sessionCreateMillis),
                    series.median(StartupProbe.Reply::orbInitMillis), series.median(StartupProbe.Reply::namingMillis),
                    series.median(StartupProbe.Reply::firstCallMillis), series.medianToFirstCall(),
                    ClassesLoaded.of(series), series.medianCallsToWarm(), series.firstCurve().warmMedianMicros(), series.profile());
        }
    }

    /**
     * The tracing, settings and asynchronous-call parts, under the plan they share; null when none of
     * them ran, and each list null (no key) when its part did not.
     */
    record FeaturePart(FeaturePlan featurePlan,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<TracingRow> tracing,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<SettingRow> settings,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<InFlightRow> inFlight) {

        static FeaturePart of(FeatureResults features) {
            if (features.tracing().isEmpty() && features.settings().isEmpty() && features.inFlight().isEmpty()) {
                return null;
            }
            return new FeaturePart(features.plan(), nullIfEmpty(features.tracing().stream().map(TracingRow::of).toList()),
                    nullIfEmpty(features.settings().stream().flatMap(r -> SettingRow.of(r).stream()).toList()),
                    nullIfEmpty(features.inFlight().stream().map(r -> InFlightRow.of(r, features)).toList()));
        }

        private static <T> List<T> nullIfEmpty(List<T> rows) {
            return rows.isEmpty() ? null : rows;
        }
    }

    /** What tracing costs on one ORB at one size. */
    record TracingRow(String orb, String payload, Map<String, double[]> roundMediansUs, Estimate offOverNone,
            Estimate onOverNone) {

        static TracingRow of(VariantResult result) {
            return new TracingRow(result.orb().displayName(), result.size().label(), result.roundMediansUs(),
                    result.over("off", "none"), result.over("on", "none"));
        }
    }

    /** One ORB setting at one size: its failure, or its times against its baseline's. */
    record SettingRow(String orb, String payload, String setting, String meaning, Map<String, String> properties,
            String baseline, @JsonInclude(JsonInclude.Include.NON_NULL) String failure,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double medianUs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double baselineMedianUs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Estimate overBaseline,
            @JsonInclude(JsonInclude.Include.NON_NULL) double[] roundMediansUs,
            @JsonInclude(JsonInclude.Include.NON_NULL) double[] baselineRoundMediansUs) {

        /** Each setting of the result's ORB. */
        static List<SettingRow> of(VariantResult result) {
            List<SettingRow> rows = new ArrayList<>();
            for (OrbSettings.Setting setting : OrbSettings.of(result.orb())) {
                String orb = result.orb().displayName();
                String payload = result.size().label();
                if (!result.comparable(setting.name(), setting.baseline())) {
                    rows.add(new SettingRow(orb, payload, setting.name(), setting.meaning(), setting.properties(),
                            setting.baseline(), result.overText(setting.name(), setting.baseline()), null, null, null,
                            null, null));
                    continue;
                }
                rows.add(new SettingRow(orb, payload, setting.name(), setting.meaning(), setting.properties(),
                        setting.baseline(), null, result.medianUs(setting.name()),
                        result.medianUs(setting.baseline()), result.over(setting.name(), setting.baseline()),
                        result.roundMediansUs().get(setting.name()),
                        result.roundMediansUs().get(setting.baseline())));
            }
            return rows;
        }
    }

    /** Calls in flight on one ORB, sync or async; the async ones also over the sync ones, where measured. */
    record InFlightRow(String orb, int inFlight, String style, Estimate callsPerSecond, double[] roundCallsPerSecond,
            double p50Us, double p99Us, @JsonInclude(JsonInclude.Include.NON_NULL) Estimate throughputOverSync) {

        static InFlightRow of(InFlightResult result, FeatureResults features) {
            Estimate overSync = result.style().equals(Style.ASYNC.label())
                    ? features.inFlight(result.orb(), result.inFlight(), Style.SYNC.label())
                            .map(result::throughputOver).orElse(null)
                    : null;
            return new InFlightRow(result.orb().displayName(), result.inFlight(), result.style(),
                    result.throughput(), result.roundThroughputs(), result.p50Us(), result.p99Us(), overSync);
        }
    }

    /** The replicas part; null when it did not run. */
    record ReplicaPart(ReplicaPlan replicaPlan, List<ReplicaRow> replicas, List<PulledLinkResult> pulledLinks) {

        static ReplicaPart of(FeatureResults features) {
            return features.replicas().isEmpty() ? null : new ReplicaPart(features.replicaPlan(),
                    features.replicas().stream().map(ReplicaRow::of).toList(), features.pulledLinks());
        }
    }

    /** Calls over some replicas on one ORB in one ORB mode. */
    record ReplicaRow(String orb, int replicas, String orbMode, int sessions, Estimate callsPerSecond,
            double[] roundCallsPerSecond, double p50Us, double p99Us, Map<String, Long> spread) {

        static ReplicaRow of(ReplicaResult result) {
            return new ReplicaRow(result.orb().displayName(), result.replicas(), result.orbMode(), result.sessions(),
                    result.throughput(), result.roundThroughputs(), result.p50Us(), result.p99Us(), result.spread());
        }
    }

    /** The call-back part; null when it did not run. */
    record CallbackPart(CallbackPlan callbackPlan, List<CallbackRow> callbacks) {

        static CallbackPart of(FeatureResults features) {
            return features.callbacks().isEmpty() ? null : new CallbackPart(features.callbackPlan(),
                    CallbackTable.rows(features).stream().map(CallbackRow::of).toList());
        }
    }

    /**
     * One listener at one photo size: the server's timings of its call backs, and its ratios over the
     * native floor and (a dynamic listener) over the typed one on its ORB; or why it was not measured
     * (its timings then absent: no key, never NaN).
     */
    record CallbackRow(String listener, String orb, String servant, int photoBytes, long calls,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double p10Us,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double medianUs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double p90Us,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double p99Us,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double maxUs, double[] roundMediansUs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Estimate overNative,
            @JsonInclude(JsonInclude.Include.NON_NULL) Estimate dynamicOverTyped,
            @JsonInclude(JsonInclude.Include.NON_NULL) String failure) {

        static CallbackRow of(CallbackTable.Row row) {
            CallbackResult r = row.result();
            boolean measured = !r.failed();
            return new CallbackRow(r.label(), r.isNative() ? "omniORB" : r.orb().displayName(), r.servant(),
                    r.photoBytes(), r.calls(), measured ? r.p10Us() : null, measured ? r.medianUs() : null, measured ? r.p90Us() : null,
                    measured ? r.p99Us() : null, measured ? r.maxUs() : null, r.roundMediansUs(),
                    row.overNative().orElse(null), row.overTyped().orElse(null), r.failure());
        }
    }
}
