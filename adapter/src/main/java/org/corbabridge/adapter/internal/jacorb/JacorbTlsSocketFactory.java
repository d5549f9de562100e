package org.corbabridge.adapter.internal.jacorb;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.util.Properties;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.corbabridge.adapter.internal.transport.AddressMap;
import org.corbabridge.adapter.internal.transport.MessageLimitedSocket;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.TlsConnector;
import org.corbabridge.adapter.internal.transport.TlsFailures;
import org.corbabridge.adapter.internal.transport.TlsProperties;
import org.corbabridge.adapter.internal.transport.TransportSettings;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.ORB;
import org.jacorb.orb.factory.AbstractSocketFactory;

/**
 * JacORB's TLS connections, made by a {@link TlsConnector} from the {@link TlsProperties} in its
 * configuration. Used in place of JacORB's own JSSE factory, which leaves the handshake to the
 * first read or write: its reader thread then often meets a bad certificate first, and the call
 * sees only a closed connection. It also reads a store's file only when its type is JKS. Its
 * connections are read through the message cap, as {@link JacorbSocketFactory}'s are.
 */
public final class JacorbTlsSocketFactory extends AbstractSocketFactory {

    private final ORB orb;
    private TlsConnector connector;
    private long cap;
    private AddressMap addresses = AddressMap.parse(null);

    public JacorbTlsSocketFactory(ORB orb) {
        this.orb = orb;
    }

    @Override
    public void configure(Configuration configuration) throws ConfigurationException {
        super.configure(configuration);
        cap = JacorbSocketFactory.jacorbCap(configuration);
        addresses = JacorbSocketFactory.addressMap(configuration);
        Properties properties = new Properties();
        for (String key : TlsProperties.KEYS) {
            String value = configuration.getAttribute(key, null);
            if (value != null) {
                properties.setProperty(key, value);
            }
        }
        try {
            connector = properties.isEmpty() ? TlsConnector.jvmDefault() : TlsConnector.from(properties);
        } catch (GeneralSecurityException | IOException e) {
            throw new ConfigurationException("cannot set up TLS for JacORB from "
                    + properties.getProperty(TlsProperties.TRUST_STORE) + " and "
                    + properties.getProperty(TlsProperties.KEY_STORE, "no key store") + ": " + e, e);
        }
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connect(host, port, TransportSettings.DEFAULT_CONNECT_TIMEOUT_MILLIS);
    }

    @Override
    protected Socket doCreateSocket(String host, int port, int timeout) throws IOException {
        return connect(host, port, JacorbSocketFactory.connectTimeout(timeout));
    }

    /** Notes a failed handshake for {@link TlsFailures}: JacORB keeps nothing of it. */
    private Socket connect(String host, int port, int timeout) throws IOException {
        TlsFailures.clear();
        try {
            return MessageLimits.limit(addresses.connect(host, port, address -> connector.connect(address, timeout)), cap,
                    orb);
        } catch (SSLException e) {
            TlsFailures.record(host + ":" + port, e);
            throw e;
        }
    }

    @Override
    public boolean isSSL(Socket socket) {
        return socket instanceof MessageLimitedSocket limited ? limited.isTls() : socket instanceof SSLSocket;
    }
}
