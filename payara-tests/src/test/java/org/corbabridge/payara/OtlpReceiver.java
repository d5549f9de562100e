package org.corbabridge.payara;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * A collector as small as a test needs: OTLP over HTTP with protobuf, on a free loopback port,
 * keeping every span a server exports to {@code /v1/traces}.
 */
final class OtlpReceiver implements AutoCloseable {

    /** One exported span, its ids in lowercase hex, its attributes as strings. */
    record ReceivedSpan(String traceId, String spanId, String parentSpanId, String name, Span.SpanKind kind,
            String scope, Map<String, String> attributes) {

        @Override
        public String toString() {
            return kind + " \"" + name + "\" (" + scope + ") span " + spanId + " parent " + parentSpanId + " "
                    + attributes;
        }
    }

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                boolean gzip = "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"));
                receive(ExportTraceServiceRequest.parseFrom(gzip ? new GZIPInputStream(body) : body));
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            } catch (IOException | RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    /** Where a server sends its spans ({@code otel.exporter.otlp.traces.endpoint}). */
    String tracesEndpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/traces";
    }

    /** The spans of one trace received so far. */
    List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    private void receive(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    Map<String, String> attributes = new LinkedHashMap<>();
                    for (KeyValue attribute : span.getAttributesList()) {
                        var value = attribute.getValue();
                        attributes.put(attribute.getKey(), value.hasIntValue() ? Long.toString(value.getIntValue())
                                : value.hasStringValue() ? value.getStringValue() : value.toString().trim());
                    }
                    spans.add(new ReceivedSpan(hex.formatHex(span.getTraceId().toByteArray()),
                            hex.formatHex(span.getSpanId().toByteArray()),
                            hex.formatHex(span.getParentSpanId().toByteArray()), span.getName(), span.getKind(),
                            scope.getScope().getName(), Map.copyOf(attributes)));
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
