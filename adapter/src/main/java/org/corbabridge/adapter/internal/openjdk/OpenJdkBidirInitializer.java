package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.spi.legacy.interceptor.ORBInitInfoExt;
import java.net.InetSocketAddress;
import org.corbabridge.adapter.internal.transport.BidirectionalGiop;
import org.omg.CORBA.LocalObject;
import org.omg.PortableInterceptor.ORBInitInfo;
import org.omg.PortableInterceptor.ORBInitInfoPackage.DuplicateName;
import org.omg.PortableInterceptor.ORBInitializer;

/**
 * Registered (as an {@code ORBInitializerClass}) in an ORB the adapter owns with bidirectional
 * GIOP: adds the interceptor that offers the ORB's listen point on every request
 * ({@link BidirectionalGiop#offer}). Where the ORB listens is asked of the ORB itself
 * ({@link #listening}), the address it writes into its own references.
 */
public final class OpenJdkBidirInitializer extends LocalObject implements ORBInitializer {

    private static final long serialVersionUID = 1L;
    /** The type of the ORB's plain IIOP acceptor. */
    private static final String PLAIN_IIOP = "IIOP_CLEAR_TEXT";

    @Override
    public void pre_init(ORBInitInfo info) {
        try {
            info.add_client_request_interceptor(BidirectionalGiop.offer(((ORBInitInfoExt) info).getORB()));
        } catch (DuplicateName e) {
            throw new IllegalStateException("the adapter's bidirectional GIOP interceptor is registered twice", e);
        }
    }

    @Override
    public void post_init(ORBInitInfo info) {
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
