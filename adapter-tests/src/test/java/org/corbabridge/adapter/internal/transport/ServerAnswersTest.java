package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REPLY;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.request;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A connection sees what the server answered an attempt's request as the reply passes to the ORB:
 * a reply whose status says the operation ran makes the attempt's failure one of a call that ran,
 * whatever the ORB says after reading the values.
 */
@Tag(TestOrbs.ORB_FREE)
class ServerAnswersTest {

    private static final int NO_EXCEPTION = 0;
    private static final int USER_EXCEPTION = 1;
    private static final int SYSTEM_EXCEPTION = 2;
    private static final int LOCATION_FORWARD = 3;

    private final ServerAnswers answers = new ServerAnswers();
    private final RequestScanner out = new RequestScanner(new ByteArrayOutputStream(), "peer:1", null, () -> { },
            false, null, answers);
    private CurrentAttempt outer;

    @BeforeEach
    void beginAttempt() {
        outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), new FakeTicker()), false);
    }

    @AfterEach
    void endAttempt() {
        CurrentAttempt.restore(outer);
    }

    @ParameterizedTest(name = "read {0} bytes at a time")
    @ValueSource(ints = {1, 3, 12, 13, 17, 4096})
    void aReplySayingTheCallRanIsSeenWhateverTheReadSizesAndByteOrder(int chunk) throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            send(7);
            assertThat(CurrentAttempt.current().serverRan()).as("before the reply").isFalse();
            readAll(input(reply(order, 7, NO_EXCEPTION), ReplyListener.NONE), chunk);
            assertThat(CurrentAttempt.current().serverRan()).as(order.toString()).isTrue();
        }
    }

    @Test
    void aReplyWhoseIdWasReadAheadForAReplyDeadlineIsSeenToo() throws IOException {
        send(7);
        ReplyDeadline deadline = new ReplyDeadline(1000, "peer:1");
        readAll(input(reply(ByteOrder.BIG_ENDIAN, 7, USER_EXCEPTION), deadline), 5);
        assertThat(CurrentAttempt.current().serverRan()).as("a user exception ends a call that ran").isTrue();
    }

    @Test
    void aSystemExceptionOrAForwardIsNoAnswerThatTheCallRan() throws IOException {
        for (int status : new int[] {SYSTEM_EXCEPTION, LOCATION_FORWARD}) {
            send(7);
            readAll(input(reply(ByteOrder.BIG_ENDIAN, 7, status), ReplyListener.NONE), 4096);
            assertThat(CurrentAttempt.current().serverRan()).as("status " + status).isFalse();
        }
    }

    @Test
    void aReplyToAnotherRequestSaysNothingOfTheAttempts() throws IOException {
        send(7);
        readAll(input(reply(ByteOrder.BIG_ENDIAN, 8, NO_EXCEPTION), ReplyListener.NONE), 4096);
        assertThat(CurrentAttempt.current().serverRan()).isFalse();
    }

    @Test
    void aLaterRequestOfTheAttemptIsUnansweredUntilItsOwnReply() throws IOException {
        // a lookup answered, then the call's own request, which the server never answers
        send(7);
        readAll(input(reply(ByteOrder.BIG_ENDIAN, 7, NO_EXCEPTION), ReplyListener.NONE), 4096);
        send(8);
        assertThat(CurrentAttempt.current().serverRan()).isFalse();
        assertThat(answers.watched()).as("the earlier request is no longer watched").isEqualTo(1);
    }

    @Test
    void aRequestOutsideACallIsNotWatchedAndAnAttemptForgetsItsOwnWhenItEnds() throws IOException {
        CurrentAttempt.restore(outer);
        send(7);
        readAll(input(reply(ByteOrder.BIG_ENDIAN, 7, NO_EXCEPTION), ReplyListener.NONE), 4096);
        assertThat(answers.watched()).isZero();

        outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), new FakeTicker()), false);
        send(9);
        assertThat(answers.watched()).isEqualTo(1);
        CurrentAttempt.restore(outer);
        assertThat(answers.watched()).isZero();
        outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), new FakeTicker()), false);
    }

    @Test
    void aGiop11ReplyWhoseIdCannotBePlacedSaysNothing() throws IOException {
        byte[] request = message(1, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(7, 3, 40));
        out.write(request, 0, request.length);
        byte[] reply = message(1, ByteOrder.BIG_ENDIAN, 0, REPLY, ByteBuffer.allocate(24).putInt(0).putInt(7)
                .putInt(NO_EXCEPTION).array());
        readAll(input(reply, ReplyListener.NONE), 4096);
        assertThat(CurrentAttempt.current().serverRan()).isFalse();
        assertThat(answers.watched()).isZero();
    }

    private void send(int requestId) throws IOException {
        byte[] request = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(requestId, 3, 40));
        out.write(request, 0, request.length);
    }

    /** A GIOP 1.2 reply: its id, status, an empty service context list, and 100 bytes of values. */
    private static byte[] reply(ByteOrder order, int requestId, int status) {
        byte[] body = ByteBuffer.allocate(112).order(order).putInt(requestId).putInt(status).putInt(0).array();
        return message(2, order, 0, REPLY, body);
    }

    private InputStream input(byte[] stream, ReplyListener listener) {
        return new GiopMessageLimit(new ByteArrayInputStream(stream), 1 << 20, "peer:1", refused -> { }, listener,
                answers);
    }

    private static void readAll(InputStream in, int chunk) throws IOException {
        byte[] buffer = new byte[chunk];
        while (in.read(buffer, 0, chunk) >= 0) {
            // passed on, as to the ORB
        }
    }
}
