package org.corbabridge.perf.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.perf.worker.WorkerMessages.Style;
import org.corbabridge.perf.worker.OrbSettings;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;

/** The report's results.json, for tools. */
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
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("environment", results.environment());
        document.put("plan", results.plan());
        document.put("durationSeconds", results.durationSeconds());
        document.put("setupNanos", results.setupNanos());
        document.put("results", points(results));
        document.put("ratios", ratios(tables));
        results.network().ifPresent(path -> {
            Map<String, Object> part = new LinkedHashMap<>();
            part.put("environment", path.environment());
            part.put("durationSeconds", path.durationSeconds());
            part.put("results", points(path));
            part.put("ratios", ratios(network));
            document.put("networkPath", part);
        });
        List<Map<String, Object>> profiles = new ArrayList<>();
        for (ProfileResult profile : results.profiles()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("series", profile.series().label());
            entry.put("size", profile.size().label());
            entry.put("calls", profile.calls());
            entry.put("responseMedianUs", profile.responseMedianUs());
            entry.put("cpuMicrosPerCall", profile.cpuMicrosPerCall());
            entry.put("shares", profile.shares());
            entry.put("flameGraph", profile.flameGraph());
            entry.put("containerMicrosPerCall", profile.containerMicrosPerCall());
            profiles.add(entry);
        }
        document.put("profiles", profiles);
        document.putAll(scaleAndStartup(results));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), document);
    }

    /** The tracing, settings and asynchronous-call parts for results.json. */
    private static Map<String, Object> features(FeatureResults features) {
        Map<String, Object> document = new LinkedHashMap<>();
        if (!features.tracing().isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (VariantResult result : features.tracing()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("orb", result.orb().displayName());
                row.put("payload", result.size().label());
                row.put("roundMediansUs", result.roundMediansUs());
                row.put("offOverNone", result.over("off", "none"));
                row.put("onOverNone", result.over("on", "none"));
                rows.add(row);
            }
            document.put("featurePlan", features.plan());
            document.put("tracing", rows);
        }
        if (!features.settings().isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (VariantResult result : features.settings()) {
                for (OrbSettings.Setting setting : OrbSettings.of(result.orb())) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("orb", result.orb().displayName());
                    row.put("payload", result.size().label());
                    row.put("setting", setting.name());
                    row.put("meaning", setting.meaning());
                    row.put("properties", setting.properties());
                    row.put("baseline", setting.baseline());
                    if (!result.comparable(setting.name(), setting.baseline())) {
                        row.put("failure", result.overText(setting.name(), setting.baseline()));
                        rows.add(row);
                        continue;
                    }
                    row.put("medianUs", result.medianUs(setting.name()));
                    row.put("baselineMedianUs", result.medianUs(setting.baseline()));
                    row.put("overBaseline", result.over(setting.name(), setting.baseline()));
                    row.put("roundMediansUs", result.roundMediansUs().get(setting.name()));
                    row.put("baselineRoundMediansUs", result.roundMediansUs().get(setting.baseline()));
                    rows.add(row);
                }
            }
            document.put("featurePlan", features.plan());
            document.put("settings", rows);
        }
        if (!features.inFlight().isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (InFlightResult result : features.inFlight()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("orb", result.orb().displayName());
                row.put("inFlight", result.inFlight());
                row.put("style", result.style());
                row.put("callsPerSecond", result.throughput());
                row.put("roundCallsPerSecond", result.roundThroughputs());
                row.put("p50Us", result.p50Us());
                row.put("p99Us", result.p99Us());
                if (result.style().equals(Style.ASYNC.label())) {
                    features.inFlight(result.orb(), result.inFlight(), Style.SYNC.label())
                            .ifPresent(sync -> row.put("throughputOverSync", result.throughputOver(sync)));
                }
                rows.add(row);
            }
            document.put("featurePlan", features.plan());
            document.put("inFlight", rows);
        }
        if (features.replicasLeftOut() != null) {
            document.put("replicasLeftOut", features.replicasLeftOut());
        }
        if (!features.replicas().isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (ReplicaResult result : features.replicas()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("orb", result.orb().displayName());
                row.put("replicas", result.replicas());
                row.put("orbMode", result.orbMode());
                row.put("sessions", result.sessions());
                row.put("callsPerSecond", result.throughput());
                row.put("roundCallsPerSecond", result.roundThroughputs());
                row.put("p50Us", result.p50Us());
                row.put("p99Us", result.p99Us());
                row.put("spread", result.spread());
                rows.add(row);
            }
            document.put("replicaPlan", features.replicaPlan());
            document.put("replicas", rows);
            document.put("pulledLinks", features.pulledLinks());
        }
        return document;
    }

    /** The two parts for results.json (the per-step rows are in scale.csv). */
    private static Map<String, Object> scaleAndStartup(StudyResults results) {
        Map<String, Object> document = new LinkedHashMap<>();
        if (!results.scale().isEmpty()) {
            document.put("scalePlan", results.scalePlan());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (ScaleSeries series : results.scale()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("configuration", series.label());
                row.put("orb", series.orbName());
                row.put("orbMode", series.modeName());
                row.put("payload", series.payload().label());
                row.put("serverModel", series.serverModel());
                row.put("bootMillis", series.bootMillis());
                row.put("stopReason", series.stopReason());
                row.put("kneeSessions", series.knee().map(StepReply::sessions).orElse(null));
                row.put("failureSessions", series.failurePoint().map(StepReply::sessions).orElse(null));
                row.put("failure", series.failurePoint().map(s -> series.failureText()).orElse(null));
                row.put("peakCallsPerSecond", series.peakThroughput());
                row.put("heapBytesPerSession", series.heapPerSession().orElse(null));
                row.put("heapInUseBytesPerSession", series.heapInUsePerSession().orElse(null));
                row.put("heapPerSessionByClass", series.heapPerSessionByClass());
                row.put("residentBytesPerSession", series.residentPerSession().orElse(null));
                row.put("threadsPerSession", series.threadsPerSession().orElse(null));
                row.put("serverResidentBytesPerSession", series.serverResidentPerSession().orElse(null));
                row.put("steps", series.steps());
                rows.add(row);
            }
            document.put("scale", rows);
        }
        if (!results.startup().isEmpty()) {
            document.put("startupPlan", results.startupPlan());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (StartupSeries series : results.startup()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("configuration", series.label());
                row.put("jvmToMainMillis", series.median(StartupProbe.Reply::jvmToMainMillis));
                row.put("containerBootMillis", series.median(StartupProbe.Reply::containerBootMillis));
                row.put("deployMillis", series.median(StartupProbe.Reply::deployMillis));
                row.put("sessionCreateMillis", series.median(StartupProbe.Reply::sessionCreateMillis));
                row.put("orbInitMillis", series.median(StartupProbe.Reply::orbInitMillis));
                row.put("namingMillis", series.median(StartupProbe.Reply::namingMillis));
                row.put("firstCallMillis", series.median(StartupProbe.Reply::firstCallMillis));
                row.put("toFirstCallMillis", series.medianToFirstCall());
                Map<String, Object> classes = new LinkedHashMap<>();
                classes.put("containerBoot", orNull(series.medianClasses(StartupProbe.ClassesLoaded::containerBoot)));
                classes.put("deploy", orNull(series.medianClasses(StartupProbe.ClassesLoaded::deploy)));
                classes.put("sessionCreate", orNull(series.medianClasses(StartupProbe.ClassesLoaded::sessionCreate)));
                classes.put("firstCall", orNull(series.medianClasses(StartupProbe.ClassesLoaded::firstCall)));
                row.put("classesLoaded", classes);
                row.put("callsToWarm", series.medianCallsToWarm());
                row.put("warmMedianMicros", series.firstCurve().warmMedianMicros());
                if (series.profile() != null) {
                    row.put("profile", series.profile());
                }
                rows.add(row);
            }
            document.put("startup", rows);
        }
        document.putAll(features(results.features()));
        return document;
    }

    /** Every payload point, one row each. */
    private static List<Map<String, Object>> points(StudyResults results) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (PointResult p : results.points()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("series", p.series().label());
            row.put("caller", p.series().caller());
            row.put("orb", p.series().orbName());
            row.put("mode", p.series().modeName());
            row.put("size", p.size().label());
            row.put("dataBytes", p.size().dataBytes());
            row.put("items", p.size().items());
            row.put("calls", p.calls());
            row.put("p10Us", Double.isNaN(p.p10Us()) ? null : p.p10Us());
            row.put("medianUs", p.medianUs());
            row.put("p90Us", p.p90Us());
            row.put("p99Us", p.p99Us());
            row.put("maxUs", p.maxUs());
            row.put("communicationMedianUs", p.communicationMedianUs());
            row.put("serverMedianUs", p.serverMedianUs());
            row.put("roundMediansUs", p.roundMediansUs());
            rows.add(row);
        }
        return rows;
    }

    /** Every ratio of every table, one row each. */
    private static List<Map<String, Object>> ratios(List<PayloadTables.Table> tables) {
        List<Map<String, Object>> ratios = new ArrayList<>();
        for (PayloadTables.Table table : tables) {
            for (PayloadTables.Row row : table.rows()) {
                for (int i = 0; i < table.columns().size(); i++) {
                    Optional<Ratio> ratio = row.ratios().get(i);
                    if (ratio.isPresent()) {
                        Map<String, Object> entry = new LinkedHashMap<>();
                        entry.put("table", table.title());
                        entry.put("row", row.label());
                        entry.put("size", table.columns().get(i).label());
                        entry.put("ratio", ratio.get().value());
                        entry.put("ci95Low", ratio.get().estimate().low());
                        entry.put("ci95High", ratio.get().estimate().high());
                        entry.put("roundMin", ratio.get().roundMin());
                        entry.put("roundMax", ratio.get().roundMax());
                        ratios.add(entry);
                    }
                }
            }
        }
        return ratios;
    }

    /** A figure, or null where there is none (a probe that did not count). */
    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
