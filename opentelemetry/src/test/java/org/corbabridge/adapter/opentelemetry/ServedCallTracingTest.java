package org.corbabridge.adapter.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Pattern;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerHelper;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTraceLine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.omg.CORBA.LocalObject;
import org.omg.CORBA.ORB;
import org.omg.CORBA.StringHolder;
import org.omg.IOP.ServiceContext;
import org.omg.PortableInterceptor.ClientRequestInfo;
import org.omg.PortableInterceptor.ClientRequestInterceptor;
import org.omg.PortableInterceptor.ORBInitInfo;
import org.omg.PortableInterceptor.ORBInitializer;

/**
 * The calls a client serves, traced, on this JVM's ORB with the C++ warehouse_server calling a
 * Java listener back: the listener's SERVER span is the child of the C++ server's span of the call
 * it was called back in, in the trace of the Java method that made that call; its IDL exception is
 * its answer, its bug an error; a call back without trace context, or with one that does not
 * parse, is a root span and answered as ever; bidirectional GIOP carries the context alike.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServedCallTracingTest {

    private static final String LISTENER_ID = "IDL:depot/stock/StockListener:1.0";
    private static final Pattern SWITCHED = Pattern.compile("Accepted request from \\S+ to switch to bidirectional");

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
    void forgetSpans() {
        spans.reset();
    }

    /** Answers the pallet id's length, refuses ids starting "refuse", fails on ids starting "crash"; keeps the span current in it. */
    private static final class Listener implements StockListenerOperations {
        final ConcurrentLinkedQueue<SpanContext> currentInHandler = new ConcurrentLinkedQueue<>();

        @Override
        public int onEvent(StockEvent event) throws ListenerRefused {
            currentInHandler.add(Span.current().getSpanContext());
            if (event.palletId.startsWith("refuse")) {
                throw new ListenerRefused("no room for " + event.palletId, 41);
            }
            if (event.palletId.startsWith("crash")) {
                throw new IllegalStateException("the listener's own bug");
            }
            return event.palletId.length();
        }

        @Override
        public void onNote(String note) {
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "kept";
        }
    }

    private static StockEvent event(String palletId) {
        Quantity amount = new Quantity();
        amount.count(1);
        return new StockEvent(0, palletId, amount, new Pallet[0]);
    }

    private OrbConfig.Builder orb() {
        return OrbConfig.builder().implementation(TestOrbs.current()).traceContext(true);
    }

    /** Traced by this test's SDK, its ORB told to carry trace context both ways. */
    private CorbaClient<WarehouseOperations> tracedClient(ServerFixture server, OrbConfig orb) {
        return CorbaClient.create(WarehouseOperations.class, InterfaceSignature.of(WarehouseOperations.class),
                TestOrbs.configFor(server).orb(orb).observers(Tracing.of(openTelemetry)).build(), null);
    }

    private List<SpanData> ofKind(SpanKind kind) {
        return spans.getFinishedSpanItems().stream().filter(span -> span.getKind() == kind).toList();
    }

    @Test
    void aListenersSpanIsTheChildOfTheCppServersSpanInTheTraceOfTheJavaCaller() throws Exception {
        Listener listener = new Listener();
        Span method = openTelemetry.getTracer("test").spanBuilder("StockBean.notifyOnce").startSpan();
        try (CorbaClient<WarehouseOperations> client = tracedClient(fixture, orb().build())) {
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            try (Scope ignored = method.makeCurrent()) {
                CallbackReport report = client.proxy().callBackOnce(reference, event("P-1"));
                assertThat(report.answered).as(report.failure).isTrue();
            } finally {
                method.end();
            }
        }

        String traceId = method.getSpanContext().getTraceId();
        SpanData call = ofKind(SpanKind.CLIENT).get(0);
        SpanData served = ofKind(SpanKind.SERVER).get(0);
        ServerTraceLine cpp = ServerTraceLine.ofTrace(fixture.server().output(), traceId).stream()
                .filter(line -> line.operation().equals("callBackOnce")).findFirst().orElseThrow();
        System.out.println("one call back's trace (" + TestOrbs.current().displayName() + "): " + method.getSpanContext()
                .getSpanId() + " <- " + call.getSpanId() + " <- C++ " + cpp.spanId() + " <- " + served.getSpanId());

        assertThat(call.getName()).isEqualTo("depot::stock::Warehouse/callBackOnce");
        assertThat(cpp.parentSpanId()).as("the C++ span's parent is the client span").isEqualTo(call.getSpanId());
        assertThat(served.getName()).isEqualTo("depot::stock::StockListener/onEvent");
        assertThat(served.getTraceId()).as("the Java caller's trace").isEqualTo(traceId);
        assertThat(served.getParentSpanId()).as("the C++ server's span").isEqualTo(cpp.spanId())
                .isEqualTo(call.getAttributes().get(Tracing.SERVER_SPAN_ID));
        assertThat(served.getParentSpanContext().isRemote()).isTrue();
        assertThat(served.getAttributes().get(Tracing.RPC_SYSTEM_NAME)).isEqualTo("corba");
        assertThat(served.getAttributes().get(Tracing.RPC_METHOD)).isEqualTo("depot::stock::StockListener/onEvent");
        assertThat(served.getAttributes().get(Tracing.REPOSITORY_ID)).isEqualTo(LISTENER_ID);
        assertThat(served.getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
        assertThat(served.getAttributes().get(Tracing.RPC_SYSTEM)).as("none of the earlier names").isNull();
        assertThat(served.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(listener.currentInHandler).as("the served span is current in the handler")
                .containsExactly(served.getSpanContext());
    }

    @Test
    void aListenersIdlExceptionIsItsAnswerAndItsBugAnErrorOfTheServedSpan() throws Exception {
        Listener listener = new Listener();
        Span method = openTelemetry.getTracer("test").spanBuilder("StockBean.notifyTwice").startSpan();
        try (CorbaClient<WarehouseOperations> client = tracedClient(fixture, orb().build())) {
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            try (Scope ignored = method.makeCurrent()) {
                assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-1")))
                        .isInstanceOf(ListenerRefused.class);
                CallbackReport crashed = client.proxy().callBackOnce(reference, event("crash-1"));
                assertThat(crashed.failure).startsWith("UNKNOWN");
            } finally {
                method.end();
            }
        }

        List<SpanData> served = ofKind(SpanKind.SERVER);
        assertThat(served).hasSize(2).allSatisfy(span -> assertThat(span.getTraceId())
                .isEqualTo(method.getSpanContext().getTraceId()));
        SpanData refused = served.get(0);
        assertThat(refused.getAttributes().get(Tracing.OUTCOME)).isEqualTo("user_exception");
        assertThat(refused.getAttributes().get(Tracing.USER_EXCEPTION)).isEqualTo("IDL:depot/stock/ListenerRefused:1.0");
        assertThat(refused.getAttributes().get(Tracing.ERROR_TYPE)).isNull();
        assertThat(refused.getStatus().getStatusCode()).as("the listener's answer, not a failure").isEqualTo(StatusCode.UNSET);
        SpanData crashed = served.get(1);
        assertThat(crashed.getAttributes().get(Tracing.OUTCOME)).isEqualTo("failure");
        assertThat(crashed.getAttributes().get(Tracing.ERROR_TYPE)).isEqualTo(org.omg.CORBA.UNKNOWN.class.getName());
        assertThat(crashed.getAttributes().get(Tracing.COMPLETION)).isEqualTo("MAYBE");
        assertThat(crashed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(crashed.getEvents()).anySatisfy(event -> assertThat(event.getName()).isEqualTo("exception"));
    }

    @Test
    void aCallBackWithoutTraceContextIsARootSpanAndAnswered() throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> exporter = tracedClient(fixture, orb().build());
                // the caller traces nothing and sends no context: the C++ server's call back carries none
                CorbaClient<WarehouseOperations> untraced = CorbaClient.create(WarehouseOperations.class,
                        InterfaceSignature.of(WarehouseOperations.class), TestOrbs.configFor(fixture)
                                .orb(orb().traceContext(false).build()).observers().build(), null)) {
            StockListener reference = exporter.export(StockListenerOperations.class, listener).reference(StockListener.class);
            Span unrelated = openTelemetry.getTracer("test").spanBuilder("not carried").startSpan();
            try (Scope ignored = unrelated.makeCurrent()) {
                assertThat(untraced.proxy().callBackOnce(reference, event("P-2")).answered).isTrue();
            } finally {
                unrelated.end();
            }
        }

        SpanData served = ofKind(SpanKind.SERVER).get(0);
        assertThat(served.getName()).isEqualTo("depot::stock::StockListener/onEvent");
        assertThat(served.getParentSpanContext().isValid()).as("a root span").isFalse();
        assertThat(served.getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
        assertThat(ofKind(SpanKind.CLIENT)).as("the untraced caller's call").isEmpty();
    }

    /** Adds a request context 0x43420001 that is no trace context to every request of its ORB. */
    public static final class MalformedTraceContext extends LocalObject implements ORBInitializer {
        private static final long serialVersionUID = 1L;

        @Override
        public void pre_init(ORBInitInfo info) {
        }

        @Override
        public void post_init(ORBInitInfo info) {
            try {
                info.add_client_request_interceptor(new Sender());
            } catch (org.omg.PortableInterceptor.ORBInitInfoPackage.DuplicateName e) {
                throw new IllegalStateException(e);
            }
        }

        private static final class Sender extends LocalObject implements ClientRequestInterceptor {
            private static final long serialVersionUID = 1L;

            @Override
            public String name() {
                return "malformed-trace-context";
            }

            @Override
            public void send_request(ClientRequestInfo request) {
                byte[] garbage = "traceparent: 00-not-a-trace-id-01\ntracestate: \u0000\u00ff\n"
                        .getBytes(StandardCharsets.ISO_8859_1);
                request.add_request_service_context(new ServiceContext(TraceContext.REQUEST_CONTEXT_ID, garbage), true);
            }

            @Override
            public void send_poll(ClientRequestInfo request) {
            }

            @Override
            public void receive_reply(ClientRequestInfo reply) {
            }

            @Override
            public void receive_exception(ClientRequestInfo reply) {
            }

            @Override
            public void receive_other(ClientRequestInfo reply) {
            }

            @Override
            public void destroy() {
            }
        }
    }

    @Test
    void aCallWhoseTraceContextDoesNotParseIsARootSpanAndAnswered() throws Exception {
        Listener listener = new Listener();
        Properties sending = new Properties();
        sending.setProperty("org.omg.PortableInterceptor.ORBInitializerClass." + MalformedTraceContext.class.getName(), "");
        ORB caller = TestOrbs.plainOrb(sending);
        try (CorbaClient<WarehouseOperations> exporter = tracedClient(fixture, orb().build())) {
            ExportedObject exported = exporter.export(StockListenerOperations.class, listener);
            StockListener direct = StockListenerHelper.narrow(caller.string_to_object(exported.ior()));

            assertThat(direct.onEvent(event("P-3"))).isEqualTo(3);
        } finally {
            caller.destroy();
        }

        SpanData served = ofKind(SpanKind.SERVER).get(0);
        assertThat(served.getParentSpanContext().isValid()).as("a root span").isFalse();
        assertThat(served.getAttributes().get(Tracing.OUTCOME)).isEqualTo("success");
        assertThat(TraceContext.decode("traceparent: 00-zz\n".getBytes(StandardCharsets.US_ASCII)))
                .isSameAs(io.opentelemetry.context.Context.root());
    }

    @Test
    void aCallBackOverTheClientsOwnConnectionIsTracedAlike() throws Exception {
        ServerFixture bidirectional = ServerFixture.start(ServerConfig.warehouse().toBuilder().bidirectional(true)
                .callbackTimeout(Duration.ofSeconds(2)).extraArguments("-ORBtraceLevel", "25").build());
        Listener listener = new Listener();
        Span method = openTelemetry.getTracer("test").spanBuilder("StockBean.notifyBack").startSpan();
        try (CorbaClient<WarehouseOperations> client = tracedClient(bidirectional,
                orb().serving(ServingConfig.builder().bidirectional(true).build()).build())) {
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            try (Scope ignored = method.makeCurrent()) {
                CallbackReport report = client.proxy().callBackOnce(reference, event("P-4"));
                assertThat(report.answered).as(report.failure).isTrue();
            } finally {
                method.end();
            }
            assertThat(SWITCHED.matcher(bidirectional.server().output()).find())
                    .as("the server took the client's connection for its call backs").isTrue();
            ServerTraceLine cpp = ServerTraceLine.ofTrace(bidirectional.server().output(), method.getSpanContext().getTraceId())
                    .stream().filter(line -> line.operation().equals("callBackOnce")).findFirst().orElseThrow();
            SpanData served = ofKind(SpanKind.SERVER).get(0);
            assertThat(served.getTraceId()).isEqualTo(method.getSpanContext().getTraceId());
            assertThat(served.getParentSpanId()).isEqualTo(cpp.spanId());
        } finally {
            bidirectional.close();
        }
    }

    @Test
    void theEarlierNamesNameAServedSpanAsTheyNameAClientSpan() throws Exception {
        Listener listener = new Listener();
        AdapterConfig config = TestOrbs.configFor(fixture).orb(orb().build())
                .observers(Tracing.of(openTelemetry, org.corbabridge.adapter.spi.TelemetryNames.LEGACY)).build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                InterfaceSignature.of(WarehouseOperations.class), config, null)) {
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            assertThat(client.proxy().callBackOnce(reference, event("P-5")).answered).isTrue();
        }

        SpanData served = ofKind(SpanKind.SERVER).get(0);
        assertThat(served.getAttributes().get(Tracing.RPC_SYSTEM)).isEqualTo("corba");
        assertThat(served.getAttributes().get(Tracing.RPC_SERVICE)).isEqualTo("depot::stock::StockListener");
        assertThat(served.getAttributes().get(Tracing.RPC_METHOD)).isEqualTo("onEvent");
        assertThat(served.getAttributes().get(Tracing.RPC_SYSTEM_NAME)).isNull();
        // the client's own span, in the same trace: the server's span between them
        SpanData call = ofKind(SpanKind.CLIENT).get(0);
        assertThat(served.getTraceId()).isEqualTo(call.getTraceId());
        assertThat(served.getParentSpanId()).isEqualTo(call.getAttributes().get(Tracing.SERVER_SPAN_ID));
    }
}
