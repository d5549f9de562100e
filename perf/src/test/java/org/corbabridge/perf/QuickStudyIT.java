package org.corbabridge.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.fixture.TestNetwork;
import org.corbabridge.perf.report.CallbackResult;
import org.corbabridge.perf.report.FeatureResults;
import org.corbabridge.perf.report.InFlightResult;
import org.corbabridge.perf.report.PointResult;
import org.corbabridge.perf.report.ProfileBreakdown;
import org.corbabridge.perf.report.ProfileResult;
import org.corbabridge.perf.report.ReplicaResult;
import org.corbabridge.perf.report.ScaleSeries;
import org.corbabridge.perf.report.StartupProfile;
import org.corbabridge.perf.report.StartupSeries;
import org.corbabridge.perf.report.StudyReport;
import org.corbabridge.perf.report.StudyResults;
import org.corbabridge.perf.report.VariantResult;
import org.corbabridge.perf.run.CallbackPlan;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.ReplicaPlan;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.ScaleRunner;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.CallbackWorker;
import org.corbabridge.perf.worker.OrbSettings;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.TracingWorker;
import org.corbabridge.perf.worker.WorkerMessages.Style;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The quick pass of the study, end to end: every payload configuration on both ORBs and both
 * floors, every session-scaling configuration, every start-up probe, every listener the C++ server
 * calls back beside the native one, the whole report.
 */
class QuickStudyIT {

    private static final Study STUDY = Study.quick();
    private static final PayloadPlan PLAN = STUDY.payload();
    private static final int ORBS = OrbImplementation.values().length;
    /** How far a quick pass's medians may stray from the floors' order before the test says so. */
    private static final double FLOOR_MARGIN = 2.0;
    private static final List<String> PROGRESS = new ArrayList<>();
    private static StudyResults results;
    private static Path output;
    private static Path index;

    @BeforeAll
    static void runTheQuickPass() throws Exception {
        output = Path.of(System.getProperty("corbabridge.study.output"));
        Files.createDirectories(output.resolve("logs"));
        Files.writeString(output.resolve("logs").resolve("scale-1-from-an-earlier-run.log"), "old");
        results = STUDY.run(OrbClasspaths.fromSystemProperties(), Path.of(System.getProperty("corbabridge.ejb.jar")),
                output.resolve("logs"), line -> {
                    PROGRESS.add(line);
                    System.out.println("study: " + line);
                });
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
        for (OrbImplementation orb : OrbImplementation.values()) {
            expected.add(new Series(Caller.STUB, orb, InvocationMode.STATIC));
            expected.add(new Series(Caller.PLAIN, orb, InvocationMode.STATIC));
            expected.add(new Series(Caller.PROXY, orb, InvocationMode.STATIC));
            expected.add(new Series(Caller.TLS, orb, InvocationMode.STATIC));
            expected.add(new Series(Caller.ASIO_NO_BEAN, orb, InvocationMode.STATIC));
        }
        expected.add(Series.nativeFloor());
        expected.add(Series.rawFloor());
        List<Series> loops = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            loops.add(new Series(Caller.LOOP, orb, InvocationMode.STATIC));
        }
        List<Series> all = new ArrayList<>(expected);
        all.addAll(loops);
        assertThat(results.series()).containsExactlyInAnyOrderElementsOf(all);
        for (Series loop : loops) {
            for (SizePoint size : PLAN.sizes()) {
                boolean asked = size.budget() == 1024 || size.budget() == 100 * 1024 || size.budget() == 300 * 1024;
                assertThat(results.point(loop, size).map(PointResult::calls))
                        .as(loop.label() + " " + size.label() + ": one uninterrupted loop of ten batches' calls")
                        .isEqualTo(asked ? Optional.of(10L * PLAN.callsPerBatch(size)) : Optional.empty());
            }
        }
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

