package org.corbabridge.adapter.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.spi.TelemetryNames;
import org.corbabridge.depot.stock.PalletNotFound;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Call metrics, on this JVM's ORB against the C++ warehouse_server, as Prometheus scrapes them:
 * a timer per interface, operation and outcome with its percentiles, counters of retries,
 * rebinds and time-outs, and the ORBs the adapter created and still has open. By default they go
 * to Micrometer's global registry, so an application only adds the registry it exports from; the
 * OTLP registry bridges them to OpenTelemetry.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallMetricsTest {

    private static final String WAREHOUSE = "interface=\"IDL:depot/stock/Warehouse:1.0\"";

    private ServerFixture fixture;

    @BeforeAll
    void startServer() {
        fixture = ServerFixture.startWarehouse();
    }

    @AfterAll
    void stopServer() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private CorbaClient<WarehouseOperations> client(AdapterConfig.Builder config) {
        return CorbaClient.create(WarehouseOperations.class, InterfaceSignature.of(WarehouseOperations.class), config.build(), null);
    }

    @Test
    void everyOutcomeRetryRebindAndTimeOutIsCountedPerOperation() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CallMetrics metrics = CallMetrics.of(prometheus, TelemetryNames.RPC_AND_LEGACY);
        int before;
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture).idempotent("_get_site")
                .observers(metrics))) {
            WarehouseOperations warehouse = client.proxy();
            warehouse.site();
            warehouse.site();
            assertThatThrownBy(() -> warehouse.fetch("absent")).isInstanceOf(PalletNotFound.class);
            before = fixture.server().port();
            fixture.server().kill();
            fixture.server().restartOnNewPort();
            warehouse.site();
        }
        int after = fixture.server().port();
        try (CorbaClient<WarehouseOperations> impatient = client(TestOrbs.configFor(fixture)
                .callTimeout(Duration.ofSeconds(1)).observers(metrics))) {
            impatient.proxy().site();
            fixture.server().suspend();
            try {
                assertThatThrownBy(impatient.proxy()::site).isInstanceOf(CallTimeoutException.class);
            } finally {
                fixture.server().resume();
            }
        }

        String scraped = prometheus.scrape();
        System.out.println("scraped after six calls on " + TestOrbs.current().displayName() + ":\n" + scraped);
        // OpenTelemetry's conventions: a series per server, status and error type
        String duration = "rpc_client_call_duration_seconds_count";
        String site = "rpc_method=\"depot::stock::Warehouse/_get_site\"";
        assertThat(value(scraped, duration, site, "rpc_response_status_code=\"NO_EXCEPTION\"",
                "server_port=\"" + before + "\"")).isEqualTo(2);
        assertThat(value(scraped, duration, site, "rpc_response_status_code=\"NO_EXCEPTION\"",
                "server_port=\"" + after + "\"")).isEqualTo(2);
        assertThat(value(scraped, duration, "rpc_method=\"depot::stock::Warehouse/fetch\"",
                "rpc_response_status_code=\"USER_EXCEPTION\"", "server_address=\"127.0.0.1\"")).isEqualTo(1);
        assertThat(value(scraped, duration, site, "rpc_response_status_code=\"SYSTEM_EXCEPTION\"",
                "error_type=\"org.corbabridge.adapter.CallTimeoutException\"", "server_port=\"" + after + "\"",
                "rpc_system_name=\"corba\"")).isEqualTo(1);
        // the earlier names beside them
        assertThat(scraped)
                .contains("corba_client_calls_seconds_count{exception=\"none\"," + WAREHOUSE
                        + ",operation=\"_get_site\",outcome=\"success\"} 4")
                .contains("corba_client_calls_seconds_count{exception=\"PalletNotFound\"," + WAREHOUSE
                        + ",operation=\"fetch\",outcome=\"user_exception\"} 1")
                .contains("corba_client_calls_seconds_count{exception=\"CallTimeoutException\"," + WAREHOUSE
                        + ",operation=\"_get_site\",outcome=\"failure\"} 1")
                .contains("corba_client_calls_seconds{exception=\"none\"," + WAREHOUSE
                        + ",operation=\"_get_site\",outcome=\"success\",quantile=\"0.99\"}")
                .contains("corba_client_retries_total{" + WAREHOUSE + ",operation=\"_get_site\"} 1")
                .contains("corba_client_rebinds_total{" + WAREHOUSE + ",operation=\"_get_site\"} 1")
                .contains("corba_client_timeouts_total{" + WAREHOUSE + ",operation=\"_get_site\"} 1")
                .contains("corba_client_orb_creations_total ")
                .contains("corba_client_orbs_open ");
    }

    /** The value of the one line of {@code metric} that carries every one of {@code labels}. */
    private static double value(String scraped, String metric, String... labels) {
        List<String> lines = scraped.lines()
                .filter(line -> line.startsWith(metric + "{") && Arrays.stream(labels).allMatch(line::contains))
                .toList();
        assertThat(lines).as(metric + " with " + Arrays.toString(labels)).hasSize(1);
        return Double.parseDouble(lines.get(0).substring(lines.get(0).lastIndexOf(' ') + 1));
    }

    @Test
    void byDefaultOnlyOpenTelemetrysNamesAreGivenWithNoErrorTypeOnSuccess() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture)
                .observers(CallMetrics.of(prometheus, TelemetryNames.RPC)))) {
            client.proxy().site();
        }

        String scraped = prometheus.scrape();
        assertThat(scraped).doesNotContain("corba_client_calls");
        String line = scraped.lines().filter(l -> l.startsWith("rpc_client_call_duration_seconds_count{"))
                .findFirst().orElseThrow();
        // Prometheus takes an empty label for no label: one set of labels per name, and no error
        assertThat(line).doesNotContain("error_type=\"org").contains("server_address=\"127.0.0.1\"",
                "server_port=\"" + fixture.server().port() + "\"", "rpc_system_name=\"corba\"");
    }

    @Test
    void theSameMetersReachAnOpenTelemetryCollectorOverOtlp() throws Exception {
        HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        BlockingQueue<byte[]> exports = new LinkedBlockingQueue<>();
        collector.createContext("/v1/metrics", exchange -> {
            exports.add(exchange.getRequestBody().readAllBytes());
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        String url = "http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/metrics";
        OtlpMeterRegistry otlp = new OtlpMeterRegistry(key -> key.equals("otlp.url") ? url : null, Clock.SYSTEM);
        try {
            Metrics.addRegistry(otlp);
            try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture))) {
                client.proxy().audits();
            } finally {
                Metrics.removeRegistry(otlp);
            }
            otlp.close(); // publishes what it has

            byte[] export = exports.poll(10, TimeUnit.SECONDS);
            assertThat(export).as("an OTLP export reached the collector").isNotNull();
            // OTLP protobuf carries names and attribute values as plain UTF-8
            assertThat(new String(export, StandardCharsets.ISO_8859_1))
                    .contains(CallMetrics.CALL_DURATION, "depot::stock::Warehouse/audits", "rpc.system.name");
        } finally {
            otlp.close();
            collector.stop(0);
        }
    }

    @Test
    void theOrbsGaugeCountsOwnedOrbsUntilTheirClientCloses() {
        long createdBefore = MicrometerExtension.created();
        int openBefore = MicrometerExtension.open();
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture))) {
            assertThat(MicrometerExtension.created()).isEqualTo(createdBefore + 1);
            assertThat(MicrometerExtension.open()).isEqualTo(openBefore + 1);
        }
        assertThat(MicrometerExtension.open()).isEqualTo(openBefore);
    }

    @Test
    void whileTheGlobalRegistryHoldsNoRegistryACallRegistersNoMeterInIt() {
        assertThat(Metrics.globalRegistry.getRegistries()).as("no test left a registry in the global one").isEmpty();
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture))) {
            client.proxy().site();
        }

        assertThat(Metrics.globalRegistry.find(CallMetrics.CALL_DURATION)
                .tag("rpc.method", "depot::stock::Warehouse/_get_site").meters()).isEmpty();
        assertThat(Metrics.globalRegistry.find(CallMetrics.CALLS).tag("operation", "_get_site").meters()).isEmpty();
    }

    @Test
    void withNoCodeTheGlobalRegistryGetsTheMetricsOnceTheApplicationAddsAnExportingRegistry() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Metrics.addRegistry(prometheus);
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture))) {
            client.proxy().audits();
        } finally {
            Metrics.removeRegistry(prometheus);
        }

        assertThat(value(prometheus.scrape(), "rpc_client_call_duration_seconds_count",
                "rpc_method=\"depot::stock::Warehouse/audits\"")).isEqualTo(1);
    }

    @Test
    void attemptsPerReplicaEjectionsAndProbesAreCounted() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CallMetrics metrics = CallMetrics.of(prometheus);
        try (ServerFixture replicas = ServerFixture.startNameServiceOnly()) {
            ServerProcess first = replicas.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-1").build());
            replicas.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-2").build());
            String one = "'Warehouse-1' in " + replicas.nameServiceUrl();
            String two = "'Warehouse-2' in " + replicas.nameServiceUrl();
            try (CorbaClient<WarehouseOperations> client = client(AdapterConfig.builder()
                    .nameService(replicas.nameServiceUrl()).replicas("Warehouse-1", "Warehouse-2")
                    .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN)
                            .ejectAfter(1, 1).ejectFor(Duration.ofMillis(200)).build())
                    .idempotent("_get_site").orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                    .connectTimeout(TestOrbs.CONNECT_TIMEOUT).observers(metrics))) {
                for (int i = 0; i < 4; i++) {
                    client.proxy().site();
                }
                first.kill();
                client.proxy().site();
                client.proxy().site();
                first.restartOnNewPort();
                await().atMost(Duration.ofSeconds(10)).until(() -> prometheus.scrape().contains(
                        "corba_client_replica_probes_total{outcome=\"answered\",replica=\"" + one + "\"} 1.0"));
            }
            String scrape = prometheus.scrape();
            assertThat(scrape).contains("corba_client_replica_ejections_total{replica=\"" + one + "\"} 1.0")
                    .doesNotContain("corba_client_replica_ejections_total{replica=\"" + two + "\"}")
                    .contains("corba_client_replica_attempts_total{replica=\"" + two + "\"}");
        }
    }
}
