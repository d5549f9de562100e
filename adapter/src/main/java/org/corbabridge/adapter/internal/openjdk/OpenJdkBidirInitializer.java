package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.spi.legacy.interceptor.ORBInitInfoExt;
import java.net.InetSocketAddress;
import org.corbabridge.adapter.internal.transport.BidirOfferInitializer;
import org.omg.PortableInterceptor.ORBInitInfo;

/**
 * Registered in an ORB the adapter owns with bidirectional GIOP ({@link BidirOfferInitializer}).
 * Where the ORB listens is asked of the ORB itself ({@link #listening}), the address it writes
 * into its own references.
 */
public final class OpenJdkBidirInitializer extends BidirOfferInitializer {

    private static final long serialVersionUID = 1L;
    /** The type of the ORB's plain IIOP acceptor. */
    private static final String PLAIN_IIOP = "IIOP_CLEAR_TEXT";

    @Override
    protected Object orb(ORBInitInfo info) {
        return ((ORBInitInfoExt) info).getORB();
    }

    /**
     * Where {@code orb} listens, as its references say: its server host (the serving side's
     * host) and the port of its plain acceptor; null while it has none.
     */
    static InetSocketAddress listening(com.sun.corba.se.spi.orb.ORB orb) {
        int port = orb.getLegacyServerSocketManager().legacyGetTransientServerPort(PLAIN_IIOP);
        return port > 0 ? new InetSocketAddress(orb.getORBData().getORBServerHost(), port) : null;
    }
}
