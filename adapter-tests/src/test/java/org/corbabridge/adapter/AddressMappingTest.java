package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.Map;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A server that publishes an address other than the one it listens on, as one behind NAT or in a
 * container does: here it listens on 127.0.0.1 and publishes 127.0.0.2, where nothing listens.
 * Without a mapping its calls fail at once, naming the published address and the setting; with
 * one (exact, or a pattern) they are answered, in plain text and over TLS, on this JVM's ORB.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AddressMappingTest {

    private static final String PUBLISHED = "127.0.0.2";

    private ServerFixture fixture;
    private ServerProcess server;

    @BeforeAll
    void startServer() {
        fixture = ServerFixture.startNameServiceOnly();
        server = fixture.startServer(ServerConfig.warehouse().toBuilder().tls(ServerTls.only().withPlainText())
                .publishedHost(PUBLISHED).build());
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private CorbaClient<WarehouseOperations> client(OrbConfig.Builder orb) {
        return CorbaClient.create(WarehouseOperations.class, TestOrbs.configFor(fixture)
                .orb(orb.implementation(TestOrbs.current()).build()).build());
    }

    @Test
    void anUnreachablePublishedAddressFailsAtOnceNamingItAndTheSetting() {
        try (CorbaClient<WarehouseOperations> client = client(OrbConfig.builder())) {
            long started = System.nanoTime();
            Throwable thrown = catchThrowable(() -> client.proxy().site());
            long took = System.nanoTime() - started;

            assertThat(thrown).isInstanceOf(ServerUnavailableException.class)
                    .hasMessageContaining("the server publishes " + PUBLISHED + ":" + server.port())
                    .hasMessageContaining("mapAddress(\"" + PUBLISHED + ":" + server.port() + "\", \"HOST:PORT\")");
            assertThat(((CorbaAdapterException) thrown).completion()).isEqualTo(Completion.NO);
            // refused connections and their retries' back-offs, never a time-out
            assertThat(Duration.ofNanos(took)).isLessThan(TestOrbs.CALL_TIMEOUT);
        }
    }

    @Test
    void anExactMappingReachesTheServer() {
        try (CorbaClient<WarehouseOperations> client = client(OrbConfig.builder()
                .mapAddress(PUBLISHED + ":" + server.port(), "127.0.0.1:" + server.port()))) {
            assertThat(client.proxy().site()).isEqualTo("depot-1");
        }
    }

    @Test
    void aPatternMappingReachesTheServerOverTlsToo() {
        TlsConfig tls = TlsConfig.builder().trustStore(TestKeys.trustStore(), TestKeys.PASSWORD).build();
        try (CorbaClient<WarehouseOperations> client = client(OrbConfig.builder().tls(tls)
                .mapAddress(PUBLISHED + ":*", "127.0.0.1:*"))) {
            assertThat(client.proxy().site()).isEqualTo("depot-1");
        }
    }

    @Test
    void aMalformedMappingIsRefusedWhenConfigured() {
        assertThat(catchThrowable(() -> OrbConfig.builder().mapAddress("10.0.0.5", "127.0.0.1:1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'10.0.0.5'");
        assertThat(OrbConfig.builder().mapAddress("a:1", "b:2").mapAddress("*:*", "c:*").build().addressMap())
                .containsExactly(Map.entry("a:1", "b:2"), Map.entry("*:*", "c:*"));
    }
}
