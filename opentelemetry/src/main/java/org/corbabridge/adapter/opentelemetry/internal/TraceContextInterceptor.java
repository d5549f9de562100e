package org.corbabridge.adapter.opentelemetry.internal;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import org.corbabridge.adapter.opentelemetry.TraceContext;
import org.corbabridge.adapter.opentelemetry.Tracing;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.LocalObject;
import org.omg.IOP.ServiceContext;
import org.omg.PortableInterceptor.ClientRequestInfo;
import org.omg.PortableInterceptor.ClientRequestInterceptor;

/**
 * Writes the current span's trace context into every request ({@link TraceContext}), and records
 * the server's span id from the reply on the current span. The ORBs call it on the thread that
 * makes the call, where the adapter made the call's span current. With no valid span current it
 * adds nothing, so a call that is not traced costs one thread-local read.
 */
final class TraceContextInterceptor extends LocalObject implements ClientRequestInterceptor {

    private static final long serialVersionUID = 1L;

    @Override
    public String name() {
        return "corbabridge-trace-context";
    }

    @Override
    public void send_request(ClientRequestInfo request) {
        Context context = Context.current();
        if (!Span.fromContext(context).getSpanContext().isValid()) {
            return;
        }
        request.add_request_service_context(
                new ServiceContext(TraceContext.REQUEST_CONTEXT_ID, TraceContext.encode(context)), true);
    }

    @Override
    public void receive_reply(ClientRequestInfo reply) {
        recordServerSpan(reply);
    }

    /** An IDL exception, or a system exception the server raised: its reply may name the server's span too. */
    @Override
    public void receive_exception(ClientRequestInfo reply) {
        recordServerSpan(reply);
    }

    private static void recordServerSpan(ClientRequestInfo reply) {
        Span span = Span.current();
        if (!span.isRecording()) {
            return;
        }
        try {
            String serverSpanId = TraceContext.serverSpanId(
                    reply.get_reply_service_context(TraceContext.REPLY_CONTEXT_ID).context_data);
            if (serverSpanId != null) {
                span.setAttribute(Tracing.SERVER_SPAN_ID, serverSpanId);
            }
        } catch (BAD_PARAM noSuchContext) {
            // a server that does not answer with its span, or no reply at all: nothing to record
        }
    }

    @Override
    public void send_poll(ClientRequestInfo request) {
    }

    @Override
    public void receive_other(ClientRequestInfo reply) {
    }

    @Override
    public void destroy() {
    }
}
