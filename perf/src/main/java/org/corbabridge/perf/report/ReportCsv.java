package org.corbabridge.perf.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;

/** The report's CSV files, for spreadsheets and scripts. */
final class ReportCsv {

    private ReportCsv() {
    }

    /** results.csv: one row per series and size. */
    static void payload(StudyResults results, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("series", "caller", "orb",
                        "mode", "size", "budget_bytes", "data_bytes", "items", "calls", "p10_us", "median_us", "p90_us", "p99_us",
                        "max_us", "communication_median_us", "server_median_us", "round_median_min_us",
                        "round_median_max_us").build())) {
            for (PointResult p : results.points()) {
                csv.printRecord(p.series().label(), p.series().caller(), p.series().orbName(), p.series().modeName(),
                        p.size().label(), p.size().budget(), p.size().dataBytes(), p.size().items(), p.calls(),
                        Double.isNaN(p.p10Us()) ? "" : Format.micros(p.p10Us()), Format.micros(p.medianUs()), Format.micros(p.p90Us()), Format.micros(p.p99Us()), Format.micros(p.maxUs()),
                        Format.micros(p.communicationMedianUs()), Format.micros(p.serverMedianUs()), Format.micros(p.roundMedianMinUs()),
                        Format.micros(p.roundMedianMaxUs()));
            }
        }
    }

    /** scale.csv (one row per configuration and step) and startup.csv (one per run), for the parts that ran. */
    static void scaleAndStartup(StudyResults results, Path dir) throws IOException {
        if (!results.scale().isEmpty()) {
            try (Writer out = Files.newBufferedWriter(dir.resolve("scale.csv"), StandardCharsets.UTF_8);
                    CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("configuration", "orb",
                            "orb_mode", "payload", "server_model", "sessions", "calls", "failed_calls", "p50_us",
                            "p90_us", "p99_us", "max_us", "mean_service_us", "calls_per_s", "cpu_percent",
                            "heap_after_gc_bytes", "live_heap_bytes", "resident_bytes", "threads", "connections", "open_files",
                            "server_cpu_percent", "server_resident_bytes", "server_threads", "server_connections",
                            "grow_ms", "hiccup_p99_us", "hiccup_max_us", "error").build())) {
                for (ScaleSeries series : results.scale()) {
                    for (StepReply s : series.steps()) {
                        csv.printRecord(series.label(), series.orbName(), series.modeName(), series.payload().label(),
                                series.serverModel(), s.sessions(), s.calls(), s.failedCalls(), s.p50Micros(),
                                s.p90Micros(), s.p99Micros(), s.maxMicros(), s.meanServiceMicros(),
                                ScaleSeries.throughput(s), s.cpuPercent(), s.heapAfterGcBytes(), s.liveHeapBytes(), s.residentBytes(),
                                s.threads(), s.connections(), s.openFiles(), s.serverCpuPercent(),
                                s.serverResidentBytes(), s.serverThreads(), s.serverConnections(), s.growMillis(),
                                s.hiccupP99Micros(), s.hiccupMaxMicros(),
                                s.ok() ? (s.growError() == null ? "" : s.growError()) : s.error());
                    }
                }
            }
        }
        if (!results.startup().isEmpty()) {
            try (Writer out = Files.newBufferedWriter(dir.resolve("startup.csv"), StandardCharsets.UTF_8);
                    CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("configuration", "run",
                            "jvm_to_main_ms", "container_boot_ms", "deploy_ms", "session_create_ms", "orb_init_ms",
                            "naming_ms", "first_call_ms", "launch_to_exit_ms", "warm_median_us", "calls_to_warm",
                            "classes_boot", "classes_deploy", "classes_session", "classes_first_call")
                            .build())) {
                for (StartupSeries series : results.startup()) {
                    int run = 1;
                    for (StartupSeries.Run r : series.runs()) {
                        StartupProbe.Reply p = r.probe();
                        WarmupCurve curve = WarmupCurve.of(p.callMicros());
                        csv.printRecord(series.label(), run++, p.jvmToMainMillis(), p.containerBootMillis(),
                                p.deployMillis(), p.sessionCreateMillis(), p.orbInitMillis(), p.namingMillis(),
                                p.firstCallMillis(), r.launchMillis(), curve.warmMedianMicros(), curve.callsToWarm(),
                                p.classes() == null ? "" : p.classes().containerBoot(),
                                p.classes() == null ? "" : p.classes().deploy(),
                                p.classes() == null ? "" : p.classes().sessionCreate(),
                                p.classes() == null ? "" : p.classes().firstCall());
                    }
                }
            }
        }
    }

    /** callbacks.csv: one row per listener and photo size, when the call-back part ran. */
    static void callbacks(StudyResults results, Path dir) throws IOException {
        FeatureResults features = results.features();
        if (features.callbacks().isEmpty()) {
            return;
        }
        try (Writer out = Files.newBufferedWriter(dir.resolve("callbacks.csv"), StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("listener", "orb", "servant",
                        "photo_bytes", "calls", "p10_us", "median_us", "p90_us", "p99_us", "max_us", "round_median_min_us",
                        "round_median_max_us", "over_native", "over_native_low", "over_native_high",
                        "dynamic_over_typed", "dynamic_over_typed_low", "dynamic_over_typed_high", "failure").build())) {
            for (CallbackTable.Row row : CallbackTable.rows(features)) {
                CallbackResult r = row.result();
                if (r.failed()) {
                    csv.printRecord(r.label(), r.isNative() ? "omniORB" : r.orb().displayName(), r.servant(),
                            r.photoBytes(), 0, "", "", "", "", "", "", "", "", "", "", "", "", "", r.failure());
                    continue;
                }
                double[] rounds = r.roundMediansUs();
                csv.printRecord(r.label(), r.isNative() ? "omniORB" : r.orb().displayName(), r.servant(),
                        r.photoBytes(), r.calls(), Format.micros(r.p10Us()), Format.micros(r.medianUs()), Format.micros(r.p90Us()),
                        Format.micros(r.p99Us()), Format.micros(r.maxUs()),
                        Format.micros(Arrays.stream(rounds).min().orElse(0)),
                        Format.micros(Arrays.stream(rounds).max().orElse(0)),
                        row.overNative().map(e -> Format.ratio(e.median())).orElse(""),
                        row.overNative().map(e -> Format.ratio(e.low())).orElse(""),
                        row.overNative().map(e -> Format.ratio(e.high())).orElse(""),
                        row.overTyped().map(e -> Format.ratio(e.median())).orElse(""),
                        row.overTyped().map(e -> Format.ratio(e.low())).orElse(""),
                        row.overTyped().map(e -> Format.ratio(e.high())).orElse(""), "");
            }
        }
    }
}
