package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.shop.CatalogOperations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

/**
 * One client over three real warehouse_server replicas (each answers {@code site} with its own
 * name), on this JVM's ORB: calls are spread over all of them, a killed replica costs idempotent
 * calls nothing and is ejected, a restarted one is probed back in, and one missing when the client
 * is made is left out until it is there.
 */
class ReplicaSetTest {

    private static final Duration EJECTION = Duration.ofMillis(500);
    private static final List<String> SITES = List.of("depot-1", "depot-2", "depot-3");

    private ServerFixture fixture;
    private final List<ServerProcess> servers = new ArrayList<>();
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> attemptsByReplica = new ConcurrentHashMap<>();

    @BeforeEach
    void startReplicas() {
        fixture = ServerFixture.startNameServiceOnly();
        for (int i = 1; i <= 3; i++) {
            servers.add(fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                    .extraArguments("--site", "depot-" + i).build()));
        }
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    /** Sees which replica each attempt went to, and the ejections and probes. */
    private final CallObserver observer = new CallObserver() {
        @Override
        public Observation start(String repositoryId, String operation) {
            return new Observation() {
                @Override
                public void replica(String replica) {
                    attemptsByReplica.merge(replica, 1, Integer::sum);
                }
            };
        }

        @Override
        public void replicaEjected(String replica, CorbaAdapterException cause) {
            events.add("ejected " + replica);
        }

        @Override
        public void replicaProbed(String replica, boolean answered) {
            events.add((answered ? "back " : "still out ") + replica);
        }
    };

    private CorbaClient<WarehouseOperations> client(ReplicaPolicy.Balancing balancing, String... replicas) {
        return CorbaClient.create(WarehouseOperations.class, AdapterConfig.builder()
                .nameService(fixture.nameServiceUrl())
                .replicas(replicas)
                .replicaPolicy(ReplicaPolicy.builder().balancing(balancing).ejectAfter(2, 4).ejectFor(EJECTION).build())
                .idempotent("_get_site")
                .orb(TestOrbs.current())
                .callTimeout(TestOrbs.CALL_TIMEOUT)
                .connectTimeout(TestOrbs.CONNECT_TIMEOUT)
                .observers(observer)
                .build());
    }

    private static Map<String, Integer> sites(WarehouseOperations warehouse, int calls) {
        Map<String, Integer> sites = new ConcurrentHashMap<>();
        for (int i = 0; i < calls; i++) {
            sites.merge(warehouse.site(), 1, Integer::sum);
        }
        return sites;
    }

