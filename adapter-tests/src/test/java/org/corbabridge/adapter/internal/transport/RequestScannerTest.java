package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.concat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.request;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.TIMEOUT;

/** A connection's output stops an attempt's request at the deadline before a byte of it leaves, and stays framed. */
@Tag(TestOrbs.ORB_FREE)
class RequestScannerTest {

    private final FakeTicker clock = new FakeTicker();

    @Test
    void aRequestPastTheDeadlineIsNotWrittenButTheEndOfTheMessageBeforeItIs() throws Exception {
        byte[] first = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 40));
        byte[] second = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(2, 3, 40));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        RequestScanner out = new RequestScanner(wire, "peer:1", null, () -> { });
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            out.write(first, 0, 20);
            clock.advance(Duration.ofSeconds(3));
            // the rest of the first request and the whole second in one write: the first ends, the second never starts
            byte[] rest = concat(Arrays.copyOfRange(first, 20, first.length), second);
            assertThat(catchThrowable(() -> out.write(rest, 0, rest.length))).isInstanceOf(TIMEOUT.class);
            assertThat(wire.toByteArray()).isEqualTo(first);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void outsideACallEveryRequestIsWritten() throws Exception {
        byte[] both = concat(message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 40)),
                message(2, ByteOrder.LITTLE_ENDIAN, 0, REQUEST, request(2, 3, 40)));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new RequestScanner(wire, "peer:1", null, () -> { }).write(both, 0, both.length);
        assertThat(wire.toByteArray()).isEqualTo(both);
    }

    @Test
    void aRefusedFirstRequestClosesAJacorbConnectionALaterOneDoesNot() throws Exception {
        byte[] request = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 40));
        int[] closed = {0};
        RequestScanner fresh = new RequestScanner(new ByteArrayOutputStream(), "peer:1", null, () -> closed[0]++);
        RequestScanner used = new RequestScanner(new ByteArrayOutputStream(), "peer:1", null, () -> closed[0] += 10);
        // the Eclipse and OpenJDK ORBs' connections stay open: they would write again to a closed one
        RequestScanner notJacorb = new RequestScanner(new ByteArrayOutputStream(), "peer:1", null,
                () -> closed[0] += 100, false);
        used.write(request, 0, request.length);
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            clock.advance(Duration.ofSeconds(3));
            // the code sets an ORB sends with a connection's first request would never reach the server
            assertThat(catchThrowable(() -> fresh.write(request, 0, request.length))).isInstanceOf(TIMEOUT.class);
            assertThat(closed[0]).isEqualTo(1);
            assertThat(catchThrowable(() -> used.write(request, 0, request.length))).isInstanceOf(TIMEOUT.class);
            assertThat(closed[0]).as("a connection that carried a request stays open").isEqualTo(1);
            assertThat(catchThrowable(() -> notJacorb.write(request, 0, request.length))).isInstanceOf(TIMEOUT.class);
            assertThat(closed[0]).isEqualTo(1);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void eachRequestTellsItsAttemptWhichConnectionItWentThrough() throws Exception {
        byte[] request = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 40));
        Closeable connection = () -> { };
        RequestScanner out = new RequestScanner(new ByteArrayOutputStream(), "peer:1", null, connection);
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            out.write(request, 0, request.length);
            assertThat(CurrentAttempt.current().lastConnection()).isSameAs(connection);
            assertThat(CurrentAttempt.current().requestsSent()).isEqualTo(1);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }
}
