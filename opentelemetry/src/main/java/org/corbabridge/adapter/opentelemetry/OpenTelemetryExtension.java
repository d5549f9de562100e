package org.corbabridge.adapter.opentelemetry;

import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.opentelemetry.internal.GlobalInstance;
import org.corbabridge.adapter.spi.AdapterExtension;

/**
 * Tracing for every client, once this module is on the class path: a span per call
 * ({@link Tracing#global()}), its trace context carried to the server by the interceptor an ORB
 * the adapter creates registers as {@link OrbConfig#traceContext()} says ({@link TraceContext}),
 * and the caller's context carried to the threads an attempt or an asynchronous call runs on.
 */
public final class OpenTelemetryExtension implements AdapterExtension {

    @Override
    public List<CallObserver> defaultObservers() {
        return List.of(Tracing.global());
    }

    /**
     * The interceptor's initializer when trace context is on, or automatic and OpenTelemetry's
     * global instance is set when the ORB is created.
     */
    @Override
    public Map<String, String> orbProperties(OrbConfig config) {
        boolean carries = config.traceContext() == OrbConfig.TraceContextMode.ON
                || config.traceContext() == OrbConfig.TraceContextMode.AUTO && GlobalInstance.isSet();
        return carries ? Map.of(TraceContext.ORB_INITIALIZER_PROPERTY, "") : Map.of();
    }

    @Override
    public Runnable carryContext(Runnable task) {
        return Context.current().wrap(task);
    }

    @Override
    public <R> Supplier<R> carryContext(Supplier<R> task) {
        return Context.current().wrapSupplier(task);
    }
}
