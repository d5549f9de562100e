package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.FRAGMENT;
import static org.corbabridge.adapter.internal.transport.GiopBytes.LOCATE_REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REPLY;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.body;
import static org.corbabridge.adapter.internal.transport.GiopBytes.concat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.request;
import static org.corbabridge.adapter.internal.transport.GiopBytes.withRequestId;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The pieces of the bidirectional GIOP relay against byte streams and loopback sockets: what the
 * ORB writes and reads on a client connection (its request ids doubled and halved), where the
 * server's requests go, where a relayed reply may land, the code sets added to the first relayed
 * request, and the answer a server gets when the ORB's endpoint refuses the relay.
 */
@Tag(TestOrbs.ORB_FREE)
class BidirRelayTest {

    private static final long CAP = 1 << 20;

    /** What the ORB wrote as the connection carries it, with the id at 12 read back. */
    private static long idAt12(byte[] bytes, int messageStart) {
        return Giop.readULong(Arrays.copyOfRange(bytes, messageStart, messageStart + 16), 12);
    }

    @Test
    void theOrbsGiop12RequestsAndFragmentsLeaveWithTheirIdsDoubledWrittenAByteAtATime() throws IOException {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FramedOutput out = new FramedOutput(wire);
        byte[] first = message(2, ByteOrder.BIG_ENDIAN, 0x02, REQUEST, request(5, 3, 40));
        byte[] fragment = message(2, ByteOrder.LITTLE_ENDIAN, 0, FRAGMENT,
                ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(5).array());
        byte[] old = message(0, ByteOrder.BIG_ENDIAN, 0, REQUEST, body(32, 7));
        for (byte b : concat(first, fragment, old)) {
            out.write(b);
        }

        byte[] sent = wire.toByteArray();
        assertThat(sent).hasSize(first.length + fragment.length + old.length);
        assertThat(idAt12(sent, 0)).isEqualTo(10);
        assertThat(idAt12(sent, first.length)).as("little-endian").isEqualTo(10);
        assertThat(Arrays.copyOfRange(sent, 16, first.length)).isEqualTo(Arrays.copyOfRange(first, 16, first.length));
        assertThat(Arrays.copyOfRange(sent, first.length + fragment.length, sent.length))
                .as("GIOP 1.0 carries its id elsewhere: as it was").isEqualTo(old);
    }

