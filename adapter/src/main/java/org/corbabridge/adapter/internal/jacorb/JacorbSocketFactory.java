package org.corbabridge.adapter.internal.jacorb;

import java.io.IOException;
import java.net.Socket;
import org.corbabridge.adapter.internal.transport.AddressMap;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.Sockets;
import org.corbabridge.adapter.internal.transport.TransportSettings;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.ORB;
import org.jacorb.orb.factory.AbstractSocketFactory;

/**
 * JacORB's plain connections, as its default factory makes them but always within a connect
 * time-out, read through the message cap.
 */
public final class JacorbSocketFactory extends AbstractSocketFactory {

    private final ORB orb;
    private long cap = MessageLimits.DEFAULT_CAP;
    private AddressMap addresses = AddressMap.parse(null);

    public JacorbSocketFactory(ORB orb) {
        this.orb = orb;
    }

    @Override
    public void configure(Configuration configuration) throws ConfigurationException {
        super.configure(configuration);
        cap = jacorbCap(configuration);
        addresses = addressMap(configuration);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return doCreateSocket(host, port, 0);
    }

    @Override
    protected Socket doCreateSocket(String host, int port, int timeout) throws IOException {
        int limit = connectTimeout(timeout);
        return MessageLimits.limit(addresses.connect(host, port, address -> Sockets.connected(address, limit)), cap, orb);
    }

    @Override
    public boolean isSSL(Socket socket) {
        return false;
    }

    /**
     * The connect time-out JacORB passed, or {@link TransportSettings#DEFAULT_CONNECT_TIMEOUT_MILLIS} when it passed
     * none (it does so without a {@code connect_timeout}), for both of the adapter's JacORB factories.
     */
    static int connectTimeout(int timeout) {
        return timeout > 0 ? timeout : TransportSettings.DEFAULT_CONNECT_TIMEOUT_MILLIS;
    }

    /** The address rules JacORB's configuration names, for both of the adapter's JacORB factories. */
    static AddressMap addressMap(Configuration configuration) throws ConfigurationException {
        try {
            return AddressMap.parse(configuration.getAttribute(AddressMap.PROPERTY, null));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage(), e);
        }
    }

    /** The cap JacORB's configuration names, for both of the adapter's JacORB factories. */
    static long jacorbCap(Configuration configuration) throws ConfigurationException {
        try {
            return MessageLimits.cap(configuration.getAttribute(MessageLimits.MAX_INCOMING_MESSAGE_BYTES, null),
                    MessageLimits.DEFAULT_CAP);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(e.getMessage(), e);
        }
    }
}
