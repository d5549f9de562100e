package org.corbabridge.adapter.opentelemetry;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import java.nio.charset.StandardCharsets;

/**
 * The trace context on the wire, as any server can read it: a GIOP service context whose data
 * are plain ASCII lines in the form of W3C Trace Context's HTTP headers,
 *
 * <pre>
 * traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
 * tracestate: vendor=value        (only when the context has a trace state)
 * </pre>
 *
 * each line ended by {@code \n}, no CDR encapsulation. A server may answer with its own span's
 * id, 16 lowercase hex digits in ASCII, in a reply service context; the client span records it
 * as {@code corba.server.span_id}.
 *
 * <p>The ids are this project's, not assigned by the OMG: {@code 0x43420001} ("CB", 1) for the
 * request, {@code 0x43420002} for the reply. An ORB ignores service contexts it does not know,
 * so servers without an interceptor for them are unaffected.
 *
 * <p>ORBs the adapter creates ({@code Orbs.create}: an owned ORB, the EJB's container and
 * external ORBs) register the interceptor that writes them when OpenTelemetry is set up at their
 * creation, or always with {@code OrbConfig.Builder.traceContext(true)}; an ORB created elsewhere
 * needs the property {@link #ORB_INITIALIZER_PROPERTY} (any value) among its {@code ORB.init}
 * properties.
 */
public final class TraceContext {

    /** The service context id of the trace context a request carries. */
    public static final int REQUEST_CONTEXT_ID = 0x43420001;

    /** The service context id of the server span's id a reply may carry. */
    public static final int REPLY_CONTEXT_ID = 0x43420002;

    /** The {@code ORB.init} property that registers the interceptor writing the trace context. */
    public static final String ORB_INITIALIZER_PROPERTY = "org.omg.PortableInterceptor.ORBInitializerClass."
            + "org.corbabridge.adapter.opentelemetry.internal.TraceContextInitializer";

    private TraceContext() {
    }

    /** The request service context's data for {@code context}: its traceparent and tracestate lines. */
    public static byte[] encode(Context context) {
        StringBuilder lines = new StringBuilder(96);
        W3CTraceContextPropagator.getInstance().inject(context, lines,
                (carrier, key, value) -> carrier.append(key).append(": ").append(value).append('\n'));
        return lines.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The server span id a reply service context carries, or null when its data are not 16 hex digits. */
    public static String serverSpanId(byte[] data) {
        if (data == null || data.length != 16) {
            return null;
        }
        for (byte b : data) {
            if (!(b >= '0' && b <= '9' || b >= 'a' && b <= 'f')) {
                return null;
            }
        }
        return new String(data, StandardCharsets.US_ASCII);
    }
}
