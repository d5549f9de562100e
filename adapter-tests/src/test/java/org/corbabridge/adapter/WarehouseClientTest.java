package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.PalletNotFound;
import org.corbabridge.depot.stock.WarehouseFull;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.omg.CORBA.IntHolder;

/**
 * The typed proxy of the example Warehouse, by each invocation mode, on this JVM's ORB against
 * the C++ warehouse_server: every value of every CORBA type the IDL has comes back as it was
 * sent, out and inout parameters come back, user exceptions arrive as their generated types,
 * attributes read and write, and a oneway call arrives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarehouseClientTest {

    private ServerFixture fixture;
    private final Map<InvocationMode, CorbaClient<WarehouseOperations>> clients = new EnumMap<>(InvocationMode.class);

    /**
     * The Warehouse's signature with nothing declared by hand: the readonly attribute, the oneway
     * and the inout come from the IDL the generated classes' jar carries.
     */
    static InterfaceSignature declaredSignature() {
        return InterfaceSignature.of(WarehouseOperations.class);
    }

    /**
     * Every mode on every ORB: the signature comes from the IDL in the generated classes' jar,
     * whose union TypeCodes every ORB reads (JacORB-generated helpers' are unreadable on the
     * Eclipse ORB, which kept DII off it until the IDL was read; see DynamicWarehouseTest).
     */
    static List<InvocationMode> modes() {
        return List.of(InvocationMode.values());
    }

    @BeforeAll
    void startServerAndClients() {
        fixture = ServerFixture.startWarehouse();
        for (InvocationMode mode : InvocationMode.values()) {
            clients.put(mode, CorbaClient.create(WarehouseOperations.class,
                    TestOrbs.configFor(fixture).invocation(mode).build()));
        }
    }

    @AfterAll
    void closeClientsAndServer() {
        clients.values().forEach(CorbaClient::close);
        if (fixture != null) {
            fixture.close();
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void everyTypeComesBackAsItWasSent(InvocationMode mode) {
        for (Pallet sent : WarehouseValues.everyBranch("echo-" + mode)) {
            WarehouseValues.assertSamePallet(warehouse(mode).echo(sent), sent);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void sequencesOfStructsComeBackWhole(InvocationMode mode) {
        List<Pallet> sent = WarehouseValues.everyBranch("all-" + mode);

        Pallet[] received = warehouse(mode).echoAll(sent.toArray(Pallet[]::new));

        assertThat(received).hasSize(sent.size());
        for (int i = 0; i < received.length; i++) {
            WarehouseValues.assertSamePallet(received[i], sent.get(i));
        }
        assertThat(warehouse(mode).echoAll(new Pallet[0])).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void outAndInoutParametersComeBackInTheirHolders(InvocationMode mode) throws Exception {
        Pallet goods = WarehouseValues.everyBranch("store-" + mode).get(0);
        IntHolder slot = new IntHolder(-1);
        CountersHolder totals = new CountersHolder(new Counters(40, 1000L));

        warehouse(mode).store(goods, slot, totals);

        assertThat(slot.value).isPositive();
        assertThat(totals.value.stored).isEqualTo(41);
        assertThat(totals.value.photoBytes).isEqualTo(1000L + goods.picture.length);
        WarehouseValues.assertSamePallet(warehouse(mode).fetch(goods.id), goods);
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aMissingPalletRaisesPalletNotFoundWithItsMembers(InvocationMode mode) {
        assertThatThrownBy(() -> warehouse(mode).fetch("no-such-pallet"))
                .isInstanceOfSatisfying(PalletNotFound.class, raised -> {
                    assertThat(raised.id).isEqualTo("no-such-pallet");
                    assertThat(raised.shelf).isEqualTo("no-such-pallet".length());
                });
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aFullWarehouseRaisesWarehouseFullCarryingTheRejectedPallet(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);
        Pallet goods = WarehouseValues.everyBranch("full-" + mode).get(2);
        int capacity = warehouse.capacity();
        warehouse.capacity(0);
        try {
            assertThatThrownBy(() -> warehouse.store(goods, new IntHolder(), new CountersHolder(new Counters())))
                    .isInstanceOfSatisfying(WarehouseFull.class, raised -> {
                        assertThat(raised.capacity).isZero();
                        assertThat(raised.used).isNotNegative();
                        assertThat(raised.rejected).hasSize(1);
                        WarehouseValues.assertSamePallet(raised.rejected[0], goods);
                    });
        } finally {
            warehouse.capacity(capacity);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void attributesReadAndWrite(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);
        assertThat(warehouse.site()).isEqualTo("depot-1");
        int before = warehouse.capacity();
        warehouse.capacity(before + 7);
        assertThat(warehouse.capacity()).isEqualTo(before + 7);
        warehouse.capacity(before);
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aOnewayCallArrivesWithoutAReply(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);
        int before = warehouse.audits();

        for (int i = 0; i < 3; i++) {
            warehouse.audit("oneway " + mode + " " + i);
        }

        await().atMost(Duration.ofSeconds(5)).until(() -> warehouse.audits() == before + 3);
    }

    @ParameterizedTest
    @MethodSource("modes")
    void anAsynchronousOnewayCompletesWhenSentAndArrives(InvocationMode mode) throws Exception {
        WarehouseOperations warehouse = warehouse(mode);
        int before = warehouse.audits();
        ExecutorService calls = AsyncClient.boundedExecutor("oneway", 2, 8);
        try {
            AsyncClient<WarehouseOperations> async = clients.get(mode).async(calls);
            for (int i = 0; i < 3; i++) {
                int n = i;
                async.run(w -> w.audit("async oneway " + mode + " " + n)).get(5, TimeUnit.SECONDS);
            }
        } finally {
            calls.shutdown();
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> warehouse.audits() == before + 3);
    }

    @Test
    void handDeclarationsStillOverrideWhatTheIdlSays() {
        InterfaceSignature overridden = declaredSignature().toBuilder()
                .parameterMode("store", 2, ParameterMode.OUT)
                .attribute("capacity", true)
                .build();
        assertThat(overridden.operation("store").orElseThrow().parameters().get(2).mode()).isEqualTo(ParameterMode.OUT);
        assertThat(overridden.operation("_set_capacity")).isEmpty();
        assertThat(overridden.operationsInterface()).contains(WarehouseOperations.class);
    }

    @Test
    void theSignatureOfGeneratedCodeNamesEveryOperationAndAttribute() {
        InterfaceSignature signature = declaredSignature();

        assertThat(signature.repositoryId()).isEqualTo("IDL:depot/stock/Warehouse:1.0");
        assertThat(signature.interfaceName()).isEqualTo("Warehouse");
        assertThat(signature.operations()).extracting(OperationSignature::name).containsExactlyInAnyOrder(
                "_get_capacity", "_set_capacity", "_get_site", "audit", "audits", "echo", "echoAll", "fetch",
                "store", "echoReadings", "echoBin", "echoRoute", "echoAny", "browse", "remaining", "callBackOnce",
                "noteOnce", "adjustOnce", "subscribe", "unsubscribe", "subscription", "timeCallbacks");
        OperationSignature store = signature.operation("store").orElseThrow();
        assertThat(store.parameters()).extracting(OperationSignature.Parameter::name, OperationSignature.Parameter::mode)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("goods", ParameterMode.IN),
                        org.assertj.core.groups.Tuple.tuple("slot", ParameterMode.OUT),
                        org.assertj.core.groups.Tuple.tuple("totals", ParameterMode.INOUT));
        assertThat(store.exceptions()).hasSize(1);
        assertThat(signature.operation("audit").orElseThrow().oneway()).isTrue();
        assertThat(InterfaceSignature.of(WarehouseOperations.class).operation("_get_capacity")).isPresent();
    }

    private WarehouseOperations warehouse(InvocationMode mode) {
        return clients.get(mode).proxy();
    }
}
