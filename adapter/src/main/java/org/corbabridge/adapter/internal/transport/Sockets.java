package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.corbabridge.adapter.internal.time.CurrentAttempt;

/** Plain TCP connections as every factory here opens them. */
public final class Sockets {

    /**
     * The ORB property that turns Nagle's algorithm back on ({@code false}) for the plain
     * connections of the Eclipse ORB and the OpenJDK ORB; it is off by default, as in both ORBs' own
     * factories. It exists to measure what that is worth (the study's settings part). JacORB turns
     * Nagle off on every connection itself, whatever a factory did.
     */
    public static final String TCP_NO_DELAY = "org.corbabridge.transport.tcpNoDelay";

    private Sockets() {
    }

    /**
     * A socket connected to {@code address} within {@code timeoutMillis}, with Nagle off (a GIOP
     * request is written whole and waits for its reply); closed again if connecting fails.
     */
    public static Socket connected(InetSocketAddress address, int timeoutMillis) throws IOException {
        return connected(address, timeoutMillis, true);
    }

    /** As above, with Nagle off only when {@code tcpNoDelay}. */
    public static Socket connected(InetSocketAddress address, int timeoutMillis, boolean tcpNoDelay) throws IOException {
        // the time left to the call's deadline, if less; refused once it has passed
        int timeout = CurrentAttempt.beforeConnect(Math.max(1, timeoutMillis), address.toString());
        Socket socket = new Socket();
        try {
            socket.connect(address, timeout);
            socket.setTcpNoDelay(tcpNoDelay);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
