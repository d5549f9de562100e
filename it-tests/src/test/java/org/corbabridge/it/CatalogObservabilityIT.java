package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.corbabridge.adapter.opentelemetry.Tracing;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ServerTraceLine;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What an application sees of the bean's CORBA calls with no code of its own beyond setting up
 * OpenTelemetry and a Micrometer registry: a bean method's span is the parent of its two calls'
 * client spans, the C++ server logs the same trace and the client spans as parents, on the
 * container's ORB and on a session's own; the calls are timed in the global registry.
 */
@ExtendWith({CatalogObservabilityIT.GlobalTracing.class, CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogObservabilityIT {

    /**
     * OpenTelemetry set up before the deploy, as an application (or the Java agent) does at start-up:
     * the container's ORB, created at deploy, then carries trace context on its own (mode auto).
     */
    static final class GlobalTracing implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            GlobalOpenTelemetry.resetForTest();
            openTelemetry = OpenTelemetrySdk.builder()
                    .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build())
                    .buildAndRegisterGlobal();
        }

        @Override
        public void afterAll(ExtensionContext context) {
            GlobalOpenTelemetry.resetForTest();
            if (openTelemetry != null) {
                openTelemetry.close();
            }
        }
    }

    private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    private static OpenTelemetrySdk openTelemetry;

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void onTheContainersOrbBothCallsOfABeanMethodShareItsTrace() {
        assertBothCallsShareTheBeanMethodsTrace(CatalogEjb.Bean.STATIC_BUILT_IN);
    }

    @Test
    void onASessionsOwnOrbBothCallsOfABeanMethodShareItsTrace() {
        assertBothCallsShareTheBeanMethodsTrace(CatalogEjb.Bean.DYNAMIC_EXTERNAL);
    }

    @Test
    void theBeansCallsAreTimedInTheGlobalRegistry() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Metrics.addRegistry(prometheus);
        CatalogSession session = CatalogEjb.Bean.STATIC_BUILT_IN.newSession();
        try {
            session.queryCatalog("items=3");
            session.queryCatalog("items=4");
        } finally {
            session.remove();
            Metrics.removeRegistry(prometheus);
        }

        String scraped = prometheus.scrape();
        // OpenTelemetry's RPC conventions, by default
        assertThat(scraped.lines().filter(line -> line.startsWith("rpc_client_call_duration_seconds_count{")
                && line.contains("rpc_method=\"shop::Catalog/queryCatalog\"")
                && line.contains("rpc_response_status_code=\"NO_EXCEPTION\"")
                && line.contains("server_address=\"127.0.0.1\"")).toList())
                .singleElement().satisfies(line -> assertThat(line).endsWith(" 2"));
        assertThat(scraped).contains("corba_client_orbs_open ");
    }

    private static void assertBothCallsShareTheBeanMethodsTrace(CatalogEjb.Bean bean) {
        SPANS.reset();
        CatalogSession session = bean.newSession();
        try {
            assertThat(session.queryCatalogs(List.of("items=1", "items=2"))).hasSize(2);
        } finally {
            session.remove();
        }

        SpanData method = SPANS.getFinishedSpanItems().stream()
                .filter(span -> span.getName().equals("CatalogSessionBean.queryCatalogs")).findFirst().orElseThrow();
        List<SpanData> calls = SPANS.getFinishedSpanItems().stream()
                .filter(span -> span.getKind() == SpanKind.CLIENT && span.getTraceId().equals(method.getTraceId())).toList();
        List<ServerTraceLine> lines = ServerTraceLine.ofTrace(CatalogServersForContainer.fixture().server().output(),
                method.getTraceId());
        System.out.println("span tree of CatalogSessionBean.queryCatalogs (" + bean.ejbName + ", "
                + CatalogServersForContainer.orb().displayName() + "):");
        System.out.println("  " + method.getName() + " trace=" + method.getTraceId() + " span=" + method.getSpanId());
        calls.forEach(call -> System.out.println("    " + call.getName() + " span=" + call.getSpanId() + " parent="
                + call.getParentSpanId() + " " + call.getAttributes().asMap()));
        System.out.println("the C++ server's lines of that trace:");
        lines.forEach(line -> System.out.println("  " + line));

        assertThat(calls).hasSize(2).allSatisfy(call -> {
            assertThat(call.getParentSpanId()).isEqualTo(method.getSpanId());
            assertThat(call.getAttributes().get(Tracing.RPC_METHOD)).isEqualTo("shop::Catalog/queryCatalog");
            assertThat(call.getAttributes().get(Tracing.SERVER_PORT))
                    .isEqualTo((long) CatalogServersForContainer.fixture().server().port());
            assertThat(call.getAttributes().get(Tracing.SERVER_SPAN_ID)).isNotNull();
        });
        assertThat(lines).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(lines.get(i).parentSpanId()).isEqualTo(calls.get(i).getSpanId());
            assertThat(lines.get(i).spanId()).isEqualTo(calls.get(i).getAttributes().get(Tracing.SERVER_SPAN_ID));
        }
    }
}
