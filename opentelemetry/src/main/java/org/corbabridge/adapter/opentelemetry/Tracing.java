package org.corbabridge.adapter.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.opentelemetry.internal.GlobalInstance;
import org.corbabridge.adapter.opentelemetry.internal.IncomingTraceContext;
import org.corbabridge.adapter.spi.TelemetryNames;
import org.omg.CORBA.SystemException;

/**
 * A client span per call, with the OpenTelemetry API. Its parent is whatever span is current
 * when the call starts (a bean method's, say); it is current while the call runs, so the ORB's
 * interceptor carries it to the server ({@link TraceContext}).
 *
 * <p>By default the span follows OpenTelemetry's semantic conventions for RPC
 * ({@link TelemetryNames#SEMCONV_VERSION}): named {@code <interface>/<operation>}
 * ({@code shop::Catalog/queryCatalog}), of kind CLIENT, with {@code rpc.system.name=corba},
 * {@code rpc.method} (the same as the name), {@code server.address} and {@code server.port} (the
 * far end of the connection the last attempt went over) and, when the call fails,
 * {@code error.type} (the adapter's exception class). {@link TelemetryNames#LEGACY} gives the
 * names of corbabridge 0.1 instead ({@code rpc.system}, {@code rpc.service}, and {@code rpc.method}
 * as the bare operation); {@link TelemetryNames#RPC_AND_LEGACY} both.
 *
 * <p>Whichever names, CORBA's own attributes are {@code corba.repository_id}, {@code corba.outcome}
 * ({@code success}, {@code user_exception} or {@code failure}) and, when the server answers with
 * it, {@code corba.server.span_id}. A retry is an event {@code corba.retry} (the attempt, the
 * error type, the completion status), a rebind an event {@code corba.rebind}. With several
 * replicas, each attempt's replica is an event {@code corba.replica} ({@code corba.replica}: the
 * replica as configured) and the last one the span's attribute {@code corba.replica}; ejections
 * and probes happen outside any call, and are counted by the metrics add-on. A failure records
 * the exception and sets the status to ERROR; an IDL user exception is the server's answer: it
 * sets {@code corba.user_exception} to its repository id and leaves the status unset.
 *
 * <p>A call the client serves (a call back to an object it exported, {@link CallObserver#served})
 * is a span of kind SERVER, named and attributed as a client span is ({@code <interface>/<operation>},
 * {@code rpc.system.name}, {@code rpc.method}, {@code corba.repository_id}, {@code corba.outcome},
 * {@code corba.user_exception}; the earlier names with {@link TelemetryNames#LEGACY}). Its parent is
 * the span whose trace context the request carried: the C++ server's span of the call it made the
 * call back in, which has the Java caller's trace id. A request without trace context, or with
 * one that does not parse, gives a root span (the call is answered as ever); so does an ORB
 * created without the trace context interceptor. The span is current while the handler runs, so
 * that the handler's own calls are its children. A system exception the caller gets (the serving
 * bound's refusal among them) records the exception, sets {@code error.type} (the CORBA exception's
 * class), {@code corba.completion}, {@code corba.minor_code} and the status ERROR; an IDL exception
 * is the handler's answer and leaves the status unset.
 *
 * <p>When the OpenTelemetry in use traces nothing (the API's no-op, which is what
 * {@link #global()} finds until the application sets one up), no span is started at all.
 */
public final class Tracing implements CallObserver {

    /** The instrumentation scope name of the tracer. */
    public static final String INSTRUMENTATION_SCOPE = "org.corbabridge.adapter";

