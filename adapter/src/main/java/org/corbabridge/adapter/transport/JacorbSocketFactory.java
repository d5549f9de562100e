package org.corbabridge.adapter.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.corbabridge.adapter.OrbConfig;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.ORB;
import org.jacorb.orb.factory.AbstractSocketFactory;

/** JacORB's plain connections, as its default factory makes them, read through the message cap. */
public final class JacorbSocketFactory extends AbstractSocketFactory {

    private final ORB orb;
    private long cap = OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES;

    public JacorbSocketFactory(ORB orb) {
        this.orb = orb;
    }

    @Override
    public void configure(Configuration configuration) throws ConfigurationException {
        super.configure(configuration);
        cap = jacorbCap(configuration);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return MessageLimits.limit(new Socket(host, port), cap, orb);
    }

    @Override
    protected Socket doCreateSocket(String host, int port, int timeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), timeout);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return MessageLimits.limit(socket, cap, orb);
    }

    @Override
    public boolean isSSL(Socket socket) {
        return false;
    }

    /** The cap JacORB's configuration names, for both of the adapter's JacORB factories. */
    static long jacorbCap(Configuration configuration) throws ConfigurationException {
        try {
            return MessageLimits.cap(configuration.getAttribute(MessageLimits.MAX_INCOMING_MESSAGE_BYTES, null),
                    OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage(), e);
        }
    }
}
