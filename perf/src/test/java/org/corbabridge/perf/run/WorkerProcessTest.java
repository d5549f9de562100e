package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.perf.worker.WorkerMessages.CallPath;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkerProcessTest {

    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(5);

    @Test
    void aWorkerThatExitsFailsItsRequestAtOnceNotAtTheRequestsLimit(@TempDir Path logs) {
        try (WorkerProcess worker = WorkerProcess.start("exiting", System.getProperty("java.class.path"),
                ExitingWorker.class, List.of(), Map.of("setup", 1), logs.resolve("worker.log"))) {
            assertThat(worker.awaitReady(Duration.ofSeconds(60)).ok()).isTrue();
            long started = System.nanoTime();

            assertThatThrownBy(() -> worker.request(new PayloadRequest(Op.MEASURE, CallPath.adapter(InvocationMode.STATIC), "bytes=12", 1, 0), REQUEST_LIMIT))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("the exiting worker exited before it answered measure static bytes=12")
                    .hasMessageContaining("exit code " + ExitingWorker.EXIT_CODE);
            // and every later request as fast
            assertThatThrownBy(() -> worker.request(new PayloadRequest(Op.MEASURE, CallPath.adapter(InvocationMode.STATIC), "bytes=12", 1, 0), REQUEST_LIMIT))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        }
    }

    @Test
    void aWorkerWhoseJvmCrashesNamesItsCrashReportWhichLiesBesideItsLog(@TempDir Path logs) throws Exception {
        Path log = logs.resolve("worker-crashing.log");
        Throwable failed;
        // no core file on a machine that allows them: the JVM then exits with 1, not SIGABRT's 134
        try (WorkerProcess worker = WorkerProcess.start("crashing", System.getProperty("java.class.path"),
                ExitingWorker.class, List.of("-Dexiting.crash=true", "-XX:-CreateCoredumpOnCrash"),
                Map.of("setup", 1), log)) {
            assertThat(worker.awaitReady(Duration.ofSeconds(60)).ok()).isTrue();

            failed = catchThrowable(() -> worker.request(new PayloadRequest(Op.MEASURE,
                    CallPath.adapter(InvocationMode.STATIC), "bytes=12", 1, 0), REQUEST_LIMIT));
            // the next request finds the worker gone as it sends (QuickStudyIT once read only "the
            // worker is gone (java.io.IOException: Stream closed)" there): it names the report too
            worker.awaitExit(Duration.ofSeconds(30));
            Throwable again = catchThrowable(() -> worker.request(new PayloadRequest(Op.MEASURE,
                    CallPath.adapter(InvocationMode.STATIC), "bytes=12", 1, 0), REQUEST_LIMIT));
            assertThat(again).isInstanceOf(IllegalStateException.class);
            assertThat(Pattern.compile("worker-crashing-hs_err-\\d+\\.log").matcher(again.getMessage()).find())
                    .as("the crash report named in: %s", again.getMessage()).isTrue();
        }

        assertThat(failed).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the crashing worker exited before it answered measure static bytes=12 (exit code")
                .hasMessageContaining("its log says why (" + log + ")");
        Matcher named = Pattern.compile("worker-crashing-hs_err-\\d+\\.log").matcher(failed.getMessage());
        assertThat(named.find()).as("the crash report named in: %s", failed.getMessage()).isTrue();
        // where it is named: beside the log, not in the working directory
        assertThat(Files.readString(logs.resolve(named.group()))).contains("SIGSEGV", "ExitingWorker");
    }

    @Test
    void aCrashReportIsNamedAfterTheLogItLiesBeside() {
        assertThat(WorkerProcess.crashReportBeside(Path.of("/logs/worker-cc-jacorb.log")))
                .isEqualTo(Path.of("/logs/worker-cc-jacorb-hs_err-%p.log"));
        assertThat(WorkerProcess.crashReportBeside(Path.of("/logs/probe")))
                .isEqualTo(Path.of("/logs/probe-hs_err-%p.log"));
    }
}
