package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.PalletCursor;
import org.corbabridge.depot.stock.PalletHolder;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.IntHolder;

/**
 * Objects that calls hand out and take: the Warehouse's {@code browse()} returns a cursor, and
 * {@code remaining(in PalletCursor)} takes one back. The cursor comes back as a client of its
 * own, called as its parent is (bounded, typed failures), closed with it; passed as an
 * argument it is sent as its reference; in every mode, on this JVM's ORB.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class WarehouseReferencesTest {

    private static final Idl IDL = Idl.fromClassPath(WarehouseReferencesTest.class.getClassLoader(), "idl/warehouse.idl");
    private static final List<String> STORED = List.of("ref-a", "ref-b", "ref-c");

    private final ServerFixture fixture;

    WarehouseReferencesTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    @BeforeAll
    void store() throws Exception {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(
                InvocationMode.STATIC))) {
            for (String id : STORED) {
                client.proxy().store(WarehouseValues.pallet(id, WarehouseValues.everyBranch(id).get(0).amount), new IntHolder(),
                        new CountersHolder(new Counters(0, 0)));
            }
        }
    }


    private AdapterConfig config(InvocationMode mode) {
        return TestOrbs.configFor(fixture).invocation(mode).build();
    }

    private static List<String> drain(PalletCursor cursor) {
        List<String> ids = new ArrayList<>();
        PalletHolder goods = new PalletHolder();
        while (cursor.next(goods)) {
            ids.add(goods.value.id);
        }
        return ids;
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aReturnedReferenceIsAProxyOfItsOwnAndAnArgumentIsSentAsItsReference(InvocationMode mode) {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode))) {
            PalletCursor cursor = client.proxy().browse();

            assertThat(Proxy.isProxyClass(cursor.getClass())).as("the adapter's proxy, not the raw stub").isTrue();
            assertThat(cursor.toString()).contains("PalletCursor from browse on 'Warehouse'");
            assertThat(cursor.left()).isEqualTo(STORED.size());
            assertThat(client.proxy().remaining(cursor)).isEqualTo(STORED.size());
            PalletHolder first = new PalletHolder();
            assertThat(cursor.next(first)).isTrue();
            assertThat(first.value.id).isEqualTo(STORED.get(0));
            assertThat(client.proxy().remaining(cursor)).isEqualTo(STORED.size() - 1);
            assertThat(drain(cursor)).containsExactlyElementsOf(STORED.subList(1, STORED.size()));
            assertThat(cursor._non_existent()).as("org.omg.CORBA.Object's methods reach the reference").isFalse();
            cursor.destroy();
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aDestroyedObjectFailsTypedWithinTheCallTimeOutAndAClosedParentClosesIt(InvocationMode mode) {
        CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode));
        PalletCursor gone = client.proxy().browse();
        gone.destroy();
        long started = System.nanoTime();
        assertThatThrownBy(gone::left).isInstanceOf(CorbaAdapterException.class)
                .hasMessageContaining("PalletCursor from browse");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TestOrbs.CALL_TIMEOUT);

        PalletCursor open = client.proxy().browse();
        assertThat(open.left()).isEqualTo(STORED.size());
        client.close();
        assertThatThrownBy(open::left).isInstanceOf(AdapterClosedException.class);
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicClientFromTheIdlGetsADynamicClientForAReturnedReference(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"), config(mode))) {
            Object result = warehouse.invoke("browse").result();

            assertThat(result).isInstanceOf(DynamicClient.class);
            DynamicClient cursor = (DynamicClient) result;
            assertThat(cursor.signature().repositoryId()).isEqualTo("IDL:depot/stock/PalletCursor:1.0");
            assertThat(cursor.get("left")).isEqualTo(STORED.size());
            DynamicReply next = cursor.invoke("next", (Object) null);
            assertThat(next.result()).isEqualTo(true);
            assertThat(((Map<?, ?>) next.output("goods")).get("id")).isEqualTo(STORED.get(0));
            assertThat(warehouse.invoke("remaining", cursor).result()).isEqualTo(STORED.size() - 1);
            cursor.invoke("destroy");
            assertThatThrownBy(() -> cursor.get("left")).isInstanceOf(CorbaAdapterException.class);
        }
    }

    @Test
    void handedOutObjectsLeaveNoOrbBehind() {
        int before = OrbCounter.open();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.DYNAMIC))) {
            for (int i = 0; i < 50; i++) {
                PalletCursor cursor = client.proxy().browse();
                assertThat(cursor.left()).isEqualTo(STORED.size());
                cursor.destroy();
            }
            assertThat(OrbCounter.open()).isEqualTo(before + 1);
        }
        assertThat(OrbCounter.open()).isEqualTo(before);
    }
}
