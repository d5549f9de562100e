package org.corbabridge.adapter.opentelemetry.internal;

import org.omg.CORBA.LocalObject;
import org.omg.PortableInterceptor.ORBInitInfo;
import org.omg.PortableInterceptor.ORBInitInfoPackage.DuplicateName;
import org.omg.PortableInterceptor.ORBInitializer;

/**
 * Registers the {@link TraceContextInterceptor} (the calls the ORB makes) and the
 * {@link ServedTraceContextInterceptor} (the calls it serves: call backs) in an ORB, which creates this class by name
 * during {@code ORB.init} (see {@code TraceContext.ORB_INITIALIZER_PROPERTY}); public only for
 * that.
 */
public final class TraceContextInitializer extends LocalObject implements ORBInitializer {

    private static final long serialVersionUID = 1L;

    @Override
    public void pre_init(ORBInitInfo info) {
    }

    @Override
    public void post_init(ORBInitInfo info) {
        try {
            info.add_client_request_interceptor(new TraceContextInterceptor());
            info.add_server_request_interceptor(new ServedTraceContextInterceptor());
        } catch (DuplicateName alreadyThere) {
            // registered twice through two properties: one of each is enough
        }
    }
}
