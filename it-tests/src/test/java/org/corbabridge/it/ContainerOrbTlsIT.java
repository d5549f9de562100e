package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.ejb.ContainerOrb;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The built-in ORB resource's TLS settings at work: set as the container sets them (its setters,
 * then {@code start()}), on this JVM's ORB, the resource's ORB lent to an adapter reaches a
 * Catalog that speaks TLS only; without them it cannot. The container is left out: which
 * properties it passes is {@code ResourceOverridesTest}'s concern, what the ORB then does is this.
 */
class ContainerOrbTlsIT {

    private static ServerFixture tlsOnly;

    @BeforeAll
    static void startTlsOnlyCatalog() {
        tlsOnly = ServerFixture.start(ServerConfig.builder().tls(ServerTls.only()).build());
    }

    @AfterAll
    static void stopIt() {
        tlsOnly.close();
    }

    @Test
    void theBuiltInOrbCallsOverTlsWhenItsResourceSaysSo() {
        ContainerOrb resource = resource();
        resource.setTlsTrustStore(TestKeys.trustStore().toString());
        resource.setTlsTrustStorePassword(TestKeys.PASSWORD);
        resource.start();
        try (CatalogAdapter adapter = CatalogAdapter.create(config(), resource.orb())) {
            assertThat(adapter.queryCatalog("bytes=102400").items()).isNotEmpty();
        } finally {
            resource.stop();
        }
    }

    @Test
    void withoutTlsSettingsTheBuiltInOrbCannotReachATlsOnlyServer() {
        ContainerOrb resource = resource();
        resource.start();
        try (CatalogAdapter adapter = CatalogAdapter.create(config(), resource.orb())) {
            assertThat(catchThrowable(() -> adapter.queryCatalog("items=1")))
                    .isInstanceOf(ServerUnavailableException.class);
        } finally {
            resource.stop();
        }
    }

    private static ContainerOrb resource() {
        ContainerOrb resource = new ContainerOrb();
        resource.setImplementation(CatalogServersForContainer.orb().name());
        resource.setCallTimeoutMillis(CatalogServersForContainer.CALL_TIMEOUT_MILLIS);
        resource.setConnectTimeoutMillis(CatalogServersForContainer.CONNECT_TIMEOUT_MILLIS);
        return resource;
    }

    private static AdapterConfig config() {
        return AdapterConfig.builder().nameService(tlsOnly.nameServiceUrl()).name(tlsOnly.catalogName())
                .orb(CatalogServersForContainer.orb())
                .callTimeout(Duration.ofMillis(CatalogServersForContainer.CALL_TIMEOUT_MILLIS))
                .connectTimeout(Duration.ofMillis(CatalogServersForContainer.CONNECT_TIMEOUT_MILLIS)).build();
    }
}
