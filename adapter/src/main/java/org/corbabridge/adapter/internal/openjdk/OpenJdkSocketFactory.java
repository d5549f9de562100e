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
        TransportSettings settings = TransportSettings.of(orb);
        return settings.connect(orb, address, type.equals(OpenJdkTlsSocketInfo.TLS), settings.connectTimeoutMillis());
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        listening.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }
}