    /**
     * Each main configuration profiled at 1 KB and 300 KB, with its flame graph beside the report,
     * except where async-profiler's sampling crashed the worker's JVM (rare; it happened in CI once):
     * the crash report beside the worker's log, named in the line that left the profile out, is the
     * proof. A profile left out for any other reason fails the test.
     */
    @Test
    void everyConfigurationWasProfiledWithItsFlameGraph() {
        // per ORB: PLAIN, CC, ASIO and ASRO at 2 sizes, and CC's dynamic path at 300 KB
        int expected = ORBS * (4 * 2 + 1);
        List<String> leftOut = PROGRESS.stream()
                .filter(line -> line.startsWith("profile of ") && line.contains(" left out: ")
                        && !line.startsWith("profile of the start-up"))
                .toList();
        assertThat(results.profiles()).hasSize(expected - leftOut.size());
        for (String line : leftOut) {
            Matcher report = Pattern.compile("worker-[a-z_-]+-hs_err-\\d+\\.log")
                    .matcher(line);
            assertThat(report.find()).as("a crash report named in: %s", line).isTrue();
            assertThat(output.resolve("logs").resolve(report.group())).as(line).isNotEmptyFile();
        }
        for (ProfileResult profile : results.profiles()) {
            assertThat(profile.cpuMicrosPerCall()).as(profile.series().label()).isPositive();
            assertThat(profile.shares().values().stream().mapToDouble(Double::doubleValue).sum())
                    .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-6));
            assertThat(output.resolve(profile.flameGraph())).isNotEmptyFile();
        }
        assertThat(results.profiles()).anySatisfy(profile -> assertThat(profile.series().caller()).isEqualTo(Caller.ASIO));
        // what the container adds: found in the EJB callers' profiles only, security among it
        for (ProfileResult profile : results.profiles()) {
            boolean ejb = profile.series().caller() == Caller.ASIO || profile.series().caller() == Caller.ASRO;
            if (!ejb) {
                assertThat(profile.containerMicrosPerCallTotal()).as(profile.series().label()).isZero();
            } else if (profile.size().budget() == 1024) {
                assertThat(profile.containerMicrosPerCall().get(ProfileBreakdown.ContainerPart.SECURITY))
                        .as(profile.series().label() + ": the container's security check").isPositive();
            }
        }
    }

    /**
     * The floors measure what they claim, within a stated, generous margin: this is a quick pass of
     * a few calls, on a machine that may be running another build (the study's tables, not this
     * test, say by how much each caller is above them). The raw TCP round trip is at most twice the
     * native client's median, and no Java caller is below half of it: one that was would be
     * measuring something other than the call. Comparing the medians exactly failed once beside
     * another build (ASIO JacORB DYN at 0.96 of the native client).
     */
    @Test
    void theFloorsAreOfTheOrderOfTheCallersAtTheLargestSize() {
        SizePoint largest = PLAN.sizes().get(PLAN.sizes().size() - 1);
        double raw = results.point(Series.rawFloor(), largest).orElseThrow().medianUs();
        double nativeClient = results.point(Series.nativeFloor(), largest).orElseThrow().medianUs();
        assertThat(raw).isLessThan(FLOOR_MARGIN * nativeClient);
        results.points().stream()
                .filter(p -> p.series().caller().isJava() && p.size().equals(largest))
                .forEach(p -> assertThat(p.medianUs()).as(p.series().label())
                        .isGreaterThan(nativeClient / FLOOR_MARGIN));
    }

    @Test
    void setUpCostsWereMeasuredApartForEveryWorker() {
        // per ORB: the CC, ASIO and ASRO workers
        assertThat(results.setupNanos()).hasSize(ORBS * 3);
        results.setupNanos().forEach((worker, steps) -> {
            assertThat(steps).as(worker).containsKeys("static.firstCall", "dynamic.secondCall", "static.connect");
            if (worker.startsWith("CC")) {
                assertThat(steps).containsKey("orbInit");
            } else {
                assertThat(steps).containsKeys("containerBoot", "static.sessionCreate");
            }
            if (worker.startsWith("ASIO")) {
                assertThat(steps).as("the adapter beside the bean").containsKeys("noBean.orbInit", "noBean.connect");
            }
            // warm-up until the JIT is quiet, and what the JIT compiled in it and in the rounds
            assertThat(steps).containsKeys("warmUp", "warmUp.jit", "rounds.jit");
            assertThat(steps.get("warmUp.jit")).as(worker + ": the JIT compiled during warm-up").isPositive();
            assertThat(steps.get("rounds.jit")).as(worker).isNotNegative();
            steps.forEach((step, nanos) -> {
                if (!step.equals("rounds.jit")) {
                    assertThat(nanos).as(worker + " " + step).isPositive();
                }
            });
        });
    }

    @Test
    void progressShowedRoundsAndTimeLeft() {
        assertThat(PROGRESS).anyMatch(line -> line.startsWith("round 1/" + PLAN.rounds()) && line.contains("left"));
        assertThat(PROGRESS).anyMatch(line -> line.startsWith("warmed up ASIO") && line.contains("calls of 1 KB and 5 of every size per series, then "));
    }

    @Test
    void everyScalingConfigurationRanEveryStepWithoutAFailedCall() {
        ScalePlan plan = STUDY.scale();
        List<ScaleRunner.Configuration> expected = ScaleRunner.configurations(plan);
        assertThat(results.scale()).hasSize(expected.size());
        for (ScaleSeries series : results.scale()) {
            assertThat(series.steps()).as(series.label() + ": " + series.stopReason())
                    .extracting(StepReply::sessions).containsExactlyElementsOf(plan.sessionSteps());
            assertThat(series.failurePoint()).as(series.label()).isEmpty();
            for (StepReply step : series.steps()) {
                String where = series.label() + " at " + step.sessions() + " sessions";
                assertThat(step.calls()).as(where).isPositive();
                assertThat(step.p50Micros()).as(where).isPositive().isLessThanOrEqualTo(step.p99Micros());
                assertThat(step.heapAfterGcBytes()).as(where).isPositive();
                // the class histogram counted the live objects: at least the container's few MB
                assertThat(step.liveHeapBytes()).as(where).isGreaterThan(1L << 20);
                assertThat(step.residentBytes()).as(where).isGreaterThan(step.heapAfterGcBytes() / 4);
                assertThat(step.serverResidentBytes()).as(where).isPositive();
                assertThat(step.serverCpuPercent()).as(where).isNotNegative();
            }
        }
        // /proc counts CPU in 10 ms ticks: the quick plan's few calls of one step may not reach one,
        // least of all on a loaded machine (one configuration's largest step read 0 beside another
        // build); that the server's CPU is read at all shows in the sum over every step
        double serverCpu = results.scale().stream().flatMap(series -> series.steps().stream())
                .mapToDouble(StepReply::serverCpuPercent).sum();
        assertThat(serverCpu).as("the C++ server's CPU over every step of every configuration").isPositive();
    }

    @Test
    void everyStepMeasuredTheWorkersOwnStallsBesideItsCalls() {
        for (ScaleSeries series : results.scale()) {
            for (StepReply step : series.healthySteps()) {
                // a thread that sleeps 1 ms at a time always wakes a little late: never exactly 0
                assertThat(step.hiccupMaxMicros()).as(series.label() + " at " + step.sessions()).isPositive();
                assertThat(step.hiccupP99Micros()).as(series.label() + " at " + step.sessions())
                        .isBetween(0.0, step.hiccupMaxMicros());
            }
        }
    }

    @Test
    void anExternalSessionHasAConnectionOfItsOwnAndBuiltInSessionsShareOne() {
        for (ScaleSeries series : results.scale()) {
            StepReply largest = series.steps().get(series.steps().size() - 1);
            if (series.orbMode() == OrbMode.EXTERNAL) {
                assertThat(largest.connections()).as(series.label()).isGreaterThanOrEqualTo(largest.sessions());
            } else {
                assertThat(largest.connections()).as(series.label()).isBetween(1, 2);
            }
            if (series.serverModel() == ScalePlan.ServerModel.THREAD_POOL) {
                // the pool, plus omniORB's own few threads, however many connections
                assertThat(largest.serverThreads()).as(series.label()).isLessThan(12);
            } else if (series.orbMode() == OrbMode.EXTERNAL) {
                assertThat(largest.serverThreads()).as(series.label()).isGreaterThanOrEqualTo(largest.sessions());
            }
        }
    }

    @Test
    void everyStartUpProbeMeasuredEveryStepAndTheWarmUpCurve() {
        // per ORB: built-in and external, and built-in from a class-data archive (AppCDS)
        assertThat(results.startup()).hasSize(ORBS * 3);
        assertThat(results.startup()).filteredOn(StartupSeries::appCds).hasSize(ORBS);
        for (StartupSeries series : results.startup()) {
            assertThat(series.runs()).as(series.label()).hasSize(STUDY.startup().repetitions());
            series.runs().forEach(run -> {
                var probe = run.probe();
                assertThat(probe.containerBootMillis()).as(series.label()).isPositive();
                assertThat(probe.deployMillis()).as(series.label()).isPositive();
                assertThat(probe.orbInitMillis()).as(series.label()).isPositive();
                assertThat(probe.namingMillis()).as(series.label()).isPositive()
                        .isLessThan(probe.firstCallMillis());
                assertThat(probe.callMicros()).as(series.label()).hasSize(STUDY.startup().calls());
                // what each step loaded, counted by the probe's JVM
                assertThat(probe.classes()).as(series.label()).isNotNull();
                assertThat(probe.classes().containerBoot()).as(series.label()).isPositive();
                assertThat(probe.classes().deploy()).as(series.label()).isPositive();
                assertThat(probe.classes().firstCall()).as(series.label()).isPositive();
                assertThat(run.launchMillis()).isGreaterThan(probe.containerBootMillis() + probe.deployMillis());
            });
            assertThat(series.medianCallsToWarm()).as(series.label()).isBetween(0.0, (double) STUDY.startup().calls());
        }
        // where an archived start-up spends its CPU: every step seen in its profile, its flame graph written
        for (StartupSeries archived : results.startup().stream().filter(StartupSeries::appCds).toList()) {
            StartupProfile profile = archived.profile();
            assertThat(profile).as(archived.label()).isNotNull();
            for (StartupProfile.Part part : List.of(StartupProfile.Part.BOOT, StartupProfile.Part.DEPLOY,
                    StartupProfile.Part.FIRST_CALL)) {
                assertThat(profile.millis(part)).as(archived.label() + ": " + part.label()).isPositive();
            }
            assertThat(profile.millis(StartupProfile.FirstCallPart.NAMING)).as(archived.label()).isPositive();
            assertThat(output.resolve(profile.flameGraph())).exists();
        }
    }

    @Test
    void tracingWasMeasuredInEveryModeOnEveryOrbAtBothSizes() {
        assertThat(results.features().tracing()).hasSize(ORBS * FeaturePlan.VARIANT_BUDGETS.size());
        for (VariantResult result : results.features().tracing()) {
            assertThat(result.roundMediansUs()).containsOnlyKeys(TracingWorker.MODES);
            result.roundMediansUs().forEach((mode, rounds) -> assertThat(rounds).as(result.orb() + " " + mode)
                    .hasSize(STUDY.features().rounds()).doesNotContain(0.0));
        }
    }

    @Test
    void everyOrbSettingWasMeasuredBesideItsBaselineOnEveryOrbAtBothSizes() {
        assertThat(results.features().settings()).hasSize(ORBS * FeaturePlan.SETTINGS_BUDGETS.size());
        for (VariantResult result : results.features().settings()) {
            // every setting was measured or failed its first call, and said why; the baselines and the control never fail
            Set<String> accounted = new HashSet<>(result.roundMediansUs().keySet());
            accounted.addAll(result.failures().keySet());
            assertThat(accounted).as(result.orb().name()).containsExactlyInAnyOrderElementsOf(OrbSettings.modes(result.orb()));
            assertThat(result.roundMediansUs()).containsKeys(OrbSettings.ADAPTER, OrbSettings.PLAIN, OrbSettings.CONTROL);
            result.failures().forEach((mode, error) -> assertThat(error).as(mode).isNotBlank());
            result.roundMediansUs().forEach((mode, rounds) -> assertThat(rounds).as(result.orb() + " " + mode)
                    .hasSize(STUDY.features().rounds()).doesNotContain(0.0));
        }
    }

    @Test
    void replicasWereMeasuredOnEveryOrbInBothOrbModesOrLeftOutSayingWhy() {
        FeatureResults features = results.features();
        if (features.replicasLeftOut() != null) {
            assertThat(TestNetwork.unavailableBecause()).as("left out only where namespaces cannot be made")
                    .isEqualTo(features.replicasLeftOut());
            return;
        }
        ReplicaPlan plan = STUDY.replicas();
        assertThat(features.replicas()).hasSize(ORBS * plan.counts().size() * plan.orbModes().size());
        for (ReplicaResult result : features.replicas()) {
            String where = result.orb() + " " + result.replicas() + " " + result.orbMode();
            assertThat(result.roundThroughputs()).as(where).hasSize(plan.rounds()).doesNotContain(0.0);
            assertThat(result.p50Us()).as(where).isPositive().isLessThanOrEqualTo(result.p99Us());
            // every replica answered some of the calls, none of them nearly all
            assertThat(result.spread()).as(where).hasSize(result.replicas());
            long total = result.spread().values().stream().mapToLong(Long::longValue).sum();
            result.spread().values().forEach(calls -> assertThat(calls).as(where)
                    .isGreaterThan(total / (4L * result.replicas())));
        }
        assertThat(features.pulledLinks()).hasSize(ORBS).allSatisfy(link -> {
            assertThat(link.ejectedAfterMillis()).as(link.orb() + ": ejected").isBetween(0L, 2000L);
            assertThat(link.failed()).as(link.orb() + ": idempotent calls failed").isZero();
            assertThat(link.calls()).isPositive();
        });
    }

    @Test
    void callsInFlightWereMeasuredSyncAndAsyncOnEveryOrb() {
        assertThat(results.features().inFlight()).hasSize(ORBS * FeaturePlan.IN_FLIGHT.size() * Style.values().length);
        for (InFlightResult result : results.features().inFlight()) {
            String where = result.orb() + " " + result.inFlight() + " " + result.style();
            assertThat(result.roundThroughputs()).as(where).hasSize(STUDY.features().rounds()).doesNotContain(0.0);
            assertThat(Arrays.stream(result.roundThroughputs()).min().orElse(0)).as(where).isPositive();
            assertThat(result.p50Us()).as(where).isPositive().isLessThanOrEqualTo(result.p99Us());
        }
    }

    /**
     * Every Java listener (typed and dynamic, on every ORB) and the native floor, at every size of
     * the quick plan, every round: the server called each back as often as asked (the worker checks
     * every event's photo and counts them), and each Java listener has its ratio over the floor. The
     * quick plan's photos stay under the Eclipse ORB's read threshold (256 000 bytes, where its
     * acceptor refuses a request), so nothing may fail here.
     */
    @Test
    void everyListenerOnEveryOrbAndTheNativeFloorWereCalledBackAtEverySize() {
        CallbackPlan plan = STUDY.callbacks();
        FeatureResults features = results.features();
        assertThat(features.callbackPlan()).isEqualTo(plan);
        assertThat(features.callbacks()).hasSize((ORBS * CallbackWorker.SERVANTS.size() + 1) * plan.photoBytes().size());
        assertThat(features.callbackSizes()).containsExactlyElementsOf(plan.photoBytes());
        for (int photo : plan.photoBytes()) {
            CallbackResult floor = features.callbackFloor(photo).orElseThrow();
            assertMeasured(floor, plan);
            for (OrbImplementation orb : OrbImplementation.values()) {
                for (String servant : CallbackWorker.SERVANTS) {
                    CallbackResult listener = features.callback(orb, servant, photo).orElseThrow();
                    assertMeasured(listener, plan);
                    assertThat(features.callbackOverNative(listener)).as(listener.label()).hasValueSatisfying(
                            ratio -> assertThat(ratio.rounds()).isEqualTo(plan.rounds()));
                }
            }
        }
        assertThat(PROGRESS).anyMatch(line -> line.startsWith("the callbacks part took "));
    }

    private static void assertMeasured(CallbackResult result, CallbackPlan plan) {
        String where = result.label() + " at " + result.photoLabel();
        assertThat(result.failure()).as(where).isNull();
        assertThat(result.calls()).as(where).isEqualTo((long) plan.rounds() * plan.callsPerBatch(result.photoBytes()));
        assertThat(result.roundMediansUs()).as(where).hasSize(plan.rounds());
        assertThat(Arrays.stream(result.roundMediansUs()).min().orElse(0)).as(where).isPositive();
        assertThat(result.p10Us()).as(where).isPositive().isLessThanOrEqualTo(result.medianUs());
        assertThat(result.medianUs()).as(where).isLessThanOrEqualTo(result.p90Us());
    }

    @Test
    void everyWorkerLoggedThisRunOnly() throws Exception {
        Path logs = output.resolve("logs");
        assertThat(logs.resolve("scale-1-from-an-earlier-run.log")).doesNotExist();
        try (var files = Files.list(logs)) {
            // six payload workers, every scaling configuration, four start-up probes
            assertThat(files.filter(f -> f.toString().endsWith(".log")).count())
                    .isGreaterThanOrEqualTo(6 + ScaleRunner.configurations(STUDY.scale()).size() + 4);
        }
    }

    @Test
    void theWholeReportWasWritten() throws Exception {
        assertThat(index).exists();
        assertThat(output.resolve("results.csv")).exists();
        assertThat(output.resolve("results.json")).exists();
        String html = Files.readString(index);
        assertThat(html).contains("ASIO / CC", "ASIO / CC, split", "ASRO / CC", "DII / SII", "Java / C++", "TLS over plain",
                "fig11-dii-over-sii.png");
        assertThat(html).contains("<section id=\"summary\">", "summary-adapter.png", "summary-around.png");
        assertThat(html).contains("<h2>Concurrent sessions</h2>", "<h2>Start-up</h2>", "fig17-warmup.png",
                "<h2>What tracing costs</h2>", "<h2>Calls in flight from one session</h2>", "<h2>ORB settings tried</h2>",
                "<h2 id=\"callbacks\">Called back by the C++ server</h2>");
        assertThat(output.resolve("callbacks.csv")).exists();
        assertThat(output.resolve("scale.csv")).exists();
        assertThat(output.resolve("startup.csv")).exists();
        try (var files = Files.list(output)) {
            // the summary's 2, the payload part's 3 per ORB and 3 across them, then latency by sessions
            // (one payload), throughput, memory, server threading, start-up and warm-up
            assertThat(files.filter(f -> f.toString().endsWith(".png")).count()).isEqualTo(2 + ORBS * 3 + 3 + 6);
        }
    }
}
