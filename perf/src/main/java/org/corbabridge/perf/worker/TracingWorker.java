package org.corbabridge.perf.worker;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.micrometer.CallMetrics;
import org.corbabridge.adapter.opentelemetry.Tracing;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;
import org.omg.CORBA.ORB;

/**
 * What tracing costs, in one JVM per ORB: the same adapter (static invocation) three ways, taking
 * turns on the driver's requests (variant):
 * <ul>
 * <li>{@code none}: no observers, and an ORB without the trace context interceptor: the adapter as
 *     it was before tracing and metrics;</li>
 * <li>{@code off}: the defaults, with OpenTelemetry not set up and no metrics registry added, which
 *     is what an application that configures neither runs (its ORB, created so, has no
 *     interceptor);</li>
 * <li>{@code on}: an OpenTelemetry SDK with a batch span processor (to an exporter that drops the
 *     spans after counting them) and the default metrics: a traced call end to end, the server's
 *     log line included.</li>
 * </ul>
 */
public final class TracingWorker {

    public static final List<String> MODES = List.of("none", "off", "on");

    /** The setup key under which {@code Op.COUNT_SPANS} answers how many spans were exported (after a flush). */
    public static final String EXPORTED_SPANS = "exportedSpans";

    private TracingWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        FeatureSetup setup = channel.setup(FeatureSetup.class);
        AdapterConfig config = WorkerChannel.adapterConfig(setup);
        DroppingExporter exporter = new DroppingExporter();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(BatchSpanProcessor.builder(exporter).build()).build())
                .build();
        ORB bare = Orbs.create(OrbConfig.builder().implementation(setup.orb()).traceContext(false).build(),
                config.callTimeout(), config.connectTimeout());
        // the defaults: with OpenTelemetry not set up, no interceptor either
        ORB byDefault = Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout());
        ORB carrying = Orbs.create(OrbConfig.builder().implementation(setup.orb()).traceContext(true).build(),
                config.callTimeout(), config.connectTimeout());
        Map<String, CatalogAdapter> adapters = new LinkedHashMap<>();
        try {
            adapters.put("none", CatalogAdapter.create(config.toBuilder().observers().build(), bare));
            adapters.put("off", CatalogAdapter.create(config, byDefault));
            adapters.put("on", CatalogAdapter.create(config.toBuilder()
                    .observers(Tracing.of(sdk), CallMetrics.global()).build(), carrying));
            channel.reply(new Reply(true, null, Map.of(), null, null));
            VariantRequest request;
            while ((request = channel.next(VariantRequest.class)) != null && request.op() != Op.QUIT) {
                if (request.op() == Op.COUNT_SPANS) {
                    // proof that the "on" series traced: the exporter saw its spans
                    sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
                    channel.reply(new Reply(true, null, Map.of(EXPORTED_SPANS, exporter.exported.sum()), null, null));
                } else {
                    channel.reply(serve(adapters.get(request.variant()), request));
                    if ("on".equals(request.variant())) {
                        // the traced batch's export, untimed, so that it does not land in the next mode's batch
                        sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
                    }
                }
            }
            channel.reply(new Reply(true, null, null, null, null));
        } catch (Exception e) {
            e.printStackTrace();
            channel.reply(Reply.failed("tracing worker: " + e));
        } finally {
            adapters.values().forEach(CatalogAdapter::close);
            sdk.close();
            Orbs.destroy(carrying);
            Orbs.destroy(byDefault);
            Orbs.destroy(bare);
        }
    }

    private static Reply serve(CatalogAdapter adapter, VariantRequest request) throws Exception {
        if (adapter == null) {
            return Reply.failed("no tracing mode " + request.variant() + "; the modes are " + MODES);
        }
        return TimedBatch.run(query -> adapter.queryCatalog(query).items().size(), request);
    }

    /** Where a traced application's spans would go: counted, then dropped. */
    private static final class DroppingExporter implements SpanExporter {
        final LongAdder exported = new LongAdder();

        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            exported.add(spans.size());
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
