package org.corbabridge.adapter.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The pure parts of tracing: names, the wire form of the trace context, when the interceptor is registered. */
@Tag(TestOrbs.ORB_FREE)
class TracingNamesTest {

    @Test
    void theRequestContextIsTheW3cHeaderLinesInAscii() {
        SpanContext span = SpanContext.create("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7",
                TraceFlags.getSampled(), TraceState.builder().put("vendor", "value").build());

        byte[] data = TraceContext.encode(Context.root().with(Span.wrap(span)));

        assertThat(new String(data, StandardCharsets.US_ASCII)).isEqualTo(
                "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\ntracestate: vendor=value\n");
    }

    @Test
    void aServerSpanIdIsSixteenLowercaseHexDigitsOrNothing() {
        assertThat(TraceContext.serverSpanId("00f067aa0ba902b7".getBytes(StandardCharsets.US_ASCII))).isEqualTo("00f067aa0ba902b7");
        assertThat(TraceContext.serverSpanId("00F067AA0BA902B7".getBytes(StandardCharsets.US_ASCII))).isNull();
        assertThat(TraceContext.serverSpanId("00f067aa".getBytes(StandardCharsets.US_ASCII))).isNull();
        assertThat(TraceContext.serverSpanId(null)).isNull();
    }

    @Test
    void theTraceContextModeIsReadFromAResourceProperty() {
        assertThat(OrbConfig.TraceContextMode.fromConfig(" Auto ")).isEqualTo(OrbConfig.TraceContextMode.AUTO);
        assertThat(OrbConfig.TraceContextMode.fromConfig("true")).isEqualTo(OrbConfig.TraceContextMode.ON);
        assertThat(OrbConfig.TraceContextMode.fromConfig("OFF")).isEqualTo(OrbConfig.TraceContextMode.OFF);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> OrbConfig.TraceContextMode.fromConfig("maybe"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("auto, true or false");
        assertThat(OrbConfig.ofDefaults().traceContext()).isEqualTo(OrbConfig.TraceContextMode.AUTO);
    }

    /**
     * A global instance that delegates to each application's own, as a server's does (Payara's):
     * a thread of no application sees the no-op provider, which must not stick once an
     * application's provider answers.
     */
    @Test
    void aProviderThatChangesBehindTheSameInstanceIsFollowed() {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        SdkTracerProvider application = SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();
        AtomicReference<TracerProvider> current = new AtomicReference<>(TracerProvider.noop());
        OpenTelemetry delegating = new OpenTelemetry() {
            @Override
            public TracerProvider getTracerProvider() {
                return current.get();
            }

            @Override
            public ContextPropagators getPropagators() {
                return ContextPropagators.noop();
            }
        };
        Tracing tracing = Tracing.of(delegating);

        assertThat(tracing.start("IDL:depot/stock/Warehouse:1.0", "_get_site"))
                .as("no application: nothing traced").isSameAs(CallObserver.Observation.NONE);
        current.set(application);
        CallObserver.Observation call = tracing.start("IDL:depot/stock/Warehouse:1.0", "_get_site");
        call.succeeded();

        assertThat(exported.getFinishedSpanItems()).singleElement()
                .satisfies(span -> assertThat(span.getName()).isEqualTo("depot::stock::Warehouse/_get_site"));
        application.close();
    }

    @Test
    void onTheClassPathTracingIsADefaultObserverOfEveryClient() {
        assertThat(AdapterConfig.ofDefaults().observers()).contains(Tracing.global());
        assertThat(AdapterConfig.builder().observers().build().observers()).isEmpty();
    }

    @Test
    void theInterceptorIsRegisteredWhenTraceContextIsOnAndNotWhenOff() {
        OpenTelemetryExtension extension = new OpenTelemetryExtension();
        assertThat(extension.orbProperties(OrbConfig.builder().traceContext(OrbConfig.TraceContextMode.ON).build()))
                .containsKey(TraceContext.ORB_INITIALIZER_PROPERTY);
        assertThat(extension.orbProperties(OrbConfig.builder().traceContext(OrbConfig.TraceContextMode.OFF).build()))
                .isEmpty();
    }
}
