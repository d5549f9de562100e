package org.corbabridge.ee;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.opentelemetry.Tracing;

/**
 * MicroProfile Telemetry's {@code OpenTelemetry} bean as a CDI client's tracer, where the server
 * offers one and the application carries the tracing add-on. Such a server keeps an instance per
 * application and need not register it as OpenTelemetry's global one (Payara Micro does not), so
 * {@link Tracing#global()} would trace nothing there, and the server's spans and the adapter's would
 * not meet. Loaded only when both the API and the add-on are on the application's class path
 * ({@link #traced}'s caller checks), so that an application without them never links to them.
 */
final class ApplicationTelemetry {

    static final String OPEN_TELEMETRY = "io.opentelemetry.api.OpenTelemetry";
    static final String TRACING = "org.corbabridge.adapter.opentelemetry.Tracing";

    private ApplicationTelemetry() {
    }

    /**
     * {@code config} with the application's {@code OpenTelemetry} bean in place of the global
     * instance among its observers, and trace context to the server on when it was automatic; or
     * {@code config} itself when the application has no such bean or chose other observers.
     */
    static AdapterConfig traced(AdapterConfig config, BeanManager beans) {
        if (!config.observers().contains(Tracing.global())) {
            return config;
        }
        Bean<?> bean = beans.resolve(beans.getBeans(OpenTelemetry.class));
        if (bean == null) {
            return config;
        }
        OpenTelemetry application = (OpenTelemetry) beans.getReference(bean, OpenTelemetry.class,
                beans.createCreationalContext(bean));
        Tracing tracing = Tracing.of(new Guarded(application));
        List<CallObserver> observers = config.observers().stream()
                .map(observer -> observer == Tracing.global() ? tracing : observer).toList();
        OrbConfig orb = config.orb().traceContext() == OrbConfig.TraceContextMode.AUTO
                ? config.orb().toBuilder().traceContext(OrbConfig.TraceContextMode.ON).build()
                : config.orb();
        return config.toBuilder().observers(observers.toArray(CallObserver[]::new)).orb(orb).build();
    }

    /**
     * The bean, whose first use on a thread of no application (a health check's, say) may fail in
     * the server's producer: such a call is not traced rather than failed.
     */
    private record Guarded(OpenTelemetry bean) implements OpenTelemetry {

        @Override
        public TracerProvider getTracerProvider() {
            try {
                return bean.getTracerProvider();
            } catch (RuntimeException noApplicationHere) {
                return TracerProvider.noop();
            }
        }

        @Override
        public ContextPropagators getPropagators() {
            try {
                return bean.getPropagators();
            } catch (RuntimeException noApplicationHere) {
                return ContextPropagators.noop();
            }
        }
    }
}
