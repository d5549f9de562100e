package org.corbabridge.adapter.opentelemetry.internal;

import io.opentelemetry.context.Context;
import org.corbabridge.adapter.opentelemetry.TraceContext;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.LocalObject;
import org.omg.PortableInterceptor.ServerRequestInfo;
import org.omg.PortableInterceptor.ServerRequestInterceptor;

/**
 * Reads the trace context a served call's request carries ({@link TraceContext#REQUEST_CONTEXT_ID},
 * as the C++ server sends it on its call backs) and keeps it for the call's served span
 * ({@code Tracing.served}) on the dispatching thread: the ORBs run {@code receive_request}, the
 * servant and the reply's interception point on one thread. A request without one, or with one
 * that does not parse, leaves the root context: the served span is a root, and the call is
 * answered as ever.
 */
final class ServedTraceContextInterceptor extends LocalObject implements ServerRequestInterceptor {

    private static final long serialVersionUID = 1L;

    @Override
    public String name() {
        return "corbabridge-served-trace-context";
    }

    @Override
    public void receive_request_service_contexts(ServerRequestInfo request) {
    }

    @Override
    public void receive_request(ServerRequestInfo request) {
        byte[] data;
        try {
            data = request.get_request_service_context(TraceContext.REQUEST_CONTEXT_ID).context_data;
        } catch (BAD_PARAM noSuchContext) {
            IncomingTraceContext.set(Context.root());
            return;
        }
        IncomingTraceContext.set(TraceContext.decode(data));
    }

    @Override
    public void send_reply(ServerRequestInfo reply) {
        IncomingTraceContext.clear();
    }

    @Override
    public void send_exception(ServerRequestInfo reply) {
        IncomingTraceContext.clear();
    }

    @Override
    public void send_other(ServerRequestInfo reply) {
        IncomingTraceContext.clear();
    }

    @Override
    public void destroy() {
    }
}
