package org.corbabridge.examples;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.corbabridge.adapter.AsyncClient;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.QueryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The docs' shorter examples, each a method the build compiles (and the docs' test finds line
 * for line): an asynchronous call, tracing and metrics set up (TLS is {@link TlsConfiguration}).
 */
final class Snippets {

    private static final Logger log = LoggerFactory.getLogger(Snippets.class);

    private Snippets() {
    }

    static CompletableFuture<QueryResult> async(CorbaClient<CatalogOperations> client) {
        ExecutorService calls = AsyncClient.boundedExecutor("catalog", 8, 64);  // 8 in flight, 64 waiting; yours to shut down
        AsyncClient<CatalogOperations> async = client.async(calls);
        CompletableFuture<QueryResult> result = async.call(catalog -> catalog.queryCatalog("items=10"));
        result.thenAccept(r -> log.info("{} items", r.items.length));
        return result;
    }

    static void tracing() {
        // once, at start-up: any SDK set-up or the OpenTelemetry Java agent; this one prints every span
        OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(LoggingSpanExporter.create())).build())
                .buildAndRegisterGlobal();
        // nothing else: the adapter's calls are now spans, children of the span current where they are made
    }

    static String metrics() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Metrics.addRegistry(prometheus);
        String text = prometheus.scrape();   // serve it at /metrics
        return text;
    }
}
