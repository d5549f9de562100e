package org.corbabridge.adapter.internal.transport;

/**
 * Whether the server of the handshake this thread is making asked for a client certificate. Per
 * thread, not per connector: one connector opens connections for many threads at once, and JSSE
 * runs a client socket's handshake, key manager included, on the thread that starts it.
 */
final class CertificateRequests {

    private final ThreadLocal<Boolean> asked = ThreadLocal.withInitial(() -> Boolean.FALSE);

    void reset() {
        asked.set(Boolean.FALSE);
    }

    void noteAsked() {
        asked.set(Boolean.TRUE);
    }

    boolean asked() {
        return asked.get();
    }
}
