package org.corbabridge.adapter.internal.jacorb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.jacorb.config.Configurable;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.ORB;
import org.jacorb.orb.factory.ServerSocketFactory;

/**
 * JacORB's plain listening sockets, whose accepted connections (servers calling back the objects
 * a client exported) are read through the message cap, as its outgoing ones are.
 */
public final class JacorbServerSocketFactory implements ServerSocketFactory, Configurable {

    private final ORB orb;
    private long cap = MessageLimits.DEFAULT_CAP;

    public JacorbServerSocketFactory(ORB orb) {
        this.orb = orb;
    }

    @Override
    public void configure(Configuration configuration) throws ConfigurationException {
        cap = JacorbSocketFactory.jacorbCap(configuration);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return createServerSocket(port, 0, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return createServerSocket(port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        return MessageLimits.listening(new InetSocketAddress(address, port), backlog, cap, orb);
    }
}
