package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.impl.transport.DefaultSocketFactoryImpl;
import com.sun.corba.se.pept.transport.Acceptor;
import com.sun.corba.se.spi.orb.ORB;
import com.sun.corba.se.spi.transport.ORBSocketFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import javax.net.ssl.SSLSocket;
import org.corbabridge.adapter.internal.transport.MessageLimitedSocket;
import org.corbabridge.adapter.internal.transport.ReplyDeadline;
import org.corbabridge.adapter.internal.transport.TlsConnector;
import org.corbabridge.adapter.internal.transport.TransportSettings;

/**
 * The OpenJDK ORB's outgoing connections, made within the connect time-out (the ORB has none),
 * read through the message cap and, since the ORB waits for a reply for ever, with each request
 * bounded by a {@link ReplyDeadline}: a {@link TlsConnector} connection for endpoints of type
 * {@link OpenJdkTlsSocketInfo#TLS}, a plain socket for the rest. Neither has an NIO channel, so
 * that the ORB reads them through their stream, on a reader thread per connection, as for the
 * Eclipse ORB. Listening sockets are the ORB's own.
 *
 * <p>The settings are the {@link TransportSettings} that {@link OpenJdkTransportConfigurator}
 * registered for this ORB.
 */
public final class OpenJdkSocketFactory implements ORBSocketFactory {

    /** How long closing a TLS connection may wait to send its {@code close_notify}. */
    private static final int TLS_CLOSE_LINGER_SECONDS = 1;

    private final DefaultSocketFactoryImpl listening = new DefaultSocketFactoryImpl();
    /** The connections made here that may still be open (weakly held: the ORB drops closed ones). */
    private final Set<Socket> outgoing = Collections.newSetFromMap(new WeakHashMap<>());
    private ORB orb;

    @Override
    public void setORB(ORB orb) {
        this.orb = orb;
        listening.setORB(orb);
    }

    @Override
    public ServerSocket createServerSocket(String type, InetSocketAddress address) throws IOException {
        return listening.createServerSocket(type, address);
    }

    @Override
    public Socket createSocket(String type, InetSocketAddress address) throws IOException {
        TransportSettings settings = TransportSettings.of(orb);
        Socket socket = settings.connect(orb, address, type.equals(OpenJdkTlsSocketInfo.TLS),
                settings.connectTimeoutMillis());
        synchronized (outgoing) {
            outgoing.removeIf(Socket::isClosed);
            outgoing.add(socket);
        }
        return socket;
    }

    /**
     * Closes the outgoing connections {@code orb} made through this factory, for an ORB about to
     * be destroyed. Its {@code shutdown(true)} waits for every invocation in flight, and an
     * attempt the caller stopped waiting for at its deadline (on a helper thread) waits for its
     * reply up to the reply bound, the call time-out from when it was sent: closing an adapter,
     * or failing to make one, took that long. A closed connection ends those invocations at once
     * (COMM_FAILURE), as the ORB's own {@code destroy()} would close it a moment later. Nothing
     * for an ORB whose connections are not made here.
     */
    public static void closeOutgoing(org.omg.CORBA.ORB orb) {
        if (!(orb instanceof ORB openJdk)
                || !(openJdk.getORBData().getSocketFactory() instanceof OpenJdkSocketFactory factory)) {
            return;
        }
        List<Socket> open;
        synchronized (factory.outgoing) {
            open = new ArrayList<>(factory.outgoing);
            factory.outgoing.clear();
        }
        for (Socket socket : open) {
            try {
                if (socket instanceof SSLSocket || socket instanceof MessageLimitedSocket limited && limited.isTls()) {
                    // TLS's close_notify waits behind a write the peer holds for at most the linger
                    // time; a plain socket's close never waits, and sends what was written first
                    socket.setSoLinger(true, TLS_CLOSE_LINGER_SECONDS);
                }
                socket.close();
            } catch (IOException alreadyBroken) {
                // closed all the same
            }
        }
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        listening.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }
}
