package org.corbabridge.adapter.internal.transport;

import org.omg.CORBA.LocalObject;
import org.omg.PortableInterceptor.ORBInitInfo;
import org.omg.PortableInterceptor.ORBInitInfoPackage.DuplicateName;
import org.omg.PortableInterceptor.ORBInitializer;

/**
 * Registered (as an {@code ORBInitializerClass}) in an ORB the adapter owns with bidirectional
 * GIOP on an ORB that has none of its own: adds the interceptor that offers the ORB's listen point
 * on every request ({@link BidirectionalGiop#offer}). Each such ORB's subclass says how its init
 * info gives the ORB, the key {@link BidirectionalGiop#register} knows it by.
 */
public abstract class BidirOfferInitializer extends LocalObject implements ORBInitializer {

    private static final long serialVersionUID = 1L;

    /** The ORB being initialized, from its own extension of the init info. */
    protected abstract Object orb(ORBInitInfo info);

    @Override
    public final void pre_init(ORBInitInfo info) {
        try {
            info.add_client_request_interceptor(BidirectionalGiop.offer(orb(info)));
        } catch (DuplicateName e) {
            throw new IllegalStateException("the adapter's bidirectional GIOP interceptor is registered twice", e);
        }
    }

    @Override
    public final void post_init(ORBInitInfo info) {
    }
}
