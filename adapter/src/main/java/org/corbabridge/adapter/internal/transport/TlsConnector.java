package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.Ticker;

/**
 * Opens TLS connections for an ORB: TCP connect, then the whole handshake, both within the
 * connect time-out and before the ORB sends a byte. An untrusted or expired certificate, one for
 * another host ({@link ServerIdentity}) or another use, or no shared protocol, so fails the
 * connection with an {@code SSLHandshakeException} (a {@link HandshakeRefusedException}), never a
 * request the ORB has half sent.
 *
 * <p>A refusal costs one handshake: for two connect time-outs after a server refused a handshake
 * (its certificate, or this client's), this connector's next connections to the same address,
 * from any thread, fail at once with the same refusal, without connecting. An ORB that connects again after a
 * failed connection (the Eclipse ORB does, with back-off, until its connect time-out) so sends
 * the server one handshake per refused call, not one per try, as JacORB and the OpenJDK ORB,
 * which do not connect again, do anyway; a refusal is a {@link HandshakeRefusedException}, so
 * that the Eclipse ORB's socket factory can also cut that back-off short. A handshake that the
 * peer ended (a hang-up, an alert) or resets the connection in its midst is a refusal; one that
 * did not complete in time, or with a peer that speaks no TLS, is not, and is tried again.
 *
 * <p>The stores are read again when their files change ({@link TlsMaterial}): a rotated
 * certificate or trust store is used by the connections made after the change, without a new ORB.
 *
 * <p>One refusal comes later under TLS 1.3: a server that requires a client certificate checks
 * it after the client has finished its side of the handshake, and says no with an alert the
 * client reads next. When this client has no certificate and the server asked for one, the
 * connector waits up to {@link #REFUSAL_WAIT_MILLIS} for that alert, so that the refusal is
 * still reported here as a handshake failure; a server that only asked goes on after the wait.
 */
public final class TlsConnector {

    /** How long to wait for a refusal after a server asked for a certificate this client lacks. */
    static final int REFUSAL_WAIT_MILLIS = 100;

    /** The handshakes refused a moment ago, by address: what the refusal said, and until when it stands. */
    private final ConcurrentMap<Endpoint, Refusal> refused = new ConcurrentHashMap<>();

    /** The stores' context, read again when they change (or the JVM's default, fixed). */
    private final TlsMaterial material;
    private final String[] protocols;
    private final boolean presentsCertificate;
    private final CertificateRequests certificateAsked;
    private final boolean verifyHostName;

    private TlsConnector(TlsMaterial material, String[] protocols, boolean presentsCertificate,
            CertificateRequests certificateAsked, boolean verifyHostName) {
        this.material = material;
        this.protocols = protocols;
        this.presentsCertificate = presentsCertificate;
        this.certificateAsked = certificateAsked;
        this.verifyHostName = verifyHostName;
    }

    /** A connector set up as these {@link TlsProperties} say. */
    public static TlsConnector from(Properties properties) throws GeneralSecurityException, IOException {
        CertificateRequests asked = new CertificateRequests();
        return new TlsConnector(TlsMaterial.of(properties, asked), TlsProperties.protocols(properties),
                properties.getProperty(TlsProperties.KEY_STORE) != null, asked, TlsProperties.verifiesHostName(properties));
    }

    /** The JVM's default TLS context ({@code javax.net.ssl.trustStore} and friends), offering its default protocols. */
    public static TlsConnector jvmDefault() throws GeneralSecurityException {
        return new TlsConnector(TlsMaterial.fixed(SSLContext.getDefault()), null, false, new CertificateRequests(), true);
    }

    /**
     * A TLS connection to {@code address} whose handshake has completed.
     *
     * @param timeoutMillis bounds the TCP connect and, separately, the handshake
     * @throws HandshakeRefusedException the server's certificate is not trusted or not valid now,
     *         for another host or another use, the server refused this client (no certificate, or
     *         one it does not trust), or no protocol is shared; or the server did so a moment ago
     * @throws SSLHandshakeException the handshake did not complete (in time, or with a peer that
     *         speaks no TLS)
     * @throws IOException the server could not be reached, or did not finish the handshake in time
     */
    public SSLSocket connect(InetSocketAddress address, int timeoutMillis) throws IOException {
        int timeout = Math.max(1, timeoutMillis);
        // a rotation of the stores also forgets the refusals: the new material may be accepted
        SSLContext context = material.current(refused::clear);
        Endpoint endpoint = Endpoint.of(address);
        refuseAgainIfJustRefused(endpoint);
        Socket tcp = Sockets.connected(address, timeout);
        try {
            SSLSocket tls = (SSLSocket) context.getSocketFactory()
                    .createSocket(tcp, address.getHostString(), address.getPort(), true);
            if (protocols != null) {
                tls.setEnabledProtocols(protocols);
            }
            if (verifyHostName) {
                // the JDK's check of the certificate against the host, as HTTPS clients make it
                SSLParameters parameters = tls.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(parameters);
            }
            // a server that accepts and never answers the handshake is given up on in time, and one
            // that sends it a byte at a time (each read within the read time-out) at the time-out too
            tls.setSoTimeout(timeout);
            SocketDeadlines.Watched watched = SocketDeadlines.watch(tcp, address.toString());
            watched.until(Deadline.after(Duration.ofMillis(handshakeMillis(timeout, CurrentAttempt.current())),
                    Ticker.SYSTEM), "the TLS handshake");
            try {
                handshake(tls, watched);
            } catch (Refused refused) {
                // an ORB's connect loop waits up to a connect time-out in all, on top of the tries
                // themselves, which a handshake bounded by the time-out can double
                // remembered as the handshake said it, so that the refusals repeated name the JDK's
                // exception as their cause, not this package's
                this.refused.put(endpoint, new Refusal(refused.getCause(), System.nanoTime() + 2L * timeout * 1_000_000L));
                throw HandshakeRefusedException.of(refused.getCause());
            } finally {
                watched.done();
                watched.closed();
            }
            tls.setSoTimeout(0);
            return tls;
        } catch (IOException | RuntimeException e) {
            tcp.close();
            throw e;
        }
    }

