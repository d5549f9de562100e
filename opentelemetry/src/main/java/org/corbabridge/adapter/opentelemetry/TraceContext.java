package org.corbabridge.adapter.opentelemetry;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

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
 * <p>The same context comes the other way on the calls a client serves: the C++ server sends it on
 * its call backs made inside a traced call (its own span as the parent), and the ORB's server
 * interceptor reads it ({@link #decode}) to parent the served call's span.
 *
 * <p>The ids are this project's, not assigned by the OMG: {@code 0x43420001} ("CB", 1) for the
 * request, {@code 0x43420002} for the reply. An ORB ignores service contexts it does not know,
 * so servers without an interceptor for them are unaffected.
 *
 * <p>ORBs the adapter creates ({@code Orbs.create}: an owned ORB, the EJB's container and
 * external ORBs) register the interceptors that write them, and read a served call's request,
 * when OpenTelemetry is set up at their creation, or always with
 * {@code OrbConfig.Builder.traceContext(true)}; an ORB created elsewhere
 * needs the property {@link #ORB_INITIALIZER_PROPERTY} (any value) among its {@code ORB.init}
 * properties.
 */
public final class TraceContext {

    /** The service context id of the trace context a request carries. */
    public static final int REQUEST_CONTEXT_ID = 0x43420001;

    /** The service context id of the server span's id a reply may carry. */
    public static final int REPLY_CONTEXT_ID = 0x43420002;

    /** The {@code ORB.init} property that registers the interceptors writing the trace context and reading a served call's. */
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

    /**
     * The context a request service context's data carry: its traceparent (and tracestate) as the
     * parent's span. The root context when {@code data} is null, not ASCII lines of that form, or
     * a traceparent W3C Trace Context rejects: a served span is then a root, never a failed call.
     */
    public static Context decode(byte[] data) {
        if (data == null || data.length == 0 || data.length > MAX_CONTEXT_BYTES) {
            return Context.root();
        }
        Map<String, String> headers = new HashMap<>(4);
        for (String line : new String(data, StandardCharsets.US_ASCII).split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        try {
            return W3CTraceContextPropagator.getInstance().extract(Context.root(), headers, LINES);
        } catch (RuntimeException malformed) {
            return Context.root();
        }
    }

    /** Longer data are no trace context: a traceparent and a tracestate of 32 members fit in far less. */
    private static final int MAX_CONTEXT_BYTES = 8192;

    private static final TextMapGetter<Map<String, String>> LINES = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

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