    @Test
    void aRelayedMessageWaitsForTheEndOfTheOrbsMessageAndIsWrittenWholeAfterIt() throws Exception {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FramedOutput out = new FramedOutput(wire);
        byte[] orbs = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 64));
        byte[] relayed = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(3, 16));
        out.write(orbs, 0, 30);

        CompletableFuture<Boolean> written = CompletableFuture.supplyAsync(() -> {
            try {
                return out.writeBetweenMessages(relayed, 5_000);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertThat(written).as("inside the ORB's message").isNotDone();
        assertThat(wire.size()).isEqualTo(30);
        out.write(orbs, 30, orbs.length - 30);

        assertThat(written.get(5, TimeUnit.SECONDS)).isTrue();
        byte[] sent = wire.toByteArray();
        assertThat(Arrays.copyOfRange(sent, orbs.length, sent.length)).isEqualTo(relayed);
        assertThat(out.writeBetweenMessages(relayed, 10)).as("between messages: at once").isTrue();
    }

    @Test
    void aRelayedMessageThatFindsNoGapWithinItsWaitIsNotWrittenAtAll() throws IOException {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FramedOutput out = new FramedOutput(wire);
        out.write(message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 64)), 0, 20);

        assertThat(out.writeBetweenMessages(message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(3, 16)), 100))
                .isFalse();
        assertThat(wire.size()).isEqualTo(20);
    }

    /** A stand-in for the ORB's own endpoint: reads {@code expected} bytes, then answers with {@code answer}. */
    private static final class Endpoint implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        final CompletableFuture<byte[]> received = new CompletableFuture<>();

        Endpoint(int expected, byte[] answer) throws IOException {
            Thread thread = new Thread(() -> {
                try (Socket accepted = socket.accept()) {
                    byte[] message = new byte[expected];
                    new DataInputStream(accepted.getInputStream()).readFully(message);
                    received.complete(message);
                    accepted.getOutputStream().write(answer);
                    // the relay reads until it closes its end
                    accepted.getInputStream().read();
                } catch (IOException e) {
                    received.completeExceptionally(e);
                }
            }, "fake-orb-endpoint");
            thread.setDaemon(true);
            thread.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress(socket.getInetAddress(), socket.getLocalPort());
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void theServersRequestsAndOddFragmentsGoToTheRelayAndTheOrbReadsItsRepliesWithItsOwnIds() throws Exception {
        byte[] answer = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(7, 16));
        byte[] serversRequest = message(2, ByteOrder.BIG_ENDIAN, 0x02, REQUEST, request(7, 3, 48));
        byte[] serversFragment = message(2, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, withRequestId(7, 16));
        byte[] orbsReply = message(2, ByteOrder.BIG_ENDIAN, 0, REPLY, withRequestId(10, 24));
        byte[] orbsFragmentStart = message(2, ByteOrder.BIG_ENDIAN, 0x02, REPLY, withRequestId(12, 24));
        byte[] orbsFragment = message(2, ByteOrder.BIG_ENDIAN, 0, FRAGMENT, withRequestId(12, 8));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        try (Endpoint endpoint = new Endpoint(serversRequest.length + serversFragment.length, answer)) {
            BidirRelay relay = new BidirRelay(endpoint::address, new FramedOutput(wire), CAP, "server", () -> { });
            InputStream in = new RelayedInput(new ByteArrayInputStream(concat(serversRequest, orbsReply, orbsFragmentStart,
                    serversFragment, orbsFragment)), relay, CAP, "server");

            byte[] orb = in.readAllBytes();
            assertThat(orb).hasSize(orbsReply.length + orbsFragmentStart.length + orbsFragment.length);
            assertThat(idAt12(orb, 0)).isEqualTo(5);
            assertThat(idAt12(orb, orbsReply.length)).isEqualTo(6);
            assertThat(idAt12(orb, orbsReply.length + orbsFragmentStart.length)).isEqualTo(6);
            assertThat(endpoint.received.get(5, TimeUnit.SECONDS)).as("the request and its fragment, unchanged")
                    .isEqualTo(concat(serversRequest, serversFragment));
            // the endpoint answered: the reply goes onto the client connection as it came
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (wire.size() < answer.length && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertThat(wire.toByteArray()).isEqualTo(answer);
            relay.close();
            assertThat(relay.isRelaying()).isFalse();
        }
    }

    @Test
    void aRefusedRelayConnectionAnswersARequestAndALocateRequestAtOnceWithTransientCompletedNo() throws Exception {
        InetSocketAddress refusing;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            refusing = new InetSocketAddress(socket.getInetAddress(), socket.getLocalPort());
        }
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        BidirRelay relay = new BidirRelay(() -> refusing, new FramedOutput(wire), CAP, "server", () -> { });
        byte[] serversRequest = message(2, ByteOrder.LITTLE_ENDIAN, 0, REQUEST,
                ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN).putInt(9).put((byte) 3).array());
        byte[] locate = message(2, ByteOrder.BIG_ENDIAN, 0, LOCATE_REQUEST, withRequestId(11, 20));
        byte[] oneway = message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(13, 0, 40));

        byte[] orb = new RelayedInput(new ByteArrayInputStream(concat(serversRequest, locate, oneway)), relay, CAP, "server")
                .readAllBytes();

        assertThat(orb).isEmpty();
        byte[] sent = wire.toByteArray();
        byte[] reply = BidirRelay.transientReply(9, true, false, 1);
        byte[] locateReply = BidirRelay.transientReply(11, false, true, 1);
        assertThat(sent).as("the oneway is dropped").isEqualTo(concat(reply, locateReply));
        assertThat(reply[7]).isEqualTo(REPLY);
        assertThat(new String(reply, 28, 31, java.nio.charset.StandardCharsets.ISO_8859_1))
                .isEqualTo("IDL:omg.org/CORBA/TRANSIENT:1.0");
        ByteBuffer tail = ByteBuffer.wrap(reply, reply.length - 8, 8).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(tail.getInt()).isEqualTo(BidirRelay.RELAY_FAILED_MINOR);
        assertThat(tail.getInt()).as("completed NO").isEqualTo(1);
    }

    /** A GIOP 1.2 Request to object key "key", operation "op", with one context, and a body of a double. */
    private static byte[] requestWithBody(double value) {
        ByteBuffer b = ByteBuffer.allocate(80).order(ByteOrder.BIG_ENDIAN);
        b.put(new byte[] {'G', 'I', 'O', 'P', 1, 2, 0, 0}).putInt(0);
        b.putInt(4).put((byte) 3).put(new byte[3]);
        b.putShort((short) 0).putShort((short) 0).putInt(3).put("key".getBytes()).put((byte) 0);
        b.putInt(3).put("op".getBytes()).put((byte) 0).put((byte) 0);
        b.putInt(1).putInt(99).putInt(3).put(new byte[] {1, 2, 3});
        b.position((b.position() + 7) & ~7);
        b.putDouble(value);
        int length = b.position();
        b.putInt(8, length - 12);
        return Arrays.copyOf(b.array(), length);
    }

    @Test
    void theCodeSetsAddedToARelayedRequestLeaveItsBodyOnTheSameAlignment() {
        byte[] original = requestWithBody(2.5);
        RequestHeaders.Contexts contexts = RequestHeaders.contexts(original, original.length);
        assertThat(contexts).isNotNull();
        assertThat(contexts.codeSets()).isNull();
        byte[] codeSets = {0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 9};

        byte[] changed = RequestHeaders.withContext(original, original.length, contexts, RequestHeaders.CODE_SETS, codeSets);

        RequestHeaders.Contexts added = RequestHeaders.contexts(changed, changed.length);
        assertThat(added.codeSets()).isEqualTo(codeSets);
        assertThat(Giop.bodySize(changed)).isEqualTo(changed.length - 12);
        assertThat(changed.length % 8).isZero();
        assertThat(ByteBuffer.wrap(changed, changed.length - 8, 8).getDouble()).isEqualTo(2.5);
        assertThat(Arrays.copyOfRange(changed, 12, contexts.countAt())).as("all between the header and the contexts")
                .isEqualTo(Arrays.copyOfRange(original, 12, contexts.countAt()));
    }

    @Test
    void theOrbsFirstRequestsCodeSetsAreKeptForTheRelay() throws IOException {
        byte[] codeSets = {0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 9};
        byte[] original = requestWithBody(1.0);
        byte[] request = RequestHeaders.withContext(original, original.length,
                RequestHeaders.contexts(original, original.length), RequestHeaders.CODE_SETS, codeSets);
        FramedOutput out = new FramedOutput(OutputStream.nullOutputStream());
        assertThat(out.codeSets()).isNull();

        out.write(request, 0, 27);
        out.write(request, 27, request.length - 27);

        assertThat(out.codeSets()).isEqualTo(codeSets);
    }
}
