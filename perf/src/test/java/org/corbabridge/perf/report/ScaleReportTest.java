package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.StartupPlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.worker.ScaleMessages.ClassGrowth;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scaling and start-up parts of the report, written from made-up results with a known knee and slope. */
class ScaleReportTest {

    private static final int[] SESSIONS = {1, 10, 100, 400, 1000};

    @TempDir
    static Path dir;

    private static Path index;

    @BeforeAll
    static void writeReport() throws IOException {
        System.setProperty("java.awt.headless", "true");
        SizePoint payload = SizePoint.ofBudget(1024);
        List<ScaleSeries> scale = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (OrbMode mode : OrbMode.values()) {
                // built-in: 2 KB a session, flat until 400 sessions; external: 1 MB a session, fails at 1000
                boolean external = mode == OrbMode.EXTERNAL;
                scale.add(new ScaleSeries(orb, mode, payload, ServerModel.THREAD_PER_CONNECTION, 2500,
                        steps(external ? 1024 * 1024 : 2048, external), external ? "failure" : "all steps"));
            }
        }
        scale.add(new ScaleSeries(OrbImplementation.JACORB, OrbMode.EXTERNAL, payload, ServerModel.THREAD_POOL, 2500,
                steps(1024 * 1024, false), "all steps"));
        List<StartupSeries> startup = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (OrbMode mode : OrbMode.values()) {
                double[] calls = new double[1000];
                Arrays.fill(calls, 100);
                Arrays.fill(calls, 0, 200, 900);
                StartupSeries series = new StartupSeries(orb, mode, List.of(new StartupSeries.Run(4000,
                        new StartupProbe.Reply(true, null, 20, 1000, 1200, 70, 150, 150, 180, calls,
                                new StartupProbe.ClassesLoaded(1713, 1672, 151, 544)))));
                startup.add(orb == OrbImplementation.JACORB && mode == OrbMode.BUILT_IN
                        ? series.withProfile(StartupProfile.of(String.join("\n",
                                "x;org/corbabridge/perf/worker/StartupProbe.probe;javax/naming/InitialContext.<init> 300",
                                "x;org/corbabridge/perf/worker/StartupProbe.probe;a/b.queryCatalog;x/y.resolve_str 70",
                                "thread_native_entry;CompileBroker::compiler_thread_loop 150"),
                                "profiles/startup-jacorb-builtin-appcds.html"))
                        : series);
            }
        }
        // an AppCDS series whose profiled probes failed (a JVM crashed under the profiler)
        double[] warm = new double[1000];
        Arrays.fill(warm, 100);
        startup.add(new StartupSeries(OrbImplementation.ECLIPSE_ORB, OrbMode.BUILT_IN, true, List.of(
                new StartupSeries.Run(2000, new StartupProbe.Reply(true, null, 20, 400, 500, 70, 150, 150, 180, warm)))));
        StudyResults results = new StudyResults(PayloadPlan.quick(), Map.of("cores", "2"), new LinkedHashMap<>(),
                List.of(), 1).withScale(ScalePlan.quick(), scale).withStartup(StartupPlan.quick(), startup);
        index = StudyReport.write(results, dir);
    }

    private static List<StepReply> steps(long bytesPerSession, boolean failAtLast) {
        List<StepReply> steps = new ArrayList<>();
        for (int sessions : SESSIONS) {
            boolean last = sessions == SESSIONS[SESSIONS.length - 1];
            double p99 = sessions >= 400 ? 8000 : 1000;
            Map<String, Long> failures = failAtLast && last ? Map.of("CallTimeoutException", 500L) : Map.of();
            steps.add(new StepReply(true, null, sessions, null, 10, 4, 4000, failures, p99 / 3, p99 / 2, p99,
                    p99 * 2, p99 / 4, 60, 20L * 1024 * 1024 + sessions * bytesPerSession,
                    18L * 1024 * 1024 + sessions * bytesPerSession / 2,
                    150L * 1024 * 1024 + sessions * bytesPerSession * 2, 80 + sessions, sessions, 150, 20,
                    8L * 1024 * 1024 + sessions * 12 * 1024, 4 + sessions, sessions, 600, 2500,
                    sessions == SESSIONS[0] ? List.of() : List.of(
                            new ClassGrowth("example.SessionState", sessions - SESSIONS[0],
                                    (sessions - SESSIONS[0]) * bytesPerSession * 3 / 4),
                            new ClassGrowth("[B", 2L * (sessions - SESSIONS[0]),
                                    (sessions - SESSIONS[0]) * bytesPerSession / 4)), List.of()));
        }
        return steps;
    }

    @Test
    void scaleCsvHasOneRowPerStepAndStartupCsvOnePerRun() throws IOException {
        List<String> scale = Files.readAllLines(dir.resolve("scale.csv"));
        assertThat(scale.get(0)).startsWith("configuration,orb,orb_mode,payload,server_model,sessions,calls");
        int orbs = OrbImplementation.values().length;
        // both ORB modes per ORB, and one thread-pool configuration
        assertThat(scale).hasSize(1 + (2 * orbs + 1) * SESSIONS.length);
        // both ORB modes per ORB, and one AppCDS series of one run
        assertThat(Files.readAllLines(dir.resolve("startup.csv"))).hasSize(1 + 2 * orbs + 1);
    }

    @Test
    void eachStartUpSaysHowManyClassesEachStepLoadedWhereItsProbesCountedThem() throws IOException {
        JsonNode startup = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("startup");
        assertThat(startup.get(0).get("classesLoaded").get("firstCall").asDouble()).isEqualTo(544);
        assertThat(startup.get(0).get("classesLoaded").get("containerBoot").asDouble()).isEqualTo(1713);
        // the AppCDS series whose probe sent no counts
        assertThat(startup.get(startup.size() - 1).get("classesLoaded").get("deploy").isNull()).isTrue();
        List<String> csv = Files.readAllLines(dir.resolve("startup.csv"));
        assertThat(csv.get(0)).endsWith(",classes_boot,classes_deploy,classes_session,classes_first_call");
        assertThat(csv.get(1)).endsWith(",1713,1672,151,544");
        assertThat(Files.readString(index)).contains("<th>classes loaded: boot / deploy / session / first call</th>",
                "<td>1713 / 1672 / 151 / 544</td>", "<td>– / – / – / –</td>");
    }

    @Test
    void jsonNamesKneeFailureAndMemoryPerSession() throws IOException {
        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        JsonNode jacorbBuiltIn = json.get("scale").get(0);
        assertThat(jacorbBuiltIn.get("configuration").asText()).isEqualTo("JacORB built-in 1 KB");
        assertThat(jacorbBuiltIn.get("kneeSessions").asInt()).isEqualTo(400);
        assertThat(jacorbBuiltIn.get("failureSessions").isNull()).isTrue();
        // live objects where counted; the heap in use after GC beside it
        assertThat(jacorbBuiltIn.get("heapBytesPerSession").asDouble()).isCloseTo(1024, org.assertj.core.api
                .Assertions.within(0.5));
        assertThat(jacorbBuiltIn.get("heapInUseBytesPerSession").asDouble()).isCloseTo(2048, org.assertj.core.api
                .Assertions.within(0.5));
        JsonNode jacorbExternal = json.get("scale").get(1);
        assertThat(jacorbExternal.get("failureSessions").asInt()).isEqualTo(1000);
        assertThat(json.get("startup").get(0).get("callsToWarm").asDouble()).isBetween(170.0, 200.0);
    }

    @Test
    void theFiguresOfBothPartsAreWrittenAndShown() throws IOException {
        String html = Files.readString(index);
        try (Stream<Path> files = Files.list(dir)) {
            List<String> pngs = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".png")).sorted()
                    .toList();
            assertThat(pngs).containsExactly("fig12-latency-by-sessions-1-kb.png", "fig13-throughput-by-sessions.png",
                    "fig14-memory-by-sessions.png", "fig15-server-threading.png", "fig16-startup.png",
                    "fig17-warmup.png");
            pngs.forEach(png -> assertThat(html).contains("<img src=\"" + png + "\""));
        }
    }

    @Test
    void pageGivesKneeFailureMemoryPerSessionAndTheSeedsReferencePoints() throws IOException {
        String html = Files.readString(index);
        assertThat(html).contains("<h2>Concurrent sessions</h2>", "<h3>What a session costs</h3>",
                "<h3>The C++ server: thread per connection or thread pool</h3>", "<h2>Start-up</h2>");
        assertThat(html).contains("400 sessions (p99 8.0 ms)", "1000 sessions: 500 of 4500 calls failed");
        assertThat(html).contains("stalls of the worker JVM itself at 400 sessions: p99 0.6 ms (calls: 8.0 ms)",
                "<th>stalls p99 (ms)</th>");
        assertThat(html).contains(ScaleReading.SEED_FLAT, ScaleReading.SEED_SESSION_MEMORY);
        assertThat(html).contains("a session with its own ORB holds 512 KB of heap, 512.0 times a built-in-mode "
                + "session&#39;s 1.0 KB".replace("&#39;", "'"));
        assertThat(html).doesNotContain("<h2>Ratios beside the paper's</h2>");
    }

    @Test
    void aProfiledStartUpSaysWhereItsCpuWentWithItsFlameGraph() throws IOException {
        String html = Files.readString(index);
        assertThat(html).contains("<h3>Where a start-up spends its CPU</h3>",
                "<a href=\"profiles/startup-jacorb-builtin-appcds.html\">open</a>",
                "JacORB built-in, profiled: 520 ms of CPU from main to the first answer: container boot 300, deploy 0, "
                        + "session and first call 70 (of which the naming lookup 70, class loading 0), JIT compilers "
                        + "150, GC 0, other threads 0.");
    }

    @Test
    void anAppCdsStartUpWhoseProfileFailedSaysSoInsteadOfWhereItsCpuWent() throws IOException {
        String html = Files.readString(index);
        assertThat(html).contains("Eclipse ORB built-in, AppCDS: not profiled in this run; its profiled probes failed")
                .doesNotContain("Eclipse ORB built-in, AppCDS, profiled");
    }

    @Test
    void theHeapPerSessionIsSplitByClassFromTheFirstStepToTheLastHealthyOne() throws IOException {
        String html = Files.readString(index);
        // built-in: 3/4 of 2 KB in one object of a class, 1/4 in two byte arrays, per session added
        assertThat(html).contains("JacORB built-in 1 KB: 1.0 KB of live objects per session; where they went, by "
                + "class: 1.5 KB example.SessionState (1.0 objects), 0.5 KB [B (2.0 objects).");
        JsonNode shares = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("scale").get(0)
                .get("heapPerSessionByClass");
        assertThat(shares.get(0).get("className").asText()).isEqualTo("example.SessionState");
        assertThat(shares.get(0).get("bytesPerSession").asDouble()).isEqualTo(1536.0);
        // external fails at its last step, so its shares come from the step before: 400 sessions, 399 added
        JsonNode external = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("scale").get(1)
                .get("heapPerSessionByClass");
        assertThat(external.get(1).get("instancesPerSession").asDouble()).isEqualTo(2.0);
    }
}
