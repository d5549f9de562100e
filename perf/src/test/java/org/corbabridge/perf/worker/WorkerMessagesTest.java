package org.corbabridge.perf.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.CallPath;
import org.corbabridge.perf.worker.WorkerMessages.InFlightRequest;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.PayloadRequest;
import org.corbabridge.perf.worker.WorkerMessages.Quit;
import org.corbabridge.perf.worker.WorkerMessages.Style;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;
import org.junit.jupiter.api.Test;

class WorkerMessagesTest {

    @Test
    void aPayloadRequestOfSeveralCallPathsArrivesAsSent() throws Exception {
        PayloadRequest sent = new PayloadRequest(Op.MEASURE, List.of(CallPath.adapter(InvocationMode.DII),
                CallPath.baseline(Caller.PLAIN), CallPath.baseline(Caller.ASIO_NO_BEAN)), "bytes=1024", 10, 3,
                "/tmp/profile");

        assertThat(roundTrip(sent, PayloadRequest.class)).isEqualTo(sent);
        assertThat(sent).hasToString("measure dii | baseline PLAIN | baseline ASIO_NO_BEAN bytes=1024");
    }

    @Test
    void theOtherRequestsArriveAsSent() throws Exception {
        InFlightRequest inFlight = new InFlightRequest(Op.WARMUP, Style.ASYNC, 64, "bytes=1024", 640, 3);
        VariantRequest variant = new VariantRequest(Op.MEASURE, "giop-1.1", "bytes=300", 5, 1);

        assertThat(roundTrip(inFlight, InFlightRequest.class)).isEqualTo(inFlight);
        assertThat(roundTrip(variant, VariantRequest.class)).isEqualTo(variant);
    }

    @Test
    void quitIsReadAsQuitByEveryWorkersRequestType() throws Exception {
        String line = WorkerMessages.JSON.writeValueAsString(Quit.INSTANCE);

        assertThat(WorkerMessages.JSON.readValue(line, PayloadRequest.class).op()).isEqualTo(Op.QUIT);
        assertThat(WorkerMessages.JSON.readValue(line, VariantRequest.class).op()).isEqualTo(Op.QUIT);
        assertThat(WorkerMessages.JSON.readValue(line, InFlightRequest.class).op()).isEqualTo(Op.QUIT);
        assertThat(WorkerMessages.JSON.readValue(line, ScaleMessages.StepRequest.class).op()).isEqualTo(Op.QUIT);
    }

    @Test
    void aCallPathIsAModeOrABaselineNeverBothOrNeither() {
        assertThatThrownBy(() -> new CallPath(InvocationMode.STATIC, Caller.STUB))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CallPath(null, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnknownOperationIsRefusedNotReadAsAnother() {
        assertThatThrownBy(() -> WorkerMessages.JSON.readValue("{\"op\":\"MEASUER\"}", PayloadRequest.class))
                .hasMessageContaining("MEASUER");
    }

    private static <T> T roundTrip(Object message, Class<T> type) throws Exception {
        return WorkerMessages.JSON.readValue(WorkerMessages.JSON.writeValueAsString(message), type);
    }
}