    /** The conventions' name of the RPC system: {@code corba}. */
    public static final AttributeKey<String> RPC_SYSTEM_NAME = AttributeKey.stringKey("rpc.system.name");
    /** The conventions' {@code <interface>/<operation>}, or the earlier names' bare operation. */
    public static final AttributeKey<String> RPC_METHOD = AttributeKey.stringKey("rpc.method");
    public static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    public static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    /** The earlier names' RPC system ({@link TelemetryNames#LEGACY}). */
    public static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
    /** The earlier names' interface ({@link TelemetryNames#LEGACY}). */
    public static final AttributeKey<String> RPC_SERVICE = AttributeKey.stringKey("rpc.service");
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
    /** A served call's system exception's minor code. */
    public static final AttributeKey<Long> MINOR_CODE = AttributeKey.longKey("corba.minor_code");

    private static final Tracing GLOBAL = new Tracing(GlobalInstance::getOrNoop, TelemetryNames.configured());

    /**
     * The tracer provider and its tracer, looked up again only when the provider changes: keyed by
     * the provider, not the OpenTelemetry instance, because a server's global instance may delegate
     * to each application's own (Payara's does, and to the no-op one on a thread of no application).
     */
    private record Resolved(TracerProvider provider, Tracer tracer, boolean tracesNothing) {
    }

    /** An operation's span name and the attributes its spans start with. */
    private record Started(String spanName, Attributes attributes) {
    }

    private final Supplier<OpenTelemetry> source;
    private final TelemetryNames names;
    private final ConcurrentMap<String, Started> startedByOperation = new ConcurrentHashMap<>();
    private volatile Resolved resolved;

    private Tracing(Supplier<OpenTelemetry> source, TelemetryNames names) {
        this.source = source;
        this.names = names;
    }

    /**
     * The OpenTelemetry the application registers as global ({@code GlobalOpenTelemetry.set}, or
     * the Java agent), looked up at each call: an application that sets it up after the adapter
     * is created is traced from then on. Never sets the global itself. Its names are
     * {@link TelemetryNames#configured()}.
     */
    public static Tracing global() {
        return GLOBAL;
    }

    /** Spans with {@code openTelemetry}'s tracer provider, named as {@link TelemetryNames#configured()}. */
    public static Tracing of(OpenTelemetry openTelemetry) {
        return of(openTelemetry, TelemetryNames.configured());
    }

