package org.corbabridge.adapter.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.AsyncClient;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.spi.TelemetryNames;
import org.corbabridge.depot.stock.PalletNotFound;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.ServerTraceLine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A span per call, on this JVM's ORB against the C++ warehouse_server: the trace context crosses
 * to the server (whose log names the trace and the client span), the server's span id comes back,
 * retries and rebinds are events, failures are recorded, and nothing is traced or sent when
 * OpenTelemetry is not set up.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallTracingTest {

    private ServerFixture fixture;
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private OpenTelemetrySdk openTelemetry;

    @BeforeAll
    void startServerAndSdk() {
        fixture = ServerFixture.startWarehouse();
        openTelemetry = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
                .build();
    }

    @AfterAll
    void stop() {
        if (openTelemetry != null) {
            openTelemetry.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @BeforeEach
    @AfterEach
    void forgetSpans() {
        spans.reset();
    }

    /** Traced by this test's SDK, which is not the global one: its ORB is told to carry trace context. */
    private CorbaClient<WarehouseOperations> tracedClient(AdapterConfig.Builder config) {
        return CorbaClient.create(WarehouseOperations.class, InterfaceSignature.of(WarehouseOperations.class),
                config.orb(OrbConfig.builder().implementation(TestOrbs.current()).traceContext(true).build())
                        .observers(Tracing.of(openTelemetry)).build(), null);
    }

    @Test
    void bothCallsOfATracedMethodShareItsTraceIdAcrossTheBoundary() {
        Span method;
        try (CorbaClient<WarehouseOperations> client = tracedClient(TestOrbs.configFor(fixture))) {
            method = openTelemetry.getTracer("test").spanBuilder("WarehouseBean.inspect").startSpan();
            try (Scope ignored = method.makeCurrent()) {
                assertThat(client.proxy().site()).isEqualTo("depot-1");
                assertThatThrownBy(() -> client.proxy().fetch("absent")).isInstanceOf(PalletNotFound.class);
            } finally {
                method.end();
            }
        }

        List<SpanData> calls = spans.getFinishedSpanItems().stream().filter(s -> s.getKind() == SpanKind.CLIENT).toList();
        assertThat(calls).extracting(SpanData::getName)
                .containsExactly("depot::stock::Warehouse/_get_site", "depot::stock::Warehouse/fetch");
        String traceId = method.getSpanContext().getTraceId();
        List<ServerTraceLine> lines = serverLinesOf(traceId);
        System.out.println("span tree of one traced method (" + TestOrbs.current().displayName() + "):");
        spans.getFinishedSpanItems().forEach(span -> System.out.println("  " + describe(span)));
        System.out.println("the C++ server's lines of that trace:");
        lines.forEach(line -> System.out.println("  " + line));

        assertThat(lines).hasSize(2);
        for (int i = 0; i < calls.size(); i++) {
            SpanData call = calls.get(i);
            assertThat(call.getTraceId()).isEqualTo(traceId);
            assertThat(call.getParentSpanId()).isEqualTo(method.getSpanContext().getSpanId());
            // OpenTelemetry's RPC conventions, and none of the earlier names
            assertThat(call.getAttributes().get(Tracing.RPC_SYSTEM_NAME)).isEqualTo("corba");
            assertThat(call.getAttributes().get(Tracing.RPC_METHOD)).isEqualTo(call.getName());
            assertThat(call.getAttributes().get(Tracing.SERVER_ADDRESS)).isEqualTo("127.0.0.1");
            assertThat(call.getAttributes().get(Tracing.SERVER_PORT)).isEqualTo((long) fixture.server().port());
            assertThat(call.getAttributes().get(Tracing.RPC_SYSTEM)).isNull();
            assertThat(call.getAttributes().get(Tracing.RPC_SERVICE)).isNull();
            assertThat(call.getInstrumentationScopeInfo().getSchemaUrl()).isEqualTo(TelemetryNames.SCHEMA_URL);
            assertThat(call.getAttributes().get(Tracing.REPOSITORY_ID)).isEqualTo("IDL:depot/stock/Warehouse:1.0");
            ServerTraceLine line = lines.get(i);
            assertThat(line.parentSpanId()).as("the server's parent is the client span").isEqualTo(call.getSpanId());
            assertThat(line.spanId()).as("the server's span id comes back").isEqualTo(call.getAttributes().get(Tracing.SERVER_SPAN_ID));
            assertThat(call.getName()).endsWith("/" + line.operation());
        }
        assertThat(calls.get(0).getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
        assertThat(lines.get(0).outcome()).isEqualTo("reply");
        assertThat(calls.get(1).getAttributes().get(Tracing.OUTCOME)).isEqualTo("user_exception");
        assertThat(calls.get(1).getAttributes().get(Tracing.USER_EXCEPTION)).isEqualTo("IDL:depot/stock/PalletNotFound:1.0");
        assertThat(calls.get(1).getStatus().getStatusCode()).as("the server's answer, not a failure").isEqualTo(StatusCode.UNSET);
        assertThat(lines.get(1).outcome()).isEqualTo("exception");
    }

    @Test
    void theEarlierNamesAloneOrBesideTheConventionsAreASwitchAway() {
        for (TelemetryNames names : List.of(TelemetryNames.LEGACY, TelemetryNames.RPC_AND_LEGACY)) {
            try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                    InterfaceSignature.of(WarehouseOperations.class), TestOrbs.configFor(fixture)
                            .observers(Tracing.of(openTelemetry, names)).build(), null)) {
                assertThat(client.proxy().site()).isEqualTo("depot-1");
            }
        }

        List<SpanData> calls = spans.getFinishedSpanItems();
        assertThat(calls).extracting(SpanData::getName).containsOnly("depot::stock::Warehouse/_get_site");
        SpanData legacy = calls.get(0);
        assertThat(legacy.getAttributes().get(Tracing.RPC_SYSTEM)).isEqualTo("corba");
        assertThat(legacy.getAttributes().get(Tracing.RPC_SERVICE)).isEqualTo("depot::stock::Warehouse");
        assertThat(legacy.getAttributes().get(Tracing.RPC_METHOD)).isEqualTo("_get_site");
        assertThat(legacy.getAttributes().get(Tracing.RPC_SYSTEM_NAME)).isNull();
        assertThat(legacy.getAttributes().get(Tracing.SERVER_ADDRESS)).isNull();
        SpanData both = calls.get(1);
        assertThat(both.getAttributes().get(Tracing.RPC_SYSTEM)).isEqualTo("corba");
        assertThat(both.getAttributes().get(Tracing.RPC_SERVICE)).isEqualTo("depot::stock::Warehouse");
        assertThat(both.getAttributes().get(Tracing.RPC_SYSTEM_NAME)).isEqualTo("corba");
        assertThat(both.getAttributes().get(Tracing.RPC_METHOD)).as("the conventions' value")
                .isEqualTo("depot::stock::Warehouse/_get_site");
        assertThat(both.getAttributes().get(Tracing.SERVER_PORT)).isEqualTo((long) fixture.server().port());
    }

    @Test
    void aRetryAndTheRebindBeforeItAreEventsOfTheCallsSpan() {
        try (CorbaClient<WarehouseOperations> client = tracedClient(TestOrbs.configFor(fixture).idempotent("_get_site"))) {
            client.proxy().site();
            fixture.server().kill();
            fixture.server().restartOnNewPort();

            assertThat(client.proxy().site()).isEqualTo("depot-1");
        }

        SpanData recovered = spans.getFinishedSpanItems().get(1);
        assertThat(recovered.getEvents()).extracting(EventData::getName)
                .containsExactly(Tracing.RETRY_EVENT, Tracing.REBIND_EVENT);
        assertThat(recovered.getEvents().get(0).getAttributes().get(Tracing.ATTEMPT)).isEqualTo(2L);
        assertThat(recovered.getEvents().get(0).getAttributes().get(Tracing.ERROR_TYPE))
                .isEqualTo("org.corbabridge.adapter.ServerUnavailableException");
        assertThat(recovered.getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
        assertThat(recovered.getAttributes().get(Tracing.SERVER_PORT)).as("the server the last attempt reached")
                .isEqualTo((long) fixture.server().port());
        assertThat(recovered.getAttributes().get(Tracing.SERVER_SPAN_ID)).as("the attempt on a helper thread is traced too")
                .isNotNull();
        assertThat(serverLinesOf(recovered.getTraceId())).hasSize(1);
    }

    @Test
    void aCallThatFailsRecordsItsExceptionAndAnErrorStatus() {
        try (CorbaClient<WarehouseOperations> client = tracedClient(TestOrbs.configFor(fixture)
                .callTimeout(Duration.ofSeconds(1)))) {
            client.proxy().site();
            fixture.server().suspend();
            try {
                assertThatThrownBy(() -> client.proxy().site()).isInstanceOf(CallTimeoutException.class);
            } finally {
                fixture.server().resume();
            }
        }

        SpanData failed = spans.getFinishedSpanItems().get(1);
        assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(failed.getAttributes().get(Tracing.OUTCOME)).isEqualTo("failure");
        assertThat(failed.getAttributes().get(Tracing.ERROR_TYPE)).isEqualTo(CallTimeoutException.class.getName());
        assertThat(failed.getEvents()).extracting(EventData::getName).contains("exception");
    }

    @Test
    void anAsynchronousCallIsAChildOfTheSpanThatStartedIt() throws Exception {
        ExecutorService executor = AsyncClient.boundedExecutor("traced", 2, 4);
        Span method = openTelemetry.getTracer("test").spanBuilder("caller").startSpan();
        try (CorbaClient<WarehouseOperations> client = tracedClient(TestOrbs.configFor(fixture));
                Scope ignored = method.makeCurrent()) {
            assertThat(client.async(executor).call(WarehouseOperations::site).get(5, TimeUnit.SECONDS)).isEqualTo("depot-1");
        } finally {
            method.end();
            executor.shutdown();
        }

        SpanData call = spans.getFinishedSpanItems().get(0);
        assertThat(call.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(call.getParentSpanId()).isEqualTo(method.getSpanContext().getSpanId());
    }

    @Test
    void withOpenTelemetrySetUpGloballyTheDefaultsTraceAndTheOrbCarriesTheContext() {
        GlobalOpenTelemetry.set(openTelemetry);
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                InterfaceSignature.of(WarehouseOperations.class), TestOrbs.configFor(fixture).build(), null)) {
            assertThat(client.proxy().site()).isEqualTo("depot-1");
        } finally {
            GlobalOpenTelemetry.resetForTest();
        }

        SpanData call = spans.getFinishedSpanItems().get(0);
        assertThat(call.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(serverLinesOf(call.getTraceId())).singleElement()
                .satisfies(line -> assertThat(line.parentSpanId()).isEqualTo(call.getSpanId()));
    }

    @Test
    void withoutOpenTelemetryNoSpanStartsAndTheOrbCarriesNoContext() {
        int linesBefore = serverLines().size();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                InterfaceSignature.of(WarehouseOperations.class), TestOrbs.configFor(fixture).build(), null)) {
            Span method = openTelemetry.getTracer("test").spanBuilder("not the adapter's").startSpan();
            try (Scope ignored = method.makeCurrent()) {
                // the default observers: GlobalOpenTelemetry is not set in this JVM
                assertThat(client.proxy().site()).isEqualTo("depot-1");
            } finally {
                method.end();
            }
            assertThat(Tracing.global().start("IDL:x:1.0", "op")).isSameAs(CallObserver.Observation.NONE);
        }
        assertThat(spans.getFinishedSpanItems()).extracting(SpanData::getKind).containsOnly(SpanKind.INTERNAL);
        assertThat(serverLines()).as("an ORB created with OpenTelemetry not set up has no interceptor").hasSize(linesBefore);
    }

    @Test
    void anOrbWithoutTraceContextSendsNoneThoughTheCallIsTraced() {
        int linesBefore = serverLines().size();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                InterfaceSignature.of(WarehouseOperations.class), TestOrbs.configFor(fixture)
                        .orb(OrbConfig.builder().implementation(TestOrbs.current()).traceContext(false).build())
                        .observers(Tracing.of(openTelemetry)).build(), null)) {
            assertThat(client.proxy().site()).isEqualTo("depot-1");
        }

        assertThat(spans.getFinishedSpanItems()).hasSize(1);
        assertThat(spans.getFinishedSpanItems().get(0).getAttributes().get(Tracing.SERVER_SPAN_ID)).isNull();
        assertThat(serverLines()).hasSize(linesBefore);
    }

    private List<ServerTraceLine> serverLinesOf(String traceId) {
        return ServerTraceLine.ofTrace(fixture.server().output(), traceId);
    }

    private List<ServerTraceLine> serverLines() {
        return ServerTraceLine.in(fixture.server().output());
    }

    private static String describe(SpanData span) {
        return span.getName() + " kind=" + span.getKind() + " trace=" + span.getTraceId() + " span=" + span.getSpanId()
                + " parent=" + span.getParentSpanId() + " " + span.getAttributes().asMap() + " events="
                + span.getEvents().stream().map(EventData::getName).toList() + " status=" + span.getStatus().getStatusCode();
    }

    @Test
    void withSeveralReplicasEachAttemptsReplicaIsAnEventAndAFailoverShowsBoth() {
        ServerProcess second = fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-2")
                .extraArguments("--site", "depot-2").build());
        try (CorbaClient<WarehouseOperations> client = tracedClient(AdapterConfig.builder()
                .nameService(fixture.nameServiceUrl()).replicas("Warehouse", "Warehouse-2")
                .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).build())
                .idempotent("_get_site").callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT))) {
            client.proxy().site();
            client.proxy().site();
            List<String> replicas = spans.getFinishedSpanItems().stream()
                    .map(span -> span.getAttributes().get(Tracing.REPLICA)).toList();
            assertThat(replicas).containsExactlyInAnyOrder("'Warehouse' in " + fixture.nameServiceUrl(),
                    "'Warehouse-2' in " + fixture.nameServiceUrl());
            spans.reset();

            second.kill();
            for (int i = 0; i < 2; i++) {
                assertThat(client.proxy().site()).isEqualTo("depot-1");
            }
        } finally {
            second.close();
        }
        // the call that went to the killed replica first: both attempts are events, the answer's replica the attribute
        SpanData failedOver = spans.getFinishedSpanItems().stream()
                .filter(span -> span.getEvents().stream().anyMatch(e -> e.getName().equals(Tracing.RETRY_EVENT)))
                .findFirst().orElseThrow();
        assertThat(failedOver.getEvents()).extracting(EventData::getName)
                .containsExactly(Tracing.REPLICA_EVENT, Tracing.RETRY_EVENT, Tracing.REPLICA_EVENT);
        assertThat(failedOver.getAttributes().get(Tracing.REPLICA)).isEqualTo("'Warehouse' in " + fixture.nameServiceUrl());
        assertThat(failedOver.getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
    }
}
