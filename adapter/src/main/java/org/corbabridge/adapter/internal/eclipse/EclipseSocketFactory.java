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

    @Override
    public Socket createSocket(String type, InetSocketAddress address) throws IOException {
        int connectTimeout = orb.getORBData().getTransportTcpConnectTimeouts().get_max_time_to_wait();
        return TransportSettings.of(orb).connect(orb, address, type.startsWith(EclipseTlsSocketInfo.TLS), connectTimeout);
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        listening.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }
}
