package org.corbabridge.adapter.internal.eclipse;

import com.sun.corba.ee.spi.orb.DataCollector;
import com.sun.corba.ee.spi.orb.ORB;
import com.sun.corba.ee.spi.orb.ORBConfigurator;
import com.sun.corba.ee.spi.orb.OperationFactory;
import com.sun.corba.ee.spi.orb.PropertyParser;
import org.corbabridge.adapter.internal.transport.BidirectionalGiop;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.TlsConnector;
import org.corbabridge.adapter.internal.transport.TlsProperties;
import org.corbabridge.adapter.internal.transport.TransportSettings;

/**
 * Run by the Eclipse ORB while it starts (it is named in {@code ORBUserConfigurators}): gives
 * {@link EclipseSocketFactory} this ORB's {@link TransportSettings}: its message cap and, when
 * the ORB was given {@link TlsProperties}, its {@link TlsConnector}. A store that cannot be read, or a cap that is
 * not a number, fails the ORB's start, not its first call. With {@link BidirectionalGiop#PROPERTY}, registers where the ORB listens, for
 * the relay of its connections.
 */
public final class EclipseTransportConfigurator implements ORBConfigurator {

    @Override
    public void configure(DataCollector collector, ORB orb) {
        // the ORB collects only the properties some parser names: ours join in by their prefixes
        PropertyParser parser = new PropertyParser()
                .addPrefix(TlsProperties.PREFIX, OperationFactory.identityAction(), "corbabridgeTls", Object.class)
                .addPrefix(MessageLimits.PREFIX, OperationFactory.identityAction(), "corbabridgeTransport",
                        Object.class);
        collector.setParser(parser);
        TransportSettings.register(orb, TransportSettings.from(collector.getProperties(), "the Eclipse ORB"));
        if (BidirectionalGiop.asked(collector.getProperties())) {
            // asked at each offer until the ORB listens: its acceptors may come after this
            BidirectionalGiop.register(orb, () -> EclipseBidirInitializer.listening(orb));
        }
    }
}
