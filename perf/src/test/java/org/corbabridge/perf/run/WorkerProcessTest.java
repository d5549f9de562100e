package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
}
