package org.corbabridge.adapter.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.corbabridge.adapter.internal.transport.GiopBytes.LOCATE_REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.REQUEST;
import static org.corbabridge.adapter.internal.transport.GiopBytes.concat;
import static org.corbabridge.adapter.internal.transport.GiopBytes.message;
import static org.corbabridge.adapter.internal.transport.GiopBytes.request;
import static org.corbabridge.adapter.internal.transport.GiopBytes.withRequestId;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Random;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
class ReplyDeadlineTest {

    @Test
    void requestsThatExpectAReplyAreNotedAsTheyAreWrittenWhateverTheWriteSizes() throws IOException {
        byte[] stream = concat(message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(5, 3, 40)),
                message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(6, 0, 40)),
                message(2, ByteOrder.LITTLE_ENDIAN, 0, LOCATE_REQUEST, littleEndianId(7, 20)),
                message(1, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(8, 3, 40)));
        for (int chunk : new int[] {1, 7, 13, 17, 4096}) {
            ReplyDeadline deadline = new ReplyDeadline(1000, "peer:1");
            OutputStream out = new RequestScanner(new ByteArrayOutputStream(), "peer:1", deadline, () -> { });
            for (int at = 0; at < stream.length; at += chunk) {
                out.write(stream, at, Math.min(chunk, stream.length - at));
            }
            // 5, the locate request 7 and 8 of GIOP 1.1 (counted without its id): not the oneway 6
            assertThat(deadline.awaiting()).as("written %d bytes at a time", chunk).isEqualTo(3);
            deadline.replied(5);
            deadline.replied(7);
            deadline.repliedUnnumbered();
            assertThat(deadline.awaiting()).isZero();
        }
    }

    @Test
    void aRequestLeftUnansweredPastTheBoundEndsTheConnection() throws IOException {
        try (Peer peer = new Peer()) {
            ReplyDeadline deadline = new ReplyDeadline(300, "peer:1");
            peer.client.setSoTimeout(deadline.sliceMillis());
            new RequestScanner(peer.client.getOutputStream(), "peer:1", deadline, () -> { })
                    .write(message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(1, 3, 40)));
            InputStream in = deadline.bounding(peer.client.getInputStream());
            long start = System.nanoTime();
            assertThatThrownBy(in::read).isInstanceOf(ReplyOverdueException.class)
                    .hasMessageContaining("request 1 unanswered");
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            assertThat(waited).isBetween(Duration.ofMillis(300), Duration.ofMillis(300 + 2_000));
        }
    }

    @Test
    void aGiop10RequestLeftUnansweredPastTheBoundEndsTheConnectionToo() throws IOException {
        try (Peer peer = new Peer()) {
            ReplyDeadline deadline = new ReplyDeadline(300, "peer:1");
            peer.client.setSoTimeout(deadline.sliceMillis());
            new RequestScanner(peer.client.getOutputStream(), "peer:1", deadline, () -> { })
                    .write(message(0, ByteOrder.BIG_ENDIAN, 0, REQUEST, withRequestId(0, 40)));
            InputStream in = deadline.bounding(peer.client.getInputStream());
            assertThatThrownBy(in::read).isInstanceOf(ReplyOverdueException.class)
                    .hasMessageContaining("GIOP 1.0/1.1 request unanswered");
        }
    }

    @Test
    void anIdleConnectionWaitsPastTheBoundForItsNextMessage() throws Exception {
        try (Peer peer = new Peer()) {
            ReplyDeadline deadline = new ReplyDeadline(100, "peer:1");
            peer.client.setSoTimeout(deadline.sliceMillis());
            InputStream in = deadline.bounding(peer.client.getInputStream());
            Thread late = new Thread(() -> {
                try {
                    Thread.sleep(500);
                    peer.server.getOutputStream().write(42);
                } catch (InterruptedException | IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            late.start();
            assertThat(in.read()).isEqualTo(42);
            late.join(5_000);
        }
    }

    @Test
    void anAnsweredRequestNoLongerCounts() throws IOException {
        try (Peer peer = new Peer()) {
            ReplyDeadline deadline = new ReplyDeadline(100, "peer:1");
            peer.client.setSoTimeout(deadline.sliceMillis());
            new RequestScanner(peer.client.getOutputStream(), "peer:1", deadline, () -> { })
                    .write(message(2, ByteOrder.BIG_ENDIAN, 0, REQUEST, request(9, 3, 40)));
            deadline.replied(9);
            InputStream in = deadline.bounding(peer.client.getInputStream());
            new Thread(() -> {
                try {
                    Thread.sleep(400);
                    peer.server.getOutputStream().write(7);
                } catch (InterruptedException | IOException e) {
                    throw new IllegalStateException(e);
                }
            }).start();
            assertThat(in.read()).isEqualTo(7);
        }
    }

    /**
     * The reader's slices time out in the middle of TLS records too, on a slow link: the TLS socket
     * must carry on from where it was. A relay stalls the server's bytes for 300 ms several times
     * inside records while the reader waits in 20 ms slices.
     */
    @Test
    void aTlsStreamStalledInsideItsRecordsIsReadWholeAcrossTheSlices() throws Exception {
        byte[] payload = new byte[200_000];
        new Random(7).nextBytes(payload);
        javax.net.ssl.SSLContext serverContext = tlsContext(true);
        javax.net.ssl.SSLContext clientContext = tlsContext(false);
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket tlsListener = serverContext.getServerSocketFactory().createServerSocket(0, 1, loopback);
                ServerSocket relayListener = new ServerSocket(0, 1, loopback)) {
            Thread server = new Thread(() -> {
                try (Socket tls = tlsListener.accept()) {
                    tls.getOutputStream().write(payload);
                    tls.getOutputStream().flush();
                    tls.getInputStream().read(); // until the client closes
                } catch (IOException ignored) {
                    // the client closed first
                }
            });
            server.start();
            Thread relay = new Thread(() -> {
                try (Socket client = relayListener.accept(); Socket upstream = new Socket(loopback, tlsListener.getLocalPort())) {
                    Thread up = new Thread(() -> pump(client, upstream, Integer.MAX_VALUE));
                    up.start();
                    pump(upstream, client, 25_000);
                    up.join(5_000);
                } catch (IOException | InterruptedException ignored) {
                    // the test ended
                }
            });
            relay.start();
            Socket plain = new Socket(loopback, relayListener.getLocalPort());
            try (javax.net.ssl.SSLSocket tls = (javax.net.ssl.SSLSocket) clientContext.getSocketFactory()
                    .createSocket(plain, loopback.getHostAddress(), relayListener.getLocalPort(), true)) {
                tls.startHandshake();
                ReplyDeadline deadline = new ReplyDeadline(10_000, "peer:1");
                tls.setSoTimeout(20);
                InputStream in = deadline.bounding(tls.getInputStream());
                byte[] read = new byte[payload.length];
                int n = 0;
                while (n < read.length) {
                    int got = in.read(read, n, read.length - n);
                    assertThat(got).as("bytes before the end").isPositive();
                    n += got;
                }
                assertThat(read).isEqualTo(payload);
            }
            server.join(5_000);
            relay.join(5_000);
        }
    }

    /** Copies until the end of the stream, stalling 300 ms after every {@code stallEvery} bytes. */
    private static void pump(Socket from, Socket to, int stallEvery) {
        byte[] buffer = new byte[997];
        long sinceStall = 0;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
                sinceStall += n;
                if (sinceStall >= stallEvery) {
                    sinceStall = 0;
                    Thread.sleep(300);
                }
            }
            to.shutdownOutput();
        } catch (IOException | InterruptedException ignored) {
            // one side closed
        }
    }

    /**
     * The server presents the test client certificate (any key will do: this is about framing);
     * the client trusts whatever it is shown, for the same reason.
     */
    private static javax.net.ssl.SSLContext tlsContext(boolean server) throws Exception {
        javax.net.ssl.KeyManager[] keys = null;
        if (server) {
            char[] password = org.corbabridge.fixture.TestKeys.PASSWORD.toCharArray();
            java.security.KeyStore key = java.security.KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(org.corbabridge.fixture.TestKeys.clientKeyStore())) {
                key.load(in, password);
            }
            javax.net.ssl.KeyManagerFactory keyManagers = javax.net.ssl.KeyManagerFactory.getInstance("PKIX");
            keyManagers.init(key, password);
            keys = keyManagers.getKeyManagers();
        }
        javax.net.ssl.TrustManager[] trustAll = {new javax.net.ssl.X509TrustManager() {
            @Override
            public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String authType) {
            }

            @Override
            public java.security.cert.X509Certificate[] getAcceptedIssuers() {
                return new java.security.cert.X509Certificate[0];
            }
        }};
        javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
        context.init(keys, trustAll, null);
        return context;
    }

    private static byte[] littleEndianId(int requestId, int length) {
        byte[] body = withRequestId(Integer.reverseBytes(requestId), length);
        return body;
    }

    /** A connected pair of loopback sockets. */
    private static final class Peer implements AutoCloseable {
        final Socket client;
        final Socket server;

        Peer() throws IOException {
            try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                client = new Socket();
                client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()), 2_000);
                listener.setSoTimeout(2_000);
                server = listener.accept();
            }
        }

        @Override
        public void close() throws IOException {
            client.close();
            server.close();
        }
    }
}
