package org.corbabridge.adapter.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Plain TCP connections as every factory here opens them. */
final class Sockets {

    private Sockets() {
    }

    /**
     * A socket connected to {@code address} within {@code timeoutMillis}, with Nagle off (a GIOP
     * request is written whole and waits for its reply); closed again if connecting fails.
     */
    static Socket connected(InetSocketAddress address, int timeoutMillis) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(address, Math.max(1, timeoutMillis));
            socket.setTcpNoDelay(true);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
