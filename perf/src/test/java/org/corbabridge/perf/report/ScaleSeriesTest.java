package org.corbabridge.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.junit.jupiter.api.Test;

class ScaleSeriesTest {

    private static final SizePoint ONE_KB = SizePoint.ofBudget(1024);

    @Test
    void theKneeIsTheFirstStepFromWhichP99StaysAboveTwiceTheLowLoadP99() {
        ScaleSeries series = series(step(1, 1000), step(10, 900), step(50, 2500), step(100, 1200), step(200, 2000),
                step(400, 9000));

        // 50 sessions is a blip (100 comes back under 1.8 ms); the bend that stays starts at 200
        assertThat(series.knee()).map(StepReply::sessions).contains(200);
    }

    @Test
    void aFlatCurveHasNoKnee() {
        ScaleSeries series = series(step(1, 1000), step(10, 1100), step(100, 1700), step(1000, 1790));

        assertThat(series.knee()).isEmpty();
        assertThat(series.kneeText()).isEqualTo("none up to 1000 sessions");
    }

    @Test
    void theFailurePointIsTheFirstStepWithMoreThanATenthOfAPercentOfCallsFailed() {
        StepReply fewFailures = step(100, 1000, 10_000, Map.of("CallTimeoutException", 5L), null);
        StepReply manyFailures = step(200, 1000, 10_000, Map.of("CallTimeoutException", 50L), null);
        ScaleSeries series = series(step(1, 1000), fewFailures, manyFailures);

        assertThat(series.failurePoint()).map(StepReply::sessions).contains(200);
        assertThat(series.failureText()).startsWith("200 sessions: 50 of 10050 calls failed");
        assertThat(series.healthySteps()).extracting(StepReply::sessions).containsExactly(1, 100);
    }

    @Test
    void sessionsThatCouldNotBeCreatedAreAFailure() {
        StepReply shortOfSessions = step(1500, 1000, 10_000, Map.of(), "only 1203 sessions created within 90000 ms");

        ScaleSeries series = series(step(1, 1000), step(1000, 1000), shortOfSessions);

        assertThat(series.failurePoint()).map(StepReply::sessions).contains(1500);
        assertThat(series.failureText()).contains("only 1203 sessions");
    }

    @Test
    void memoryPerSessionIsTheSlopeOfLiveObjectsAgainstSessionsWithTheHeapInUseBeside() {
        List<StepReply> steps = new ArrayList<>();
        for (int sessions : new int[] {1, 10, 100, 1000}) {
            // 20 MB of container plus 40 KB per session in use, of which 3 KB live
            steps.add(withHeap(step(sessions, 1000), 20L * 1024 * 1024 + sessions * 40L * 1024,
                    14L * 1024 * 1024 + sessions * 3L * 1024));
        }
        ScaleSeries series = series(steps.toArray(StepReply[]::new));

        assertThat(series.heapPerSession()).hasValueSatisfying(bytes -> assertThat(bytes).isCloseTo(3 * 1024.0,
                within(1.0)));
        assertThat(series.heapInUsePerSession()).hasValueSatisfying(bytes -> assertThat(bytes)
                .isCloseTo(40 * 1024.0, within(1.0)));
    }

    @Test
    void whereNoStepCountedLiveObjectsTheHeapInUseIsTheMemoryPerSession() {
        List<StepReply> steps = new ArrayList<>();
        for (int sessions : new int[] {1, 10, 100, 1000}) {
            steps.add(withHeap(step(sessions, 1000), 20L * 1024 * 1024 + sessions * 40L * 1024, 0));
        }
        assertThat(series(steps.toArray(StepReply[]::new)).heapPerSession()).hasValueSatisfying(bytes ->
                assertThat(bytes).isCloseTo(40 * 1024.0, within(1.0)));
    }

    @Test
    void aSlopeNeedsThreeSteps() {
        assertThat(series(step(1, 1000), step(10, 1000)).heapPerSession()).isEmpty();
    }

    static StepReply step(int sessions, double p99Micros) {
        return step(sessions, p99Micros, 1000, Map.of(), null);
    }

    static StepReply step(int sessions, double p99Micros, long calls, Map<String, Long> failures, String growError) {
        return new StepReply(true, null, sessions, growError, 10, 4.0, calls, failures, p99Micros / 3, p99Micros / 2,
                p99Micros, p99Micros * 2, p99Micros / 4, 50, 30L << 20, 28L << 20, 200L << 20, 80, sessions, 150, 20,
                8L << 20, 4, sessions, p99Micros / 10, p99Micros / 5, List.of(), List.of());
    }

    private static StepReply withHeap(StepReply s, long heap, long live) {
        return new StepReply(s.ok(), s.error(), s.sessions(), s.growError(), s.growMillis(), s.windowSeconds(),
                s.calls(), s.failures(), s.p50Micros(), s.p90Micros(), s.p99Micros(), s.maxMicros(),
                s.meanServiceMicros(), s.cpuPercent(), heap, live, s.residentBytes(), s.threads(), s.connections(),
                s.openFiles(), s.serverCpuPercent(), s.serverResidentBytes(), s.serverThreads(),
                s.serverConnections(), s.hiccupP99Micros(), s.hiccupMaxMicros(), s.heapGrowth(), s.liveClasses());
    }

    static ScaleSeries series(StepReply... steps) {
        return new ScaleSeries(OrbImplementation.JACORB, OrbMode.BUILT_IN, ONE_KB, ServerModel.THREAD_PER_CONNECTION,
                2000, List.of(steps), "all steps");
    }
}
