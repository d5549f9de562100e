package org.corbabridge.adapter.tls;

import com.sun.corba.ee.spi.orb.DataCollector;
import com.sun.corba.ee.spi.orb.OperationFactory;
import com.sun.corba.ee.spi.orb.ORB;
import com.sun.corba.ee.spi.orb.ORBConfigurator;
import com.sun.corba.ee.spi.orb.PropertyParser;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.util.Properties;

/**
 * Run by the Eclipse ORB while it starts (it is named in {@code ORBUserConfigurators}): sets up
 * the {@link TlsConnector} for {@link EclipseTlsSocketFactory} from the {@link TlsProperties} the
 * ORB was given. A store that cannot be read fails the ORB's start, not its first call.
 */
public final class EclipseTlsConfigurator implements ORBConfigurator {

    @Override
    public void configure(DataCollector collector, ORB orb) {
        // the ORB collects only the properties some parser names: ours join in by their prefix
        collector.setParser(new PropertyParser().addPrefix(TlsProperties.PREFIX, OperationFactory.identityAction(),
                "corbabridgeTls", Object.class));
        Properties properties = collector.getProperties();
        try {
            EclipseTlsSocketFactory.register(orb, TlsConnector.from(properties));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot set up TLS for the Eclipse ORB from "
                    + properties.getProperty(TlsProperties.TRUST_STORE) + " and "
                    + properties.getProperty(TlsProperties.KEY_STORE, "no key store") + ": " + e, e);
        }
    }
}
