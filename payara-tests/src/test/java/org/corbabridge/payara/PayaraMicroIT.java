package org.corbabridge.payara;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.corbabridge.fixture.FreePorts;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTraceLine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A second real container: Payara Micro, started as a process of its own, deploys a WAR of
 * {@code warehouse-app}, whose endpoint gets the Warehouse's proxy by CDI ({@code @CorbaReference}),
 * configured by MicroProfile Config through the server's system properties; every request goes
 * over HTTP, through the bean and the proxy, to {@code warehouse_server}. Payara Micro carries the
 * Eclipse ORB's classes but offers no ORB at {@code java:comp/ORB} (its lookup fails: Micro has no
 * IIOP), so a client that asks for the server's ORB ({@code orb=container}) gets a typed error
 * saying so, and the clients make their own ORBs from Payara's Eclipse ORB classes: one for the
 * application ({@code orb=own}), one per HTTP session ({@code orb=per-session}). The WAR carries no
 * ORB: JacORB beside Payara's org.omg classes fails to link (a VerifyError), whichever loads first.
 * With MicroProfile Telemetry on, Payara's spans go to a collector of the test's own
 * ({@link OtlpReceiver}). Stopped by its PID.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PayaraMicroIT {

    private static final Duration START_LIMIT = Duration.ofMinutes(3);

    private ServerFixture fixture;
    private OtlpReceiver collector;
    private Process payara;
    private Path log;
    private int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    void startServersAndPayara() throws Exception {
        fixture = ServerFixture.startWarehouse();
        collector = new OtlpReceiver();
        port = FreePorts.find();
        Path target = Path.of(System.getProperty("payara.target", "target"));
        log = target.resolve("payara-micro.log");
        String naming = fixture.nameServiceUrl();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                // an Eclipse ORB made from Payara's classes (gmbal's type library) fails on Java 17
                // without it: the one setting an operator adds to Payara Micro (docs/ee.md)
                "-Dorg.glassfish.gmbal.no.multipleUpperBoundsException=true",
                "-Dcorbabridge.warehouse.name-service-url=" + naming,
                "-Dcorbabridge.warehouse.name=Warehouse",
                "-Dcorbabridge.warehouse.orb=own",
                "-Dcorbabridge.warehouse.orb-implementation=ECLIPSE_ORB",
                "-Dcorbabridge.warehouse.call-timeout-millis=4000",
                "-Dcorbabridge.sessions.name-service-url=" + naming,
                "-Dcorbabridge.sessions.name=Warehouse",
                "-Dcorbabridge.sessions.orb=per-session",
                "-Dcorbabridge.sessions.orb-implementation=ECLIPSE_ORB",
                "-Dcorbabridge.absent.name-service-url=corbaname::127.0.0.1:" + FreePorts.find(),
                "-Dcorbabridge.absent.orb-implementation=ECLIPSE_ORB",
                "-Dcorbabridge.borrowed.name-service-url=" + naming,
                "-Dcorbabridge.borrowed.orb=container",
                "-Dcorbabridge.absent.connect-timeout-millis=500",
                "-Dcorbabridge.absent.call-timeout-millis=1000",
                // MicroProfile Telemetry on, its spans to the test's collector, soon
                "-Dotel.sdk.disabled=false",
                "-Dotel.service.name=warehouse-app",
                "-Dotel.traces.exporter=otlp",
                "-Dotel.exporter.otlp.protocol=http/protobuf",
                "-Dotel.exporter.otlp.traces.endpoint=" + collector.tracesEndpoint(),
                "-Dotel.bsp.schedule.delay=100",
                "-Dotel.metrics.exporter=none",
                "-Dotel.logs.exporter=none",
                "-jar", System.getProperty("payara.micro.jar"),
                "--deploy", System.getProperty("payara.war"),
                "--contextroot", "/",
                "--port", Integer.toString(port),
                "--nocluster",
                "--rootdir", target.resolve("payara-root").toAbsolutePath().toString()));
        payara = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        awaitStarted();
    }

    @AfterAll
    void stopPayaraAndServers() throws Exception {
        if (payara != null) {
            long pid = payara.pid();
            payara.destroy();
            if (!payara.waitFor(30, TimeUnit.SECONDS)) {
                payara.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("Payara stopped").isFalse();
        }
        if (fixture != null) {
            fixture.close();
        }
        if (collector != null) {
            collector.close();
        }
    }

    @Test
    void aRequestGoesThroughTheBeanAndTheProxyToTheCppServerOnAnOrbMadeFromPayarasClasses() throws Exception {
        HttpResponse<String> response = get("/api/warehouse/site", http);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("depot-1");
    }

    @Test
    void askingForTheServersOrbWherePayaraMicroHasNoneIsATypedErrorThatSaysSo() throws Exception {
        HttpResponse<String> response = get("/api/warehouse/borrowed-site", http);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).startsWith("OrbInitializationException: corbabridge.borrowed.orb is container")
                .contains("java:comp/ORB", "set it to own");
    }

    @Test
    void eachHttpSessionGetsAnOrbOfItsOwnAndSoAConnectionOfItsOwn() throws Exception {
        ProcFs server = ProcFs.of(fixture.server().pid());
        get("/api/warehouse/site", http);
        Set<Integer> before = clientPorts(server);

        for (int session = 0; session < 2; session++) {
            HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                    .connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> first = get("/api/warehouse/session-site", browser);
            assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
            assertThat(first.body()).isEqualTo("depot-1");
            assertThat(get("/api/warehouse/session-site", browser).body()).isEqualTo("depot-1");
        }

        Set<Integer> opened = clientPorts(server);
        opened.removeAll(before);
        assertThat(opened).as("a new connection per session's ORB (before: %s)", before).hasSize(2);
    }

    /** The far ends of the connections the C++ server holds on its port: one per client ORB. */
    private Set<Integer> clientPorts(ProcFs server) {
        int serverPort = fixture.server().port();
        return server.tcpSockets().stream()
                .filter(socket -> socket.state().equals("ESTABLISHED") && socket.localPort() == serverPort)
                .map(ProcFs.TcpSocket::remotePort).collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    void anUnreachableServerIsATypedErrorOfTheCallAndTheReadinessSaysWhichAndWhy() throws Exception {
        HttpResponse<String> call = get("/api/warehouse/absent-site", http);
        assertThat(call.statusCode()).isEqualTo(503);
        assertThat(call.body()).startsWith("NameServiceUnavailableException: ");

        HttpResponse<String> readiness = get("/health/ready", http);
        System.out.println("GET /health/ready -> " + readiness.statusCode() + "\n" + readiness.body());
        assertThat(readiness.statusCode()).isEqualTo(503);
        assertThat(readiness.body().replaceAll("\\s", ""))
                .contains("\"name\":\"corbabridge-warehouse\"", "\"name\":\"corbabridge-absent\"",
                        "\"error\":\"NameServiceUnavailableException\"")
                .doesNotContain("password");
    }

    /**
     * A request that carries a W3C trace context: Payara's MicroProfile Telemetry continues it in
     * the endpoint's server span, the adapter's client span is that span's child, and the C++
     * server's span is the client span's child, all in the caller's trace.
     */
    @Test
    void aTracedRequestIsOneTraceFromTheCallerThroughPayaraAndTheAdapterToTheCppServer() throws Exception {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e" + String.format("%04x", port);
        String callerSpanId = "00f067aa0ba902b7";
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/api/warehouse/site")).header("traceparent", "00-" + traceId + "-" + callerSpanId + "-01")
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);

        List<OtlpReceiver.ReceivedSpan> spans = await().atMost(Duration.ofSeconds(20))
                .until(() -> collector.trace(traceId), trace -> trace.stream().anyMatch(this::isTheCall)
                        && trace.stream().anyMatch(span -> span.kind() == Span.SpanKind.SPAN_KIND_SERVER));
        spans.forEach(span -> System.out.println("exported by Payara: " + span));
        OtlpReceiver.ReceivedSpan endpoint = spans.stream().filter(span -> span.kind() == Span.SpanKind.SPAN_KIND_SERVER)
                .findFirst().orElseThrow();
        OtlpReceiver.ReceivedSpan call = spans.stream().filter(this::isTheCall).findFirst().orElseThrow();
        assertThat(endpoint.parentSpanId()).as("Payara continued the caller's context").isEqualTo(callerSpanId);
        assertThat(call.parentSpanId()).as("the call is the endpoint's child").isEqualTo(endpoint.spanId());
        assertThat(call.scope()).isEqualTo("org.corbabridge.adapter");
        assertThat(call.attributes()).containsEntry("rpc.system.name", "corba")
                .containsEntry("rpc.method", "depot::stock::Warehouse/_get_site")
                .containsEntry("server.address", "127.0.0.1")
                .containsEntry("server.port", Integer.toString(fixture.server().port()));

        List<ServerTraceLine> served = await().atMost(Duration.ofSeconds(10))
                .until(() -> ServerTraceLine.ofTrace(fixture.server().output(), traceId), lines -> !lines.isEmpty());
        System.out.println("logged by warehouse_server: " + served);
        assertThat(served).singleElement().satisfies(line -> {
            assertThat(line.operation()).isEqualTo("_get_site");
            assertThat(line.parentSpanId()).as("the C++ server's span is the call's child").isEqualTo(call.spanId());
        });
    }

    @Test
    void aListenerTheApplicationSubscribesIsCalledBackWithItsLoaderAndRequestContextUntilItsExportEnds()
            throws Exception {
        HttpResponse<String> started = send("POST", "/api/warehouse/watch?period-millis=50");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(200);

        // called back by warehouse_server's own thread, on the client's ORB made from Payara's classes
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(get("/api/warehouse/watch", http).body())
                .matches("events=([3-9]|\\d{2,}) loader=true request-scoped=true active=true failed=0"));

        assertThat(send("DELETE", "/api/warehouse/watch").statusCode()).isEqualTo(204);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(get("/api/warehouse/watch", http).body())
                .as("the server's next call back failed, and it ended the subscription")
                .endsWith("active=false failed=1"));
    }

    private HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private boolean isTheCall(OtlpReceiver.ReceivedSpan span) {
        return span.kind() == Span.SpanKind.SPAN_KIND_CLIENT && span.name().endsWith("/_get_site");
    }

    private HttpResponse<String> get(String path, HttpClient client) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Until Payara says it is ready (it answers HTTP before its deployment is done). */
    private void awaitStarted() throws Exception {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!payara.isAlive()) {
                throw new IllegalStateException("Payara Micro exited with " + payara.exitValue() + ":\n" + logged());
            }
            if (logged().matches("(?s).*Payara Micro .* ready in .*")) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("Payara Micro did not deploy within " + START_LIMIT + ":\n" + logged());
    }

    private String logged() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }
}
