package org.corbabridge.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.examples.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The examples the README and the docs show, run against warehouse_server on this JVM's ORB. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class ExamplesIT {

    private final ServerFixture fixture;
    private String warehouse;

    ExamplesIT(ServerFixture fixture) {
        this.fixture = fixture;
        warehouse = fixture.nameServiceUrl() + "#Warehouse";
    }


    @Test
    void theFirstCallReadsTheSiteAndGetsTheTypedUserException() {
        assertThat(FirstCall.run(warehouse)).isEqualTo("depot-1: no pallet P-404 on shelf 5");
    }

    @Test
    void theDynamicClientFromTheIdlFileCallsWithGenericValues(@TempDir Path directory) throws Exception {
        Path idl = directory.resolve("warehouse.idl");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("idl/warehouse.idl")) {
            Files.copy(in, idl);
        }
        Map<String, Object> answers = FromIdl.run(warehouse, idl);

        assertThat(answers.get("site")).isEqualTo("depot-1");
        assertThat(answers.get("echoed")).isEqualTo(List.of(Map.of("discriminator", 3, "level", 0.5)));
        assertThat((Integer) answers.get("slot")).isPositive();
        assertThat(((Map<?, ?>) answers.get("totals")).get("stored")).isEqualTo(1);
    }

    @Test
    void theCatalogExampleListsItemsAndTellsARefusedQuery() {
        try (ServerFixture catalog = ServerFixture.start()) {
            String url = catalog.catalogUrl();
            assertThat(CatalogExample.run(url, "items=3").lines()).hasSize(3);
            assertThat(CatalogExample.run(url, "items=banana")).startsWith("refused: ");
        }
    }

    @Test
    void threeReplicasBehindNatShareTheCallsThroughTheirGateway() {
        try (ServerFixture replicas = ServerFixture.startNameServiceOnly()) {
            for (int i = 1; i <= 3; i++) {
                // each publishes 127.0.0.2, where nothing listens: only the mapping reaches it
                replicas.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                        .extraArguments("--site", "depot-" + i).publishedHost("127.0.0.2").build());
            }
            Set<String> sites = new HashSet<>();
            try (CorbaClient<WarehouseOperations> client = ReplicasBehindNat.open(replicas.nameServiceUrl(),
                    "127.0.0.2", "127.0.0.1")) {
                for (int i = 0; i < 30; i++) {
                    sites.add(client.proxy().site());
                }
            }
            assertThat(sites).containsExactlyInAnyOrder("depot-1", "depot-2", "depot-3");
        }
    }

    @Test
    void theTypedListenerIsCalledBackOnceThenBySubscriptionUntilUnsubscribed() throws Exception {
        List<String> seen = StockAlerts.typed(warehouse);

        assertThat(seen).startsWith("event 0 P-1", "answered 0");
        assertThat(seen).contains("event 1 event-1", "subscription answered true");
    }

    @Test
    void theDynamicListenerFromTheIdlFileIsCalledBack(@TempDir Path directory) throws Exception {
        Path idl = directory.resolve("warehouse.idl");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("idl/warehouse.idl")) {
            Files.copy(in, idl);
        }
        Map<?, ?> report = StockAlerts.dynamic(warehouse, idl);

        assertThat(report.get("answered")).isEqualTo(true);
        assertThat(report.get("answer")).isEqualTo(0);
    }
}
