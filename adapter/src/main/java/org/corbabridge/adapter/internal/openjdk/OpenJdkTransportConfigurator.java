package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.spi.orb.DataCollector;
import com.sun.corba.se.spi.orb.ORB;
import com.sun.corba.se.spi.orb.ORBConfigurator;
import com.sun.corba.se.spi.orb.OperationFactory;
import com.sun.corba.se.spi.orb.PropertyParser;
import org.corbabridge.adapter.internal.transport.BidirectionalGiop;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.TlsConnector;
import org.corbabridge.adapter.internal.transport.TlsProperties;
import org.corbabridge.adapter.internal.transport.TransportSettings;
import org.corbabridge.adapter.internal.transport.TransportTimeouts;

/**
 * Run by the OpenJDK ORB while it starts (it is named in {@code ORBUserConfigurators}): gives
 * {@link OpenJdkSocketFactory} this ORB's {@link TransportSettings}: its message cap, its
 * {@link TransportTimeouts} and, when the ORB was given {@link TlsProperties}, its
 * {@link TlsConnector}. A store that cannot be read, or a number that is not one, fails the ORB's
 * start, not its first call. Also installs {@link OpenJdkClientDelegate}, with which stubs
 * follow a {@code LOCATION_FORWARD}.
 */
public final class OpenJdkTransportConfigurator implements ORBConfigurator {

    @Override
    public void configure(DataCollector collector, ORB orb) {
        // the ORB collects only the properties some parser names: ours join in by their prefixes
        PropertyParser parser = new PropertyParser()
                .addPrefix(TlsProperties.PREFIX, OperationFactory.identityAction(), "corbabridgeTls", Object.class)
                .addPrefix(MessageLimits.PREFIX, OperationFactory.identityAction(), "corbabridgeTransport",
                        Object.class);
        collector.setParser(parser);
        TransportSettings.register(orb, TransportSettings.from(collector.getProperties(), "the OpenJDK ORB"));
        if (BidirectionalGiop.asked(collector.getProperties())) {
            // asked at each offer until the ORB listens: its acceptors may come after this
            BidirectionalGiop.register(orb, () -> OpenJdkBidirInitializer.listening(orb));
        }
        // after the ORB's own configurator set its default: stubs that can follow a forward
        orb.setClientDelegateFactory(OpenJdkClientDelegate.factory(orb));
    }
}
