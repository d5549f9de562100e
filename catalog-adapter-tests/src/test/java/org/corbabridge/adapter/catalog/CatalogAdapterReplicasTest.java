package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The Catalog binding over two catalog_server replicas: a killed one costs no query. Static
 * invocation: the replicas are chosen under the invocation, which every mode shares
 * ({@code ReplicaSetTest} has the dynamic client).
 */
class CatalogAdapterReplicasTest {

    @Test
    void queriesGoOnThroughTheOtherReplicaWhenOneIsKilled() throws Exception {
        InvocationMode mode = InvocationMode.STATIC;
        try (ServerFixture fixture = ServerFixture.startNameServiceOnly()) {
            ServerProcess first = fixture.startServer(ServerConfig.builder().name("Catalog-1").build());
            fixture.startServer(ServerConfig.builder().name("Catalog-2").build());
            AdapterConfig config = AdapterConfig.builder().nameService(fixture.nameServiceUrl())
                    .replicas("Catalog-1", "Catalog-2").invocation(mode).orb(TestOrbs.current())
                    .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT).build();
            try (CatalogAdapter adapter = CatalogAdapter.create(config)) {
                for (int i = 0; i < 10; i++) {
                    assertThat(adapter.queryCatalog("items=2").items()).hasSize(2);
                }
                first.kill();
                for (int i = 0; i < 20; i++) {
                    assertThat(adapter.queryCatalog("items=3").items()).hasSize(3);
                }
            }
        }
    }
}
