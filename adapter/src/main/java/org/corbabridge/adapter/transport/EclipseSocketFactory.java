package org.corbabridge.adapter.transport;

import com.sun.corba.ee.impl.transport.DefaultSocketFactoryImpl;
import com.sun.corba.ee.spi.orb.ORB;
import com.sun.corba.ee.spi.transport.Acceptor;
import com.sun.corba.ee.spi.transport.ORBSocketFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.security.GeneralSecurityException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import javax.net.ssl.SSLException;
import org.corbabridge.adapter.OrbConfig;

/**
 * The Eclipse ORB's outgoing connections, read through the message cap: a {@link TlsConnector}
 * connection for endpoints of type {@link EclipseTlsSocketInfo#TLS}, a plain socket for the rest,
 * each made within the ORB's connect time-out. Neither has an NIO channel: the ORB's channel
 * path parses messages inside the ORB, where no cap can reach, while a socket without a channel
 * is read through its stream, on a reader thread per connection. Listening sockets are the ORB's
 * own.
 *
 * <p>The TLS connector and the cap are the ones {@link EclipseTransportConfigurator} registered
 * for this ORB; an ORB started without it uses the JVM's default TLS context
 * ({@code javax.net.ssl.trustStore} and friends), as a container that configures its ORB itself
 * would expect, and the default cap.
 */
public final class EclipseSocketFactory implements ORBSocketFactory {

    /** Per ORB, and gone with it: ORBs do not override equals. */
    private static final Map<ORB, Settings> SETTINGS = Collections.synchronizedMap(new WeakHashMap<>());

    private final DefaultSocketFactoryImpl listening = new DefaultSocketFactoryImpl();
    private ORB orb;

    /** @param tls null: the JVM's default TLS context, made on the first TLS connection */
    static void register(ORB orb, TlsConnector tls, long cap) {
        SETTINGS.put(orb, new Settings(tls, cap));
    }

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
        Settings settings = SETTINGS.getOrDefault(orb, Settings.DEFAULTS);
        Socket socket;
        if (type.startsWith(EclipseTlsSocketInfo.TLS)) {
            socket = tlsConnector(settings).connect(address, connectTimeout);
        } else {
            socket = Sockets.connected(address, connectTimeout);
        }
        return MessageLimits.limit(socket, settings.cap, orb);
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        listening.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }

    private static TlsConnector tlsConnector(Settings settings) throws SSLException {
        if (settings.tls != null) {
            return settings.tls;
        }
        try {
            return TlsConnector.jvmDefault();
        } catch (GeneralSecurityException e) {
            throw new SSLException("no TLS settings for this ORB, and the JVM's default TLS context is unavailable", e);
        }
    }

    private record Settings(TlsConnector tls, long cap) {
        static final Settings DEFAULTS = new Settings(null, OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES);
    }
}
