package org.corbabridge.it.app;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/**
 * What a server with MicroProfile Telemetry offers an application: an {@code OpenTelemetry} bean
 * of the application's own, not registered as the global one (as in Payara Micro). Its spans go to
 * {@link #SPANS}.
 */
public class ApplicationOpenTelemetry {

    public static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();

    @Produces
    @ApplicationScoped
    OpenTelemetry openTelemetry() {
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build())
                .build();
    }
}
