package org.corbabridge.adapter.internal.transport;

import javax.net.ssl.SSLHandshakeException;

/**
 * A TLS handshake the server refused (its certificate, or this client's), or a connection the
 * {@link TlsConnector} refused without connecting because that server refused one a moment ago.
 * Trying again within the connector's memory meets the same refusal at once, so a socket factory
 * whose ORB connects again after a failed connection tells it to stop waiting between tries
 * (the Eclipse ORB's). A handshake that merely did not complete (too slow, a peer that speaks no
 * TLS) is a plain {@code SSLHandshakeException}, and may be tried again.
 */
public final class HandshakeRefusedException extends SSLHandshakeException {
    private static final long serialVersionUID = 1L;

    HandshakeRefusedException(String reason) {
        super(reason);
    }

    /**
     * {@code refusal} as one of these: the same words, cause and stack, so that what the caller is
     * told of it (its message, then its root cause's) reads as before.
     */
    static HandshakeRefusedException of(SSLHandshakeException refusal) {
        if (refusal instanceof HandshakeRefusedException already) {
            return already;
        }
        HandshakeRefusedException marked = new HandshakeRefusedException(refusal.getMessage());
        if (refusal.getCause() != null) {
            marked.initCause(refusal.getCause());
        }
        marked.setStackTrace(refusal.getStackTrace());
        for (Throwable suppressed : refusal.getSuppressed()) {
            marked.addSuppressed(suppressed);
        }
        return marked;
    }
}
