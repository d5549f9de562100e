package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.corbabridge.adapter.internal.transport.GiopBytes.FRAGMENT;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REPLY;
import static org.corbabridge.adapter.internal.transport.GiopBytes.body;
import static org.corbabridge.adapter.internal.transport.GiopBytes.concat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.withRequestId;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class GiopMessageLimitTest {

    private static final int CAP = 4096;
    private static final int MORE = 0x02;

    private final List<OversizedMessageException> noted = new ArrayList<>();
    /** The replies told: request ids, and "unnumbered" for GIOP 1.0 and 1.1 ones. */
    private final List<Object> replied = new ArrayList<>();
    private final ReplyListener listener = new ReplyListener() {
        @Override
        public void replied(int requestId) {
            replied.add(requestId);
        }

        @Override
        public void repliedUnnumbered() {
            replied.add("unnumbered");
        }
    };

    @Test
    void messagesUnderTheCapPassUnchangedWhateverTheReadSizes() throws IOException {
        byte[] stream = concat(message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, body(100, 7)),
                message(2, ByteOrder.LITTLE_ENDIAN, 0, REPLY, body(CAP - 12, 8)));
        for (int chunk : new int[] {1, 5, 12, 13, 4096}) {
            assertThat(readAll(limit(new ByteArrayInputStream(stream)), chunk)).isEqualTo(stream);
        }
        assertThat(noted).isEmpty();
    }

    @Test
    void aHeaderAnnouncingMoreThanTheCapIsRefusedBeforeTheOrbSeesIt() throws IOException {
        byte[] header = ByteBuffer.allocate(12).put(new byte[] {'G', 'I', 'O', 'P', 1, 2, 0, REPLY})
                .putInt(Integer.MAX_VALUE).array();
        GiopMessageLimit limited = limit(new ByteArrayInputStream(header));

        assertThatThrownBy(() -> limited.read(new byte[12], 0, 12)).isInstanceOf(OversizedMessageException.class)
                .hasMessageContaining("2147483659 bytes").hasMessageContaining("cap of 4096");
        assertThat(noted).hasSize(1);
        // and it stays refused
        assertThatThrownBy(limited::read).isSameAs(noted.get(0));
    }

    @Test
    void theSizeIsReadInTheMessagesOwnByteOrder() {
        // 0x00001001 little-endian is 4097 + 12: over; read big-endian it would be tiny
        byte[] header = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
                .put(new byte[] {'G', 'I', 'O', 'P', 1, 2, 1, REPLY}).putInt(CAP - 11).array();
        assertThatThrownBy(() -> readAll(limit(new ByteArrayInputStream(header)), 64))
                .isInstanceOf(OversizedMessageException.class);
    }

    @Test
    void fragmentsOfOneRequestAreAddedUp() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, MORE, REPLY, withRequestId(5, 1000)));
        for (int i = 0; i < 4; i++) {
            stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, MORE, FRAGMENT, withRequestId(5, 1000)));
        }
        assertThatThrownBy(() -> readAll(limit(new ByteArrayInputStream(stream.toByteArray())), 512))
                .isInstanceOf(OversizedMessageException.class).hasMessageContaining("for request 5");
    }

    @Test
    void aCompletedFragmentedMessageNoLongerCounts() throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (int round = 0; round < 10; round++) {
            stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, MORE, REPLY, withRequestId(round, 1500)));
            stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, withRequestId(round, 1500)));
        }
        byte[] bytes = stream.toByteArray();
        assertThat(readAll(limit(new ByteArrayInputStream(bytes)), 700)).isEqualTo(bytes);
    }

    @Test
    void interleavedFragmentsOfSeveralRequestsStayUnderTheCapTogether() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (int id = 0; id < 4; id++) {
            stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, MORE, REPLY, withRequestId(id, 1200)));
        }
        assertThatThrownBy(() -> readAll(limit(new ByteArrayInputStream(stream.toByteArray())), 512))
                .isInstanceOf(OversizedMessageException.class).hasMessageContaining("fragments of 3 messages");
    }

    @Test
    void giop11FragmentsFormOneChain() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(message(1, ByteOrder.BIG_ENDIAN, MORE, REPLY, body(2000, 0)));
        stream.writeBytes(message(1, ByteOrder.BIG_ENDIAN, MORE, FRAGMENT, body(2000, 0)));
        stream.writeBytes(message(1, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, body(2000, 0)));
        assertThatThrownBy(() -> readAll(limit(new ByteArrayInputStream(stream.toByteArray())), 512))
                .isInstanceOf(OversizedMessageException.class).hasMessageContaining("fragments adding up to");
    }

    @Test
    void endlessEmptyFirstFragmentsOfNewRequestsAreBounded() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (int id = 0; id <= GiopMessageLimit.MAX_OPEN_CHAINS; id++) {
            stream.writeBytes(message(2, ByteOrder.BIG_ENDIAN, MORE, REPLY, withRequestId(id, 4)));
        }
        GiopMessageLimit limited = new GiopMessageLimit(new ByteArrayInputStream(stream.toByteArray()), 1 << 20,
                "peer:1", noted::add, listener);
        assertThatThrownBy(() -> readAll(limited, 4096)).isInstanceOf(OversizedMessageException.class)
                .hasMessageContaining("more than " + GiopMessageLimit.MAX_OPEN_CHAINS + " messages");
    }

    @Test
    void aReplyIsToldOnlyOnceItsLastByteIsPassedOn() throws IOException {
        byte[] reply = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(42, 100));
        GiopMessageLimit limited = limit(new ByteArrayInputStream(reply));
        byte[] buffer = new byte[reply.length];
        int n = 0;
        while (n < reply.length - 1) {
            n += limited.read(buffer, n, reply.length - 1 - n);
        }
        assertThat(replied).isEmpty();
        limited.read(buffer, n, 1);
        assertThat(replied).containsExactly(42);
    }

    @Test
    void aFragmentedReplyIsToldAtItsLastFragment() throws IOException {
        byte[] stream = concat(message(2, ByteOrder.BIG_ENDIAN, MORE, REPLY, withRequestId(7, 50)),
                message(2, ByteOrder.BIG_ENDIAN, MORE, FRAGMENT, withRequestId(7, 50)),
                message(2, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, withRequestId(7, 50)));
        assertThat(readAll(limit(new ByteArrayInputStream(stream)), 20)).isEqualTo(stream);
        assertThat(replied).containsExactly(7);
    }

    @Test
    void giop10And11RepliesAreToldWithoutAnId() throws IOException {
        byte[] stream = concat(message(0, ByteOrder.BIG_ENDIAN, 0, REPLY, body(30, 0)),
                message(1, ByteOrder.BIG_ENDIAN, MORE, REPLY, body(30, 0)),
                message(1, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, body(30, 0)));
        assertThat(readAll(limit(new ByteArrayInputStream(stream)), 7)).isEqualTo(stream);
        assertThat(replied).containsExactly("unnumbered", "unnumbered");
    }

    @Test
    void bytesThatAreNotGiopArePassedOnForTheOrbToRefuse() throws IOException {
        byte[] garbage = new byte[10_000];
        garbage[0] = 'H';
        assertThat(readAll(limit(new ByteArrayInputStream(garbage)), 100)).isEqualTo(garbage);
    }

    @Test
    void aMessageErrorEndsTheStreamThereUnseenByTheOrb() throws IOException {
        byte[] reply = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(5, 20));
        byte[] messageError = message(2, ByteOrder.BIG_ENDIAN, 0, (byte) Giop.MESSAGE_ERROR, new byte[0]);
        byte[] after = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(6, 20));
        for (int chunk : new int[] {1, 12, 4096}) {
            GiopMessageLimit limited = limit(new ByteArrayInputStream(concat(reply, messageError, after)));

            // the reply before it, whole; then the end of the stream, and it stays ended
            assertThat(readAll(limited, chunk)).as("read %d bytes at a time", chunk).isEqualTo(reply);
            assertThat(limited.read()).isEqualTo(-1);
        }
        assertThat(noted).isEmpty();
    }

    @Test
    void aTimeOutInTheMiddleOfAHeaderLosesNothing() throws IOException {
        byte[] stream = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, body(40, 3));
        InputStream stalling = new InputStream() {
            private int position;
            private boolean stalled;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (position == 6 && !stalled) {
                    stalled = true;
                    throw new SocketTimeoutException("read timed out");
                }
                if (position == stream.length) {
                    return -1;
                }
                b[off] = stream[position++];
                return 1;
            }
        };
        GiopMessageLimit limited = limit(stalling);
        byte[] read = new byte[stream.length];
        assertThatThrownBy(() -> limited.read(read, 0, 12)).isInstanceOf(SocketTimeoutException.class);
        int n = 0;
        while (n < read.length) {
            n += limited.read(read, n, read.length - n);
        }
        assertThat(read).isEqualTo(stream);
    }

    @Test
    void aHeaderCutShortEndsTheStreamAfterWhatCame() throws IOException {
        byte[] partial = {'G', 'I', 'O', 'P', 1};
        assertThat(readAll(limit(new ByteArrayInputStream(partial)), 12)).isEqualTo(partial);
    }

    private GiopMessageLimit limit(InputStream in) {
        return new GiopMessageLimit(in, CAP, "127.0.0.1:2809", noted::add, listener);
    }

    private static byte[] readAll(InputStream in, int chunk) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[chunk];
        for (int n; (n = in.read(buffer, 0, chunk)) >= 0; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
