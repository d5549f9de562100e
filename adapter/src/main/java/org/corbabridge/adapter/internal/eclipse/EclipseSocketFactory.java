package org.corbabridge.adapter.internal.eclipse;

import com.sun.corba.ee.impl.transport.DefaultSocketFactoryImpl;
import com.sun.corba.ee.spi.orb.ORB;
import com.sun.corba.ee.spi.transport.Acceptor;
import com.sun.corba.ee.spi.transport.ORBSocketFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.transport.HandshakeRefusedException;
import org.corbabridge.adapter.internal.transport.TlsConnector;
import org.corbabridge.adapter.internal.transport.TransportSettings;

/**
 * The Eclipse ORB's outgoing connections, read through the message cap: a {@link TlsConnector}
 * connection for endpoints of type {@link EclipseTlsSocketInfo#TLS}, a plain socket for the rest,
 * each made within the ORB's connect time-out. Neither has an NIO channel: the ORB's channel
 * path parses messages inside the ORB, where no cap can reach, while a socket without a channel
 * is read through its stream, on a reader thread per connection. Listening sockets are the ORB's
 * own.
 *
 * <p>The TLS connector and the cap are the {@link TransportSettings} that
 * {@link EclipseTransportConfigurator} registered for this ORB.
 */
public final class EclipseSocketFactory implements ORBSocketFactory {

    private final DefaultSocketFactoryImpl listening = new DefaultSocketFactoryImpl();
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

    /**
     * A connection for the ORB, or the reason there is none. A refused TLS handshake also cuts
     * short the ORB's back-off for the rest of the attempt: the ORB wraps whatever this throws in a
     * {@code COMM_FAILURE} of completion NO ({@code ConnectionImpl}'s client constructor), which its
     * {@code ContactInfoListIteratorImpl} takes for a connection to try again: {@code
     * reportException} asks {@code hasNext}, which starts the reference's addresses over while its
     * {@code ORBTCPConnectTimeouts} waiter has time left, and {@code next} sleeps the waiter's
     * doubling back-off before each address that failed. The tries themselves meet the connector's
     * memory of the refusal and fail at once, so the call reported the refusal only once the sleeps
     * added up to the whole connect time-out. Plain connections that fail keep that back-off: it is
     * how a restarting server is reached.
     */
    @Override
    public Socket createSocket(String type, InetSocketAddress address) throws IOException {
        int connectTimeout = orb.getORBData().getTransportTcpConnectTimeouts().get_max_time_to_wait();
        try {
            return TransportSettings.of(orb).connect(orb, address, type.startsWith(EclipseTlsSocketInfo.TLS),
                    connectTimeout);
        } catch (HandshakeRefusedException refused) {
            CurrentAttempt.connectRefusedForGood();
            throw refused;
        }
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        listening.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }
}