    @Test
    void roundRobinSpreadsCallsEvenlyOverEveryReplica() {
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.ROUND_ROBIN,
                "Warehouse-1", "Warehouse-2", "Warehouse-3")) {
            assertThat(sites(client.proxy(), 60)).containsOnlyKeys(SITES)
                    .allSatisfy((site, calls) -> assertThat(calls).isEqualTo(20));
        }
    }

    @Test
    void aReplicaInANameServiceOfItsOwnIsAReplicaToo() {
        String inItsOwnNameService = fixture.nameServiceUrl() + "#Warehouse-2";
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.ROUND_ROBIN,
                "Warehouse-1", inItsOwnNameService)) {
            assertThat(sites(client.proxy(), 20)).containsOnlyKeys("depot-1", "depot-2");
        }
    }

    @Test
    void aKilledReplicaCostsIdempotentCallsNothingAndIsEjected() {
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.LEAST_OUTSTANDING,
                "Warehouse-1", "Warehouse-2", "Warehouse-3")) {
            WarehouseOperations warehouse = client.proxy();
            assertThat(sites(warehouse, 30)).containsOnlyKeys(SITES);
            servers.get(1).kill();

            long started = System.nanoTime();
            Map<String, Integer> after = sites(warehouse, 60);
            long took = System.nanoTime() - started;

            assertThat(after).containsOnlyKeys("depot-1", "depot-3");
            assertThat(events).contains("ejected 'Warehouse-2' in " + fixture.nameServiceUrl());
            // liveness, not speed: 60 calls, none waiting out a time-out
            assertThat(Duration.ofNanos(took)).isLessThan(TestOrbs.CALL_TIMEOUT);
        }
    }

    @Test
    void aCallThatMayHaveRunIsNotSentToAnotherReplicaUnlessIdempotentButOneThatCannotHaveIs() {
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.ROUND_ROBIN,
                "Warehouse-1", "Warehouse-2", "Warehouse-3")) {
            WarehouseOperations warehouse = client.proxy();
            assertThat(sites(warehouse, 3)).hasSize(3);
            servers.get(2).kill();
            await().atMost(Duration.ofSeconds(10)).until(() -> !servers.get(2).isAlive());

            // echo is not declared idempotent: a failure after it may have run reaches the caller,
            // typed; one that says it did not run (a refused connection) goes to another replica
            List<CorbaAdapterException> failures = new ArrayList<>();
            int answered = 0;
            for (int i = 0; i < 30; i++) {
                try {
                    Pallet sent = WarehouseValues.everyBranch("replica-" + i).get(0);
                    WarehouseValues.assertSamePallet(warehouse.echo(sent), sent);
                    answered++;
                } catch (CorbaAdapterException e) {
                    failures.add(e);
                }
            }
            assertThat(failures).allSatisfy(failure -> assertThat(failure.completion()).isEqualTo(Completion.MAYBE))
                    .hasSizeLessThanOrEqualTo(1);
            assertThat(answered).isGreaterThanOrEqualTo(29);
        }
    }

    @Test
    void aRestartedReplicaIsProbedAndGetsCallsAgain() {
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.ROUND_ROBIN,
                "Warehouse-1", "Warehouse-2", "Warehouse-3")) {
            WarehouseOperations warehouse = client.proxy();
            servers.get(0).kill();
            assertThat(sites(warehouse, 30)).containsOnlyKeys("depot-2", "depot-3");
            servers.get(0).restartOnNewPort();

            // located again (a new port) and probed within the ejection time and a probe period or two
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(events).contains("back 'Warehouse-1' in " + fixture.nameServiceUrl()));
            assertThat(sites(warehouse, 30)).containsOnlyKeys(SITES);
        }
    }

    @Test
    void aReplicaMissingWhenTheClientIsMadeIsLeftOutUntilItIsThere() {
        try (CorbaClient<WarehouseOperations> client = client(ReplicaPolicy.Balancing.ROUND_ROBIN,
                "Warehouse-1", "Warehouse-4")) {
            assertThat(events).containsExactly("ejected 'Warehouse-4' in " + fixture.nameServiceUrl());
            assertThat(sites(client.proxy(), 10)).containsOnlyKeys("depot-1");

            servers.add(fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-4")
                    .extraArguments("--site", "depot-4").build()));
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(sites(client.proxy(), 4)).containsKey("depot-4"));
        }
    }

    @Test
    void aCorbalocOfSeveralAddressesIsAReplicaPerAddress() throws Exception {
        // two catalog servers with the same persistent object, so one object key names both
        List<ServerProcess> catalogs = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            catalogs.add(fixture.startServer(ServerConfig.builder().name("Catalog-" + i)
                    .persistentObjectId("catalog").build()));
        }
        String key = "catalog"; // the server's --object-id, its object key
        String corbaloc = "corbaloc::127.0.0.1:" + catalogs.get(0).port() + ",:127.0.0.1:" + catalogs.get(1).port()
                + "/" + key;
        try (CorbaClient<CatalogOperations> client = CorbaClient.create(CatalogOperations.class,
                AdapterConfig.builder().replicas(corbaloc).idempotent("queryCatalog").orb(TestOrbs.current())
                        .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT)
                        .observers(observer).build())) {
            for (int i = 0; i < 10; i++) {
                assertThat(client.proxy().queryCatalog("items=2").items).hasSize(2);
            }
            assertThat(attemptsByReplica).containsOnlyKeys(
                    "the object at corbaloc::127.0.0.1:" + catalogs.get(0).port() + "/" + key,
                    "the object at corbaloc::127.0.0.1:" + catalogs.get(1).port() + "/" + key);

            catalogs.get(0).kill();
            for (int i = 0; i < 10; i++) {
                assertThat(client.proxy().queryCatalog("items=3").items).hasSize(3);
            }
        }
    }

    @Test
    void aStoppedReplicaCostsAnIdempotentCallOnlyTheAttemptTimeoutAndIsEjected() {
        Duration attempt = Duration.ofMillis(300);
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                AdapterConfig.builder().nameService(fixture.nameServiceUrl())
                        .replicas("Warehouse-1", "Warehouse-2", "Warehouse-3")
                        .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN)
                                .ejectAfter(2, 4).ejectFor(EJECTION).attemptTimeout(attempt).build())
                        .idempotent("_get_site").orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                        .connectTimeout(TestOrbs.CONNECT_TIMEOUT).observers(observer).build())) {
            WarehouseOperations warehouse = client.proxy();
            assertThat(sites(warehouse, 6)).containsOnlyKeys(SITES);
            servers.get(1).suspend();
            try {
                long worst = 0;
                Map<String, Integer> sites = new ConcurrentHashMap<>();
                for (int i = 0; i < 30; i++) {
                    long started = System.nanoTime();
                    sites.merge(warehouse.site(), 1, Integer::sum);
                    worst = Math.max(worst, System.nanoTime() - started);
                }
                assertThat(sites).containsOnlyKeys("depot-1", "depot-3");
                assertThat(events).contains("ejected 'Warehouse-2' in " + fixture.nameServiceUrl());
                // liveness with a generous margin: an attempt time-out, then another replica's answer
                assertThat(Duration.ofNanos(worst)).isLessThan(attempt.multipliedBy(2).plus(TestOrbs.CONNECT_TIMEOUT));
            } finally {
                servers.get(1).resume();
            }
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(events).contains("back 'Warehouse-2' in " + fixture.nameServiceUrl()));
        }
    }

    @Test
    void theDynamicClientSpreadsItsCallsOverTheSameReplicas() {
        AdapterConfig config = AdapterConfig.builder().nameService(fixture.nameServiceUrl())
                .replicas("Warehouse-1", "Warehouse-2", "Warehouse-3")
                .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).build())
                .idempotent("_get_site").orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                .connectTimeout(TestOrbs.CONNECT_TIMEOUT).observers(observer).build();
        Map<Object, Integer> sites = new ConcurrentHashMap<>();
        try (DynamicClient warehouse = DynamicClient.create(WarehouseClientTest.declaredSignature(), config)) {
            for (int i = 0; i < 30; i++) {
                sites.merge(warehouse.invoke("_get_site").result(), 1, Integer::sum);
            }
        }
        assertThat(sites).containsOnlyKeys(SITES.toArray()).allSatisfy((site, calls) -> assertThat(calls).isEqualTo(10));
    }

    @Test
    void everyObjectBoundInANamingContextIsAReplicaAndTheSetFollowsTheContext() {
        ServerProcess west = startEastAndWest();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                everyWarehouseBound().observers(observer).build())) {
            WarehouseOperations warehouse = client.proxy();
            assertThat(sites(warehouse, 10)).containsOnlyKeys("east", "west");

            // a replica bound later joins at the next listing (every ejection time)
            fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouses/North")
                    .extraArguments("--site", "north").build());
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(sites(warehouse, 6)).containsKey("north"));

            // one that unbinds itself leaves it; no call fails meanwhile
            west.stop();
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(sites(warehouse, 9)).containsOnlyKeys("east", "north"));
        }
    }
    /**
     * The name service stalls (SIGSTOP) while the set's naming context is listed again (every
     * ejection time): the replicas found before answer without it, and no call fails. Before, a
     * listing that failed made the set one replica that fails, and every call failed with it.
     */
    @Test
    void aNameServiceStalledWhileTheContextIsListedAgainCostsTheCallsNothing() throws Exception {
        startEastAndWest();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                everyWarehouseBound().build())) {
            WarehouseOperations warehouse = client.proxy();
            assertThat(sites(warehouse, 10)).containsOnlyKeys("east", "west");

            fixture.nameService().suspend();
            try {
                // a listing again waits out the call time-out, then fails; calls go on meanwhile and after
                long until = System.nanoTime() + TestOrbs.CALL_TIMEOUT.plusSeconds(2).toNanos();
                while (System.nanoTime() < until) {
                    assertThat(sites(warehouse, 4)).containsOnlyKeys("east", "west");
                    Thread.sleep(100);
                }
            } finally {
                fixture.nameService().resume();
            }
        }
    }

    /** Two warehouses bound in the naming context Warehouses/; returns the west one. */
    private ServerProcess startEastAndWest() {
        fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouses/East")
                .extraArguments("--site", "east").build());
        return fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouses/West")
                .extraArguments("--site", "west").build());
    }

    /** A client of every object bound in Warehouses/, round robin, listed again every ejection time. */
    private AdapterConfig.Builder everyWarehouseBound() {
        return AdapterConfig.builder().nameService(fixture.nameServiceUrl()).replicas("Warehouses/")
                .replicaPolicy(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN)
                        .ejectFor(EJECTION).build())
                .idempotent("_get_site").orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                .connectTimeout(TestOrbs.CONNECT_TIMEOUT);
    }

    /** A naming context with nothing bound in it: no replica, a typed error naming the context, not an index out of bounds. */
    @Test
    void aNamingContextWithNothingBoundInItIsATypedErrorWhenTheClientIsMade() throws Exception {
        try (TestOrbs.OwnedOrb owned = TestOrbs.newOrb()) {
            NamingContextExt root = NamingContextExtHelper.narrow(
                    owned.orb().string_to_object(fixture.nameService().corbalocUrl()));
            root.bind_new_context(root.to_name("NoWarehouses"));
        }
        AdapterConfig config = AdapterConfig.builder().nameService(fixture.nameServiceUrl()).replicas("NoWarehouses/")
                .orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT)
                .build();

        assertThatThrownBy(() -> CorbaClient.create(WarehouseOperations.class, config).close())
                .isInstanceOf(NameNotBoundException.class).hasMessageContaining("NoWarehouses/");
    }
}
