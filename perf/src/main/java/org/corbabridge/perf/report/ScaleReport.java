package org.corbabridge.perf.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;

/** The scaling and start-up parts of the report: their CSV files, JSON, tables and reading. */
final class ScaleReport {

    /** Seed 000's reference points. */
    static final String SEED_FLAT = "flat response time to over 1 000 concurrent sessions on 4 CPUs, then "
            + "graceful degradation (Oracle JServer, seed 000)";
    static final String SEED_SESSION_MEMORY = "35–50 KB per session in a shared VM, against 1–3 MB per Java VM "
            + "(seed 000)";
    static final String SEED_SERVER_MEMORY = "a C++ thread-per-connection echo server: about 304 MB resident for "
            + "22 500–30 000 connections, 10–14 KB each; the Java one 11.6 times as much (seed 002)";

    private ScaleReport() {
    }

    static void writeCsv(StudyResults results, Path dir) throws IOException {
        if (!results.scale().isEmpty()) {
            try (Writer out = Files.newBufferedWriter(dir.resolve("scale.csv"), StandardCharsets.UTF_8);
                    CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("configuration", "orb",
                            "orb_mode", "payload", "server_model", "sessions", "calls", "failed_calls", "p50_us",
                            "p90_us", "p99_us", "max_us", "mean_service_us", "calls_per_s", "cpu_percent",
                            "heap_after_gc_bytes", "resident_bytes", "threads", "connections", "open_files",
                            "server_cpu_percent", "server_resident_bytes", "server_threads", "server_connections",
                            "grow_ms", "error").build())) {
                for (ScaleSeries series : results.scale()) {
                    for (StepReply s : series.steps()) {
                        csv.printRecord(series.label(), series.orbName(), series.modeName(), series.payload().label(),
                                series.serverModel(), s.sessions(), s.calls(), s.failedCalls(), s.p50Micros(),
                                s.p90Micros(), s.p99Micros(), s.maxMicros(), s.meanServiceMicros(),
                                ScaleSeries.throughput(s), s.cpuPercent(), s.heapAfterGcBytes(), s.residentBytes(),
                                s.threads(), s.connections(), s.openFiles(), s.serverCpuPercent(),
                                s.serverResidentBytes(), s.serverThreads(), s.serverConnections(), s.growMillis(),
                                s.ok() ? (s.growError() == null ? "" : s.growError()) : s.error());
                    }
                }
            }
        }
        if (!results.startup().isEmpty()) {
            try (Writer out = Files.newBufferedWriter(dir.resolve("startup.csv"), StandardCharsets.UTF_8);
                    CSVPrinter csv = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader("configuration", "run",
                            "jvm_to_main_ms", "container_boot_ms", "deploy_ms", "session_create_ms", "orb_init_ms",
                            "naming_ms", "first_call_ms", "launch_to_exit_ms", "warm_median_us", "calls_to_warm")
                            .build())) {
                for (StartupSeries series : results.startup()) {
                    int run = 1;
                    for (StartupSeries.Run r : series.runs()) {
                        StartupProbe.Reply p = r.probe();
                        WarmupCurve curve = WarmupCurve.of(p.callMicros());
                        csv.printRecord(series.label(), run++, p.jvmToMainMillis(), p.containerBootMillis(),
                                p.deployMillis(), p.sessionCreateMillis(), p.orbInitMillis(), p.namingMillis(),
                                p.firstCallMillis(), r.launchMillis(), curve.warmMedianMicros(), curve.callsToWarm());
                    }
                }
            }
        }
    }

    /** The two parts for results.json (the per-step rows are in scale.csv). */
    static Map<String, Object> json(StudyResults results) {
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
                row.put("callsToWarm", series.medianCallsToWarm());
                row.put("warmMedianMicros", series.firstCurve().warmMedianMicros());
                rows.add(row);
            }
            document.put("startup", rows);
        }
        return document;
    }

    static void html(StudyResults results, StringBuilder html) {
        if (!results.scale().isEmpty()) {
            scaleHtml(results, html);
        }
        if (!results.startup().isEmpty()) {
            startupHtml(results, html);
        }
    }

    private static void scaleHtml(StudyResults results, StringBuilder html) {
        html.append("<h2>Concurrent sessions</h2>\n<p class=\"small\">Each configuration ran in a fresh worker JVM ")
                .append("(embedded OpenEJB, the built EJB jar, static invocation) against a fresh C++ server. ")
                .append("Sessions were added step by step (").append(results.scalePlan().sessionSteps())
                .append("); each session calls, thinks ").append(results.scalePlan().thinkMillis())
                .append(" ms (±25%), calls again; up to 64 caller threads, like an application server's request ")
                .append("threads, serve the sessions that are due. Per step: ")
                .append(results.scalePlan().rampMillis()).append(" ms of settling, then ")
                .append(results.scalePlan().windowMillis()).append(" ms measured. Response time counts from when ")
                .append("a call was due, so waiting for a thread shows. A step fails when more than ")
                .append(pct(ScaleSeries.FAILURE_SHARE)).append(" of its calls fail or its sessions cannot be created ")
                .append("within ").append(results.scalePlan().growLimitMillis() / 1000).append(" s; a configuration ")
                .append("stops at its first failed step or after ")
                .append(results.scalePlan().configurationLimitMillis() / 1000).append(" s. The knee is the first ")
                .append("step from which p99 stays above ").append(ScaleSeries.KNEE_FACTOR)
                .append(" times its value at the lowest loads.</p>\n");

        html.append("<h3>Where response time bends, and where it breaks</h3>\n<table><tr><th>configuration</th>")
                .append("<th>knee</th><th>failure point</th><th>peak calls/s</th><th>p99 at 1 session (ms)</th>")
                .append("<th>p99 at the largest healthy step (ms)</th><th>ended by</th></tr>\n");
        for (ScaleSeries series : results.scale()) {
            List<StepReply> healthy = series.healthySteps();
            html.append("<tr><td>").append(esc(series.label())).append("</td><td>").append(esc(series.kneeText()))
                    .append("</td><td>").append(esc(series.failurePoint().isPresent() ? series.failureText() : "none"))
                    .append("</td><td>").append(num(series.peakThroughput())).append("</td><td>")
                    .append(healthy.isEmpty() ? "–" : num(healthy.get(0).p99Micros() / 1000)).append("</td><td>")
                    .append(healthy.isEmpty() ? "–" : num(healthy.get(healthy.size() - 1).p99Micros() / 1000)
                            + " (" + healthy.get(healthy.size() - 1).sessions() + ")")
                    .append("</td><td>").append(esc(series.stopReason())).append("</td></tr>\n");
        }
        html.append("</table><p class=\"small\">The seed's reference: ").append(esc(SEED_FLAT))
                .append(". This machine has ").append(esc(results.environment().getOrDefault("cores", "?")))
                .append(" cores, shared by the worker, the C++ server and the name service.</p>\n");

        html.append("<h3>What a session costs</h3>\n<table><tr><th>configuration</th><th>heap per session (KB)</th>")
                .append("<th>resident per session (KB)</th><th>threads per session</th>")
                .append("<th>C++ server resident per session (KB)</th><th>container boot (ms)</th></tr>\n");
        for (ScaleSeries series : results.scale()) {
            html.append("<tr><td>").append(esc(series.label())).append("</td><td>")
                    .append(kb(series.heapPerSession())).append("</td><td>").append(kb(series.residentPerSession()))
                    .append("</td><td>").append(series.threadsPerSession().map(ScaleReport::num).orElse("–"))
                    .append("</td><td>").append(kb(series.serverResidentPerSession())).append("</td><td>")
                    .append(series.bootMillis()).append("</td></tr>\n");
        }
        html.append("</table><p class=\"small\">Least-squares slopes against the number of sessions over the healthy ")
                .append("steps; heap after a full GC at the end of each step. A session that shares the container's ")
                .append("ORB holds little more than its bean and an object reference, so its slope is within the noise ")
                .append("of the measure (a few KB either way, even below zero). The seeds' reference: ")
                .append(esc(SEED_SESSION_MEMORY)).append("; ").append(esc(SEED_SERVER_MEMORY)).append(".</p>\n");

        List<ScaleSeries> pools = results.scale().stream()
                .filter(s -> s.serverModel() != ServerModel.THREAD_PER_CONNECTION).toList();
        if (!pools.isEmpty()) {
            html.append("<h3>The C++ server: thread per connection or thread pool</h3>\n<table><tr><th>ORB</th>")
                    .append("<th>server model</th><th>sessions</th><th>p50 (ms)</th><th>p99 (ms)</th>")
                    .append("<th>calls/s</th><th>server CPU %</th><th>server threads</th><th>server resident (MB)</th>")
                    .append("<th>server connections</th></tr>\n");
            for (ScaleSeries pool : pools) {
                Optional<ScaleSeries> perConnection = find(results, pool.orb(), pool.orbMode(), pool.payload());
                Optional<Integer> common = largestCommonHealthyStep(pool, perConnection);
                for (ScaleSeries series : perConnection.isPresent() ? List.of(perConnection.get(), pool)
                        : List.of(pool)) {
                    Optional<StepReply> step = common.flatMap(n -> series.healthySteps().stream()
                            .filter(s -> s.sessions() == n).findFirst());
                    html.append("<tr><td>").append(esc(series.orbName())).append("</td><td>")
                            .append(esc(series.serverModel().label())).append("</td>");
                    if (step.isPresent()) {
                        StepReply s = step.get();
                        html.append("<td>").append(s.sessions()).append("</td><td>").append(num(s.p50Micros() / 1000))
                                .append("</td><td>").append(num(s.p99Micros() / 1000)).append("</td><td>")
                                .append(num(ScaleSeries.throughput(s))).append("</td><td>")
                                .append(num(s.serverCpuPercent())).append("</td><td>").append(s.serverThreads())
                                .append("</td><td>").append(num(s.serverResidentBytes() / 1048576.0))
                                .append("</td><td>").append(s.serverConnections()).append("</td></tr>\n");
                    } else {
                        html.append("<td colspan=\"8\">no step both ran</td></tr>\n");
                    }
                }
            }
            html.append("</table><p class=\"small\">At the largest number of sessions both models served without ")
                    .append("failing; external mode, so one connection per session. omniORB's options: ")
                    .append("<code>-ORBthreadPerConnectionPolicy 1</code> (its default below 10 000 connections) ")
                    .append("against <code>-ORBthreadPerConnectionPolicy 0 -ORBmaxServerThreadPoolSize 4</code>.")
                    .append("</p>\n");
        }

        html.append("<h3>Every step</h3>\n<table><tr><th>configuration</th><th>sessions</th><th>calls/s</th>")
                .append("<th>failed</th><th>p50 (ms)</th><th>p99 (ms)</th><th>max (ms)</th><th>CPU %</th>")
                .append("<th>heap after GC (MB)</th><th>resident (MB)</th><th>threads</th><th>connections</th>")
                .append("<th>server CPU %</th><th>server resident (MB)</th><th>server threads</th></tr>\n");
        for (ScaleSeries series : results.scale()) {
            for (StepReply s : series.steps()) {
                html.append("<tr><td>").append(esc(series.label())).append("</td><td>").append(s.sessions());
                if (!s.ok()) {
                    html.append("</td><td colspan=\"13\">").append(esc(s.error())).append("</td></tr>\n");
                    continue;
                }
                html.append("</td><td>").append(num(ScaleSeries.throughput(s))).append("</td><td>")
                        .append(s.failedCalls()).append("</td><td>").append(num(s.p50Micros() / 1000))
                        .append("</td><td>").append(num(s.p99Micros() / 1000)).append("</td><td>")
                        .append(num(s.maxMicros() / 1000)).append("</td><td>").append(num(s.cpuPercent()))
                        .append("</td><td>").append(num(s.heapAfterGcBytes() / 1048576.0)).append("</td><td>")
                        .append(num(s.residentBytes() / 1048576.0)).append("</td><td>").append(s.threads())
                        .append("</td><td>").append(s.connections()).append("</td><td>")
                        .append(num(s.serverCpuPercent())).append("</td><td>")
                        .append(num(s.serverResidentBytes() / 1048576.0)).append("</td><td>")
                        .append(s.serverThreads()).append("</td></tr>\n");
            }
        }
        html.append("</table><p class=\"small\">CPU % is of one core (200% is this whole machine). Machine-readable: ")
                .append("<a href=\"scale.csv\">scale.csv</a>.</p>\n");
    }

    private static Optional<Integer> largestCommonHealthyStep(ScaleSeries a, Optional<ScaleSeries> b) {
        List<Integer> steps = a.healthySteps().stream().map(StepReply::sessions).toList();
        if (b.isEmpty()) {
            return steps.isEmpty() ? Optional.empty() : Optional.of(steps.get(steps.size() - 1));
        }
        return b.get().healthySteps().stream().map(StepReply::sessions).filter(steps::contains)
                .reduce((first, second) -> second);
    }

    private static void startupHtml(StudyResults results, StringBuilder html) {
        html.append("<h2>Start-up</h2>\n<p class=\"small\">A fresh JVM per run (").append(results.startupPlan()
                .repetitions()).append(" per configuration, taking turns; medians shown): embedded OpenEJB with ")
                .append("nothing deployed, then the EJB jar deployed through its Assembler, a session looked up, ")
                .append("its first call, then ").append(results.startupPlan().calls()).append(" more 1 KB calls ")
                .append("one after another. Built-in mode starts the container's ORB during the deploy; external ")
                .append("mode starts the session's ORB when the session is created. Developers restart servers ")
                .append("dozens of times a day (seed 001); the first calls run before the JIT has compiled the ")
                .append("call path (seed 004).</p>\n<table><tr><th>configuration</th><th>JVM start (ms)</th>")
                .append("<th>container boot</th><th>deploy</th><th>session create</th><th>of which ORB init</th>")
                .append("<th>first call</th><th>of which naming lookup</th><th>JVM start to first answer</th>")
                .append("<th>calls until warm</th><th>warm median (µs)</th></tr>\n");
        for (StartupSeries s : results.startup()) {
            html.append("<tr><td>").append(esc(s.label())).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::jvmToMainMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::containerBootMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::deployMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::sessionCreateMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::orbInitMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::firstCallMillis))).append("</td><td>")
                    .append(num(s.median(StartupProbe.Reply::namingMillis))).append("</td><td>")
                    .append(num(s.medianToFirstCall())).append("</td><td>").append(num(s.medianCallsToWarm()))
                    .append("</td><td>").append(num(s.firstCurve().warmMedianMicros())).append("</td></tr>\n");
        }
        html.append("</table><p class=\"small\">ORB init in built-in mode is the container's ORB, started during the ")
                .append("deploy and shared by every session. The jar declares that ORB as a resource, so the deploy ")
                .append("starts it in external mode too, and the session's own ORB then starts with its classes ")
                .append("already loaded: a few ms instead of a cold start. Calls until warm: calls made before a window of ")
                .append(WarmupCurve.WINDOW).append(" consecutive calls first had a median within 10% of the warm ")
                .append("median (the median of the last fifth of the calls). Machine-readable: ")
                .append("<a href=\"startup.csv\">startup.csv</a>.</p>\n");
    }

    /** Plain-words lines about the scaling and start-up parts. */
    static List<String> reading(StudyResults results) {
        List<String> lines = new ArrayList<>();
        for (ScaleSeries s : results.scale()) {
            if (s.serverModel() != ServerModel.THREAD_PER_CONNECTION) {
                continue;
            }
            lines.add(String.format(Locale.ROOT, "%s: knee %s; failure point %s; peak %.0f calls/s%s.", s.label(),
                    s.kneeText(), s.failurePoint().isPresent() ? s.failureText() : "none", s.peakThroughput(),
                    s.heapPerSession().map(b -> String.format(Locale.ROOT, "; %.0f KB of heap per session", b / 1024))
                            .orElse("")));
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            perSessionRatio(results, orb).ifPresent(lines::add);
        }
        results.scale().stream().filter(s -> s.serverModel() != ServerModel.THREAD_PER_CONNECTION)
                .forEach(pool -> serverModelVerdict(results, pool).ifPresent(lines::add));
        for (StartupSeries s : results.startup()) {
            lines.add(String.format(Locale.ROOT, "%s: %.1f s from JVM start to the first answer (container %.0f ms, "
                            + "deploy %.0f ms, ORB init %.0f ms, first call %.0f ms); warm after about %.0f calls.",
                    s.label(), s.medianToFirstCall() / 1000, s.median(StartupProbe.Reply::containerBootMillis),
                    s.median(StartupProbe.Reply::deployMillis), s.median(StartupProbe.Reply::orbInitMillis),
                    s.median(StartupProbe.Reply::firstCallMillis), s.medianCallsToWarm()));
        }
        return lines;
    }

    /** Which omniORB threading model served one ORB's external sessions better, at the largest step both ran. */
    private static Optional<String> serverModelVerdict(StudyResults results, ScaleSeries pool) {
        Optional<ScaleSeries> perConnection = find(results, pool.orb(), pool.orbMode(), pool.payload());
        Optional<Integer> common = largestCommonHealthyStep(pool, perConnection);
        if (perConnection.isEmpty() || common.isEmpty()) {
            return Optional.empty();
        }
        StepReply a = perConnection.get().healthySteps().stream().filter(s -> s.sessions() == common.get())
                .findFirst().orElseThrow();
        StepReply b = pool.healthySteps().stream().filter(s -> s.sessions() == common.get()).findFirst()
                .orElseThrow();
        boolean poolBetter = b.p99Micros() < a.p99Micros();
        return Optional.of(String.format(Locale.ROOT, "%s, external mode, %d sessions: the C++ server's %s served "
                        + "better (p99 %.1f ms against %.1f ms, median %.2f against %.2f ms) with %d threads against "
                        + "%d and %.0f MB resident against %.0f MB.", pool.orbName(), common.get(),
                poolBetter ? "thread pool" : "thread per connection",
                (poolBetter ? b : a).p99Micros() / 1000, (poolBetter ? a : b).p99Micros() / 1000,
                (poolBetter ? b : a).p50Micros() / 1000, (poolBetter ? a : b).p50Micros() / 1000,
                (poolBetter ? b : a).serverThreads(), (poolBetter ? a : b).serverThreads(),
                (poolBetter ? b : a).serverResidentBytes() / 1048576.0,
                (poolBetter ? a : b).serverResidentBytes() / 1048576.0));
    }

    /** External over built-in heap per session, first payload, one ORB. */
    private static Optional<String> perSessionRatio(StudyResults results, OrbImplementation orb) {
        if (results.scale().isEmpty()) {
            return Optional.empty();
        }
        SizePoint payload = ScaleCharts.payloads(results).get(0);
        Optional<Double> builtIn = find(results, orb, OrbMode.BUILT_IN, payload).flatMap(ScaleSeries::heapPerSession);
        Optional<Double> external = find(results, orb, OrbMode.EXTERNAL, payload).flatMap(ScaleSeries::heapPerSession);
        if (builtIn.isEmpty() || external.isEmpty() || builtIn.get() <= 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: a session with its own ORB holds %.0f KB of heap, %.1f "
                        + "times a built-in-mode session's %.1f KB (the seed: %s).",
                orb.displayName(), external.get() / 1024,
                external.get() / builtIn.get(), builtIn.get() / 1024, SEED_SESSION_MEMORY));
    }

    /** The series of one ORB, mode and payload with the server's default threading model. */
    private static Optional<ScaleSeries> find(StudyResults results, OrbImplementation orb, OrbMode mode,
            SizePoint payload) {
        return ScaleCharts.mainSeries(results, payload).stream().filter(s -> s.orb() == orb && s.orbMode() == mode)
                .findFirst();
    }

    private static String kb(Optional<Double> bytes) {
        return bytes.map(b -> num(b / 1024)).orElse("–");
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    static String num(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : Math.abs(value) >= 10 ? "%.1f" : "%.2f",
                value);
    }

    private static String esc(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
