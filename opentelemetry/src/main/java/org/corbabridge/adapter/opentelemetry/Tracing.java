package org.corbabridge.adapter.opentelemetry;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Scope;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CorbaAdapterException;

/**
 * A client span per call, with the OpenTelemetry API. Its parent is whatever span is current
 * when the call starts (a bean method's, say); it is current while the call runs, so the ORB's
 * interceptor carries it to the server ({@link TraceContext}).
 *
 * <p>The span is named {@code <interface>/<operation>} ({@code corbabridge::Catalog/queryCatalog}),
 * of kind CLIENT, with the attributes {@code rpc.system=corba}, {@code rpc.service} (the
 * interface's scoped name), {@code rpc.method}, {@code corba.repository_id}, {@code corba.outcome}
 * ({@code success}, {@code user_exception} or {@code failure}) and, when the server answers with
 * it, {@code corba.server.span_id}. A retry is an event {@code corba.retry} (the attempt, the
 * error type, the completion status), a rebind an event {@code corba.rebind}. With several
 * replicas, each attempt's replica is an event {@code corba.replica} ({@code corba.replica}: the
 * replica as configured) and the last one the span's attribute {@code corba.replica}; ejections
 * and probes happen outside any call, and are counted by the metrics add-on. A failure records
 * the exception, sets {@code error.type} to its class and the status to ERROR; an IDL user
 * exception is the server's answer: it sets {@code corba.user_exception} to its repository id
 * and leaves the status unset.
 *
 * <p>When the OpenTelemetry in use traces nothing (the API's no-op, which is what
 * {@link #global()} finds until the application sets one up), no span is started at all.
 */
public final class Tracing implements CallObserver {

    /** The instrumentation scope name of the tracer. */
    public static final String INSTRUMENTATION_SCOPE = "org.corbabridge.adapter";

    public static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
    public static final AttributeKey<String> RPC_SERVICE = AttributeKey.stringKey("rpc.service");
    public static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
    public static final AttributeKey<String> REPOSITORY_ID = AttributeKey.stringKey("corba.repository_id");
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("corba.outcome");
    public static final AttributeKey<String> USER_EXCEPTION = AttributeKey.stringKey("corba.user_exception");
    public static final AttributeKey<String> SERVER_SPAN_ID = AttributeKey.stringKey("corba.server.span_id");
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    public static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("corba.attempt");
    public static final AttributeKey<String> COMPLETION = AttributeKey.stringKey("corba.completion");
    public static final String RETRY_EVENT = "corba.retry";
    public static final String REBIND_EVENT = "corba.rebind";
    public static final AttributeKey<String> REPLICA = AttributeKey.stringKey("corba.replica");
    public static final String REPLICA_EVENT = "corba.replica";

    private static final Tracing GLOBAL = new Tracing(GlobalOpenTelemetry::getOrNoop);

    /** The OpenTelemetry instance and its tracer, looked up again only when the instance changes. */
    private record Resolved(OpenTelemetry openTelemetry, Tracer tracer, boolean tracesNothing) {
    }

    private final Supplier<OpenTelemetry> source;
    private final ConcurrentMap<String, Attributes> attributesByOperation = new ConcurrentHashMap<>();
    private volatile Resolved resolved;

    private Tracing(Supplier<OpenTelemetry> source) {
        this.source = source;
    }

    /**
     * The OpenTelemetry the application registers as global ({@code GlobalOpenTelemetry.set}, or
     * the Java agent), looked up at each call: an application that sets it up after the adapter
     * is created is traced from then on. Never sets the global itself.
     */
    public static Tracing global() {
        return GLOBAL;
    }

    /** Spans with {@code openTelemetry}'s tracer provider. */
    public static Tracing of(OpenTelemetry openTelemetry) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return new Tracing(() -> openTelemetry);
    }

    @Override
    public Observation start(String repositoryId, String operation) {
        Resolved current = resolve();
        if (current.tracesNothing()) {
            return Observation.NONE;
        }
        Attributes attributes = attributesByOperation.computeIfAbsent(repositoryId + '\n' + operation,
                key -> Attributes.of(RPC_SYSTEM, "corba", RPC_SERVICE, scopedName(repositoryId), RPC_METHOD, operation,
                        REPOSITORY_ID, repositoryId));
        Span span = current.tracer().spanBuilder(attributes.get(RPC_SERVICE) + "/" + operation)
                .setSpanKind(SpanKind.CLIENT)
                .setAllAttributes(attributes)
                .startSpan();
        return new SpanObservation(span, span.makeCurrent());
    }

    private Resolved resolve() {
        OpenTelemetry now = source.get();
        Resolved known = resolved;
        if (known != null && known.openTelemetry() == now) {
            return known;
        }
        TracerProvider provider = now.getTracerProvider();
        known = new Resolved(now, provider.get(INSTRUMENTATION_SCOPE), provider == TracerProvider.noop());
        resolved = known;
        return known;
    }

    /** {@code IDL:corbabridge/Catalog:1.0} is {@code corbabridge::Catalog}; other forms stay as they are. */
    static String scopedName(String repositoryId) {
        if (repositoryId.startsWith("IDL:")) {
            int version = repositoryId.lastIndexOf(':');
            if (version > 3) {
                return repositoryId.substring(4, version).replace("/", "::");
            }
        }
        return repositoryId;
    }

    @Override
    public String toString() {
        return this == GLOBAL ? "Tracing[global]" : "Tracing[" + source.get() + "]";
    }

    /** The span of one call, current on the caller's thread from start to end. */
    private static final class SpanObservation implements Observation {
        private final Span span;
        private final Scope scope;

        SpanObservation(Span span, Scope scope) {
            this.span = span;
            this.scope = scope;
        }

        @Override
        public void retrying(int attempt, CorbaAdapterException cause) {
            span.addEvent(RETRY_EVENT, Attributes.of(ATTEMPT, (long) attempt, ERROR_TYPE, cause.getClass().getName(),
                    COMPLETION, cause.completion().name()));
        }

        @Override
        public void replica(String replica) {
            span.addEvent(REPLICA_EVENT, Attributes.of(REPLICA, replica));
            span.setAttribute(REPLICA, replica);
        }

        @Override
        public void rebound() {
            span.addEvent(REBIND_EVENT);
        }

        @Override
        public void succeeded() {
            span.setAttribute(OUTCOME, "success");
            end();
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            span.setAttribute(OUTCOME, "user_exception");
            span.setAttribute(USER_EXCEPTION, exceptionRepositoryId);
            end();
        }

        @Override
        public void failed(RuntimeException failure) {
            span.setAttribute(OUTCOME, "failure");
            span.setAttribute(ERROR_TYPE, failure.getClass().getName());
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR, failure.getMessage());
            end();
        }

        private void end() {
            scope.close();
            span.end();
        }
    }
}
