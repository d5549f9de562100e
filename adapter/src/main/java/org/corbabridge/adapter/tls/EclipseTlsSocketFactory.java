package org.corbabridge.adapter.tls;

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

/**
 * The Eclipse ORB's sockets: a {@link TlsConnector} connection for endpoints of type
 * {@link EclipseTlsSocketInfo#TLS}, within the ORB's connect time-out; the ORB's own sockets for
 * anything else (the name service's plain connection, its listening sockets).
 *
 * <p>The connector is the one {@link EclipseTlsConfigurator} registered for this ORB; an ORB
 * started without it uses the JVM's default TLS context ({@code javax.net.ssl.trustStore} and
 * friends), as a container that configures its ORB itself would expect.
 */
public final class EclipseTlsSocketFactory implements ORBSocketFactory {

    /** Per ORB, and gone with it: ORBs do not override equals. */
    private static final Map<ORB, TlsConnector> CONNECTORS = Collections.synchronizedMap(new WeakHashMap<>());

    private final DefaultSocketFactoryImpl plain = new DefaultSocketFactoryImpl();
    private ORB orb;

    static void register(ORB orb, TlsConnector connector) {
        CONNECTORS.put(orb, connector);
    }

    @Override
    public void setORB(ORB orb) {
        this.orb = orb;
        plain.setORB(orb);
    }

    @Override
    public ServerSocket createServerSocket(String type, InetSocketAddress address) throws IOException {
        return plain.createServerSocket(type, address);
    }

    @Override
    public Socket createSocket(String type, InetSocketAddress address) throws IOException {
        if (!type.startsWith(EclipseTlsSocketInfo.TLS)) {
            return plain.createSocket(type, address);
        }
        int connectTimeout = orb.getORBData().getTransportTcpConnectTimeouts().get_max_time_to_wait();
        return connector().connect(address, connectTimeout);
    }

    @Override
    public void setAcceptedSocketOptions(Acceptor acceptor, ServerSocket serverSocket, Socket socket)
            throws SocketException {
        plain.setAcceptedSocketOptions(acceptor, serverSocket, socket);
    }

    private TlsConnector connector() throws SSLException {
        TlsConnector connector = CONNECTORS.get(orb);
        if (connector != null) {
            return connector;
        }
        try {
            return TlsConnector.jvmDefault();
        } catch (GeneralSecurityException e) {
            throw new SSLException("no TLS settings for this ORB, and the JVM's default TLS context is unavailable", e);
        }
    }
}