    /** Spans with {@code openTelemetry}'s tracer provider, with {@code names}. */
    public static Tracing of(OpenTelemetry openTelemetry, TelemetryNames names) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return new Tracing(() -> openTelemetry, Objects.requireNonNull(names, "names"));
    }

    @Override
    public Observation start(String repositoryId, String operation) {
        Resolved current = resolve();
        if (current.tracesNothing()) {
            return Observation.NONE;
        }
        Started started = startedByOperation.computeIfAbsent(repositoryId + '\n' + operation,
                key -> started(repositoryId, operation));
        Span span = current.tracer().spanBuilder(started.spanName())
                .setSpanKind(SpanKind.CLIENT)
                .setAllAttributes(started.attributes())
                .startSpan();
        return new SpanObservation(span, span.makeCurrent(), names.conventions());
    }

    /**
     * A SERVER span for a call the client serves, whose parent is the trace context its request
     * carried (see the class's description), current until the call ends.
     */
    @Override
    public ServedObservation served(String repositoryId, String operation) {
        Resolved current = resolve();
        if (current.tracesNothing()) {
            return ServedObservation.NONE;
        }
        Started started = startedByOperation.computeIfAbsent(repositoryId + '\n' + operation,
                key -> started(repositoryId, operation));
        SpanBuilder builder = current.tracer().spanBuilder(started.spanName())
                .setSpanKind(SpanKind.SERVER)
                .setAllAttributes(started.attributes());
        Context incoming = IncomingTraceContext.current();
        if (incoming != null && Span.fromContext(incoming).getSpanContext().isValid()) {
            builder.setParent(incoming);
        } else {
            // whatever the dispatching thread has current is not the caller's: no trace context is a root
            builder.setNoParent();
        }
        Span span = builder.startSpan();
        return new ServedSpan(span, span.makeCurrent());
    }

    private Started started(String repositoryId, String operation) {
        String service = TelemetryNames.service(repositoryId);
        String method = TelemetryNames.method(repositoryId, operation);
        AttributesBuilder attributes = Attributes.builder().put(REPOSITORY_ID, repositoryId);
        if (names.legacy()) {
            attributes.put(RPC_SYSTEM, "corba").put(RPC_SERVICE, service).put(RPC_METHOD, operation);
        }
        if (names.conventions()) {
            // put last: with both names, rpc.method is the conventions'
            attributes.put(RPC_SYSTEM_NAME, "corba").put(RPC_METHOD, method);
        }
        return new Started(method, attributes.build());
    }

    private Resolved resolve() {
        TracerProvider provider = source.get().getTracerProvider();
        Resolved known = resolved;
        if (known != null && known.provider() == provider) {
            return known;
        }
        Tracer tracer = provider.tracerBuilder(INSTRUMENTATION_SCOPE)
                .setSchemaUrl(names.conventions() ? TelemetryNames.SCHEMA_URL : null).build();
        known = new Resolved(provider, tracer, provider == TracerProvider.noop());
        resolved = known;
        return known;
    }

    @Override
    public String toString() {
        return (this == GLOBAL ? "Tracing[global, " : "Tracing[" + source.get() + ", ") + names + "]";
    }

    /** A span current on its thread until one of its ends, each ending it as the RPC conventions say. */
    private abstract static class EndingSpan {
        final Span span;
        private final Scope scope;

        EndingSpan(Span span, Scope scope) {
            this.span = span;
            this.scope = scope;
        }

        final void endAnswered() {
            span.setAttribute(OUTCOME, "success");
            end();
        }

        final void endRaised(String exceptionRepositoryId) {
            span.setAttribute(OUTCOME, "user_exception");
            span.setAttribute(USER_EXCEPTION, exceptionRepositoryId);
            end();
        }

        /** {@code before} sets what this kind of span adds of the failure. */
        final void endFailed(RuntimeException failure, Runnable before) {
            span.setAttribute(OUTCOME, "failure");
            span.setAttribute(ERROR_TYPE, failure.getClass().getName());
            before.run();
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR, failure.getMessage());
            end();
        }

        private void end() {
            scope.close();
            span.end();
        }
    }

    /** The span of one call, current on the caller's thread from start to end. */
    private static final class SpanObservation extends EndingSpan implements Observation {
        private final boolean conventions;

        SpanObservation(Span span, Scope scope, boolean conventions) {
            super(span, scope);
            this.conventions = conventions;
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
        public void server(String address, int port) {
            if (conventions) {
                span.setAttribute(SERVER_ADDRESS, address);
                span.setAttribute(SERVER_PORT, (long) port);
            }
        }

        @Override
        public void succeeded() {
            endAnswered();
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            endRaised(exceptionRepositoryId);
        }

        @Override
        public void failed(RuntimeException failure) {
            endFailed(failure, () -> { });
        }
    }

    /** The span of one served call, current on the dispatching thread from dispatch to reply. */
    private static final class ServedSpan extends EndingSpan implements ServedObservation {

        ServedSpan(Span span, Scope scope) {
            super(span, scope);
        }

        @Override
        public void answered() {
            endAnswered();
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            endRaised(exceptionRepositoryId);
        }

        @Override
        public void failed(SystemException failure) {
            endFailed(failure, () -> {
                span.setAttribute(COMPLETION, failure.completed == null ? "" : completion(failure.completed.value()));
                span.setAttribute(MINOR_CODE, failure.minor & 0xffffffffL);
            });
        }
    }

    /** The completion status as the adapter's {@code Completion} names it, from CORBA's value. */
    private static String completion(int value) {
        switch (value) {
            case org.omg.CORBA.CompletionStatus._COMPLETED_YES:
                return "YES";
            case org.omg.CORBA.CompletionStatus._COMPLETED_NO:
                return "NO";
            default:
                return "MAYBE";
        }
    }
}
