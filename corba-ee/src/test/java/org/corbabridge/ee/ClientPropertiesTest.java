package org.corbabridge.ee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link CorbaReference} client's MicroProfile Config properties, through a real MicroProfile
 * Config (SmallRye): one per resource property, with the resource's defaults, and an unknown or
 * malformed one refused with its name.
 */
class ClientPropertiesTest {

    private static ClientProperties.Client read(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 500)).build();
        return ClientProperties.read("warehouse", WarehouseOperations.class,
                property -> config.getOptionalValue(property, String.class), config.getPropertyNames());
    }

    @Test
    void everyPropertyOfTheResourceIsOneInKebabCase() {
        assertThat(ClientProperties.names()).contains("name-service-url", "name", "invocation", "orb-implementation",
                "call-timeout-millis", "connect-timeout-millis", "max-incoming-message-bytes", "retry-max-attempts",
                "retry-backoff-millis", "retry-backoff-multiplier", "retry-max-backoff-millis",
                "retry-idempotent-calls", "idempotent", "replicas", "replica-balancing", "replica-ejection-failures",
                "replica-ejection-window", "replica-ejection-millis", "replica-attempt-timeout-millis",
                "readonly-attributes", "oneway", "inout", "tls-trust-store", "tls-trust-store-password",
                "tls-trust-store-type", "tls-key-store", "tls-key-store-password", "tls-key-store-type",
                "tls-protocols", "tls-verify-host-name", "trace-context", "map-addresses", "orb")
                .doesNotContain("interface");
    }

    @Test
    void eachPropertyReachesTheClientsConfiguration() {
        ClientProperties.Client client = read(Map.of(
                "corbabridge.warehouse.name-service-url", "corbaname::127.0.0.1:4809",
                "corbabridge.warehouse.name", "depots/Warehouse",
                "corbabridge.warehouse.invocation", "dii",
                "corbabridge.warehouse.orb-implementation", "ECLIPSE_ORB",
                "corbabridge.warehouse.call-timeout-millis", "1234",
                "corbabridge.warehouse.retry-backoff-multiplier", "3.5",
                "corbabridge.warehouse.retry-idempotent-calls", "false",
                "corbabridge.warehouse.idempotent", "echo, fetch",
                "corbabridge.warehouse.replicas", "Warehouse-1 Warehouse-2",
                "corbabridge.warehouse.orb", "per-session"));

        AdapterConfig config = client.config();
        assertThat(config.nameServiceUrl()).isEqualTo("corbaname::127.0.0.1:4809");
        assertThat(config.name()).isEqualTo("depots/Warehouse");
        assertThat(config.invocation()).isEqualTo(InvocationMode.DII);
        assertThat(config.orb().implementation()).isEqualTo(OrbImplementation.ECLIPSE_ORB);
        assertThat(config.callTimeout()).isEqualTo(Duration.ofMillis(1234));
        assertThat(config.retry().backoffMultiplier()).isEqualTo(3.5);
        assertThat(config.retry().retriesIdempotentCalls()).isFalse();
        assertThat(config.idempotentOperations()).containsExactlyInAnyOrder("echo", "fetch");
        assertThat(config.replicas()).containsExactly("Warehouse-1", "Warehouse-2");
        assertThat(client.orb()).isEqualTo(ClientProperties.OrbChoice.PER_SESSION);
        assertThat(client.signature().repositoryId()).isEqualTo("IDL:depot/stock/Warehouse:1.0");
    }

    @Test
    void whatIsNotSetIsTheResourcesDefaultWhichIsTheAdapters() {
        ClientProperties.Client client = read(Map.of("corbabridge.warehouse.name-service-url", "corbaname::h:2809"));
        CorbaClientResource resource = new CorbaClientResource();
        resource.setInterface(WarehouseOperations.class.getName());
        resource.setNameServiceUrl("corbaname::h:2809");

        assertThat(client.config().toString()).isEqualTo(resource.adapterConfig().toString());
        assertThat(client.config().callTimeout()).isEqualTo(AdapterConfig.DEFAULT_CALL_TIMEOUT);
        assertThat(client.config().retry().maxAttempts()).isEqualTo(resource.adapterConfig().retry().maxAttempts());
        assertThat(client.config().orb().maxIncomingMessageBytes())
                .isEqualTo(resource.adapterConfig().orb().maxIncomingMessageBytes());
        assertThat(client.orb()).isEqualTo(ClientProperties.OrbChoice.OWN);
    }

    @Test
    void anUnknownPropertyIsRefusedWithItsNameAndWhatATakes() {
        assertThatThrownBy(() -> read(Map.of("corbabridge.warehouse.call-timeout", "5s")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("corbabridge.warehouse.call-timeout is not a property of a CORBA client")
                .hasMessageContaining("call-timeout-millis");
    }

    @Test
    void aMalformedValueIsRefusedWithItsNameAndWhatItTakes() {
        assertThatThrownBy(() -> read(Map.of("corbabridge.warehouse.call-timeout-millis", "soon")))
                .hasMessage("corbabridge.warehouse.call-timeout-millis is 'soon', not a whole number");
        assertThatThrownBy(() -> read(Map.of("corbabridge.warehouse.retry-idempotent-calls", "yes")))
                .hasMessage("corbabridge.warehouse.retry-idempotent-calls is 'yes', not true or false");
        assertThatThrownBy(() -> read(Map.of("corbabridge.warehouse.orb", "borrowed")))
                .hasMessage("corbabridge.warehouse.orb is 'borrowed'; it takes own, container or per-session");
        assertThatThrownBy(() -> read(Map.of("corbabridge.warehouse.invocation", "telepathy")))
                .hasMessageContaining("corbabridge.warehouse.*").hasMessageContaining("telepathy");
    }

    @Test
    void anotherClientsPropertiesAndOtherSettingsAreNotThisOnes() {
        ClientProperties.Client client = read(Map.of("corbabridge.catalog.call-timeout-millis", "soon",
                "corbabridge.telemetry.names", "legacy", "corbabridge.warehouse.name-service-url", "corbaname::h:1"));

        assertThat(client.config().nameServiceUrl()).isEqualTo("corbaname::h:1");
    }

    @Test
    void aPasswordNeverShowsInWhatTheClientSaysOfItselfNorInARefusal(@TempDir Path keys) throws Exception {
        Path store = Files.createFile(keys.resolve("truststore.p12"));
        ClientProperties.Client client = read(Map.of(
                "corbabridge.warehouse.name-service-url", "corbaname::h:2809",
                "corbabridge.warehouse.tls-trust-store", store.toString(),
                "corbabridge.warehouse.tls-trust-store-password", "s3cret-Pa55"));
        assertThat(client.config().toString()).doesNotContain("s3cret-Pa55");

        assertThatThrownBy(() -> read(Map.of(
                "corbabridge.warehouse.tls-trust-store", keys.resolve("absent.p12").toString(),
                "corbabridge.warehouse.tls-trust-store-password", "s3cret-Pa55")))
                .hasMessageContaining("absent.p12").message().doesNotContain("s3cret-Pa55");
    }
}