    /**
     * The least a whole handshake is given: its key exchange and certificate checks are CPU work
     * on both sides, and a JVM's first handshake loads and initializes the JDK's TLS classes. On
     * two busy cores that took more than a 1 s connect time-out (the first TLS call of a test JVM
     * beside three others), and the connection was refused as "too slow" for this machine's own
     * work. A peer that trickles its handshake is still given up on in seconds, not minutes.
     */
    static final long MIN_HANDSHAKE_MILLIS = 3000;

    /** The whole handshake's bound: the connect time-out, or {@link #MIN_HANDSHAKE_MILLIS} if that is more. */
    static long handshakeMillis(int connectTimeoutMillis) {
        return Math.max(connectTimeoutMillis, MIN_HANDSHAKE_MILLIS);
    }

    /**
     * The same, within the call's attempt ({@code attempt}, null outside a call): never past the
     * call's deadline, which the handshake of a connection the call opens is part of.
     */
    static long handshakeMillis(int connectTimeoutMillis, CurrentAttempt attempt) {
        long bound = handshakeMillis(connectTimeoutMillis);
        return attempt == null ? bound : attempt.deadline().capMillis((int) Math.min(bound, Integer.MAX_VALUE));
    }

    /**
     * The handshake, and any refusal that follows it. The server was reached: whatever fails now
     * is the TLS connection (a reset, a silence, a peer that does not speak TLS), and is reported
     * as a handshake failure.
     */
    private void handshake(SSLSocket tls, SocketDeadlines.Watched watched) throws SSLException, Refused {
        try {
            certificateAsked.reset();
            tls.startHandshake();
            if (!presentsCertificate && certificateAsked.asked() && "TLSv1.3".equals(tls.getSession().getProtocol())) {
                awaitRefusal(tls);
            }
        } catch (SSLHandshakeException refused) {
            // a peer that hangs up mid-handshake counts too: that is how a TLS 1.2 server refuses a
            // client without the certificate it requires, and JacORB and the OpenJDK ORB never try again
            throw new Refused(refused);
        } catch (SSLException e) {
            throw e;
        } catch (IOException e) {
            boolean tooSlow = watched.endedAtDeadline();
            SSLHandshakeException failed = new SSLHandshakeException("the TLS handshake with "
                    + tls.getRemoteSocketAddress() + (tooSlow
                            ? " did not complete within the connect time-out: the server sends it too slowly"
                            : " did not complete: " + e));
            failed.initCause(e);
            if (tooSlow) {
                throw failed;
            }
            if (e instanceof SocketException && !(e instanceof SocketTimeoutException)) {
                // reset by the server in the middle of the handshake: the other way a TLS 1.2
                // server refuses a client (which of the two the client sees is a race)
                throw new Refused(failed);
            }
            throw failed;
        }
    }

    /**
     * The server asked for a certificate and got none: a server that requires one closes the
     * connection with an alert right away. A GIOP server sends nothing unasked, so any byte read
     * here is a broken peer.
     */
    private static void awaitRefusal(SSLSocket tls) throws IOException {
        tls.setSoTimeout(REFUSAL_WAIT_MILLIS);
        int read;
        try {
            read = tls.getInputStream().read();
        } catch (SocketTimeoutException stillOpen) {
            return;
        } catch (SSLException refused) {
            throw new SSLHandshakeException("the server requires a client certificate and none is configured ("
                    + refused.getMessage() + ")");
        }
        throw new SSLHandshakeException(read < 0
                ? "the server closed the connection after asking for a client certificate, and none is configured"
                : "the server sent data before any request; not a GIOP server");
    }

    /** Fails at once, with the same words, when a handshake with {@code endpoint} was refused a moment ago. */
    private void refuseAgainIfJustRefused(Endpoint endpoint) throws HandshakeRefusedException {
        Refusal last = refused.get(endpoint);
        if (last == null) {
            return;
        }
        if (System.nanoTime() - last.untilNanos() < 0) {
            HandshakeRefusedException again = new HandshakeRefusedException(last.failure().getMessage()
                    + " (refused a moment ago; not tried again)");
            again.initCause(last.failure());
            throw again;
        }
        refused.remove(endpoint, last);
    }

    /**
     * Where a handshake went: the name the certificate is checked against as well as the address
     * and port ({@code InetSocketAddress} compares the address only, and one address may serve
     * several names).
     */
    private record Endpoint(String host, InetAddress address, int port) {
        static Endpoint of(InetSocketAddress socketAddress) {
            return new Endpoint(socketAddress.getHostString(), socketAddress.getAddress(), socketAddress.getPort());
        }
    }

    private record Refusal(SSLHandshakeException failure, long untilNanos) {
    }

    /** A refusal from the handshake itself, as opposed to a handshake that did not complete. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(SSLHandshakeException refusal) {
            super(refusal);
        }

        @Override
        public synchronized SSLHandshakeException getCause() {
            return (SSLHandshakeException) super.getCause();
        }
    }
}
