package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.PalletHelper;
import org.corbabridge.depot.stock.PalletNotFound;
import org.corbabridge.fixture.ServerFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.omg.CORBA.Any;

/**
 * The DynamicClient: operations by name with positional arguments, on the Warehouse, with the
 * generated classes' signature (values are generated types) and with the same TypeCodes but no
 * Java classes (values are generic maps, lists and arrays).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DynamicWarehouseTest {

    private static final List<InvocationMode> DYNAMIC_MODES = List.of(InvocationMode.DYNAMIC, InvocationMode.DII);

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

    /** The signature from the IDL file alone, as a user with no generated classes has it: TypeCodes only. */
    static InterfaceSignature typeCodesOnly() {
        InterfaceSignature fromIdl = Idl.fromClassPath(DynamicWarehouseTest.class.getClassLoader(), "idl/warehouse.idl")
                .signature("depot::stock::Warehouse");
        assertThat(fromIdl.operationsInterface()).isEmpty();
        return fromIdl;
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void genericValuesRoundTripWithNoGeneratedClasses(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(typeCodesOnly(), config(mode))) {
            for (Pallet pallet : WarehouseValues.everyBranch("generic-" + mode)) {
                Map<String, Object> sent = WarehouseValues.generic(pallet);

                @SuppressWarnings("unchecked")
                Map<String, Object> received = (Map<String, Object>) warehouse.invoke("echo", sent).result();

                assertThat(received.keySet()).containsExactlyElementsOf(sent.keySet());
                assertThat(received).usingRecursiveComparison().ignoringFields("extra").isEqualTo(sent);
                assertThat(((Any) received.get("extra")).equal((Any) sent.get("extra"))).isTrue();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void outAndInoutValuesComeBackByParameterName(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(typeCodesOnly(), config(mode))) {
            Map<String, Object> goods = WarehouseValues.generic(WarehouseValues.everyBranch("dyn-store-" + mode).get(1));

            DynamicReply reply = warehouse.invoke("store", goods, null, Map.of("stored", 5, "photoBytes", 0L));

            assertThat(reply.result()).isNull();
            assertThat(reply.outputs()).containsOnlyKeys("slot", "totals");
            assertThat((Integer) reply.output("slot")).isPositive();
            assertThat(reply.output("totals")).isEqualTo(Map.of("stored", 6, "photoBytes", 300L));
        }
    }

    @ParameterizedTest
    @MethodSource("org.corbabridge.adapter.WarehouseClientTest#modes")
    void generatedTypesComeBackWhenTheSignatureHasThem(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(WarehouseClientTest.declaredSignature(), config(mode))) {
            Pallet sent = WarehouseValues.everyBranch("typed-" + mode).get(0);

            WarehouseValues.assertSamePallet((Pallet) warehouse.invoke("echo", sent).result(), sent);
            DynamicReply stored = warehouse.invoke("store", sent, null, new Counters(0, 0));
            assertThat(((Counters) stored.output("totals")).stored).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @MethodSource("org.corbabridge.adapter.WarehouseClientTest#modes")
    void userExceptionsAreRecognisedByTypeCode(InvocationMode mode) {
        try (DynamicClient typed = DynamicClient.create(WarehouseClientTest.declaredSignature(), config(mode))) {
            assertThatThrownBy(() -> typed.invoke("fetch", "nothing-here"))
                    .isInstanceOfSatisfying(RemoteUserException.class, raised -> {
                        assertThat(raised.repositoryId()).isEqualTo("IDL:depot/stock/PalletNotFound:1.0");
                        assertThat(raised.members()).containsEntry("id", "nothing-here").containsEntry("shelf", 12);
                        assertThat(raised.getCause()).isInstanceOf(PalletNotFound.class);
                        assertThat(raised.completion()).isEqualTo(Completion.YES);
                    });
        }
        if (DYNAMIC_MODES.contains(mode) && TestOrbs.current() == OrbImplementation.JACORB) {
            try (DynamicClient generic = DynamicClient.create(typeCodesOnly(), config(mode))) {
                assertThatThrownBy(() -> generic.invoke("fetch", "gone"))
                        .isInstanceOfSatisfying(RemoteUserException.class, raised -> {
                            assertThat(raised.members()).isEqualTo(Map.of("id", "gone", "shelf", 4));
                            assertThat(raised.getCause()).isNull();
                        });
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void attributesAndOnewayByName(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(typeCodesOnly(), config(mode))) {
            assertThat(warehouse.get("site")).isEqualTo("depot-1");
            int capacity = (Integer) warehouse.get("capacity");
            warehouse.set("capacity", capacity + 1);
            assertThat(warehouse.get("capacity")).isEqualTo(capacity + 1);
            warehouse.set("capacity", capacity);

            DynamicReply nothing = warehouse.invoke("audit", "by name");
            assertThat(nothing.result()).isNull();
            assertThat(nothing.outputs()).isEmpty();
            assertThatThrownBy(() -> warehouse.set("site", "elsewhere"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("writable attribute 'site'");
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void wrongCallsAreRefusedBeforeAnythingIsSent(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(typeCodesOnly(), config(mode))) {
            assertThatThrownBy(() -> warehouse.invoke("nosuch"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no operation 'nosuch'");
            assertThatThrownBy(() -> warehouse.invoke("fetch"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("takes 1 arguments");
            assertThatThrownBy(() -> warehouse.invoke("fetch", 42))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a String");
            // the client still works after a refused call
            assertThat(warehouse.get("site")).isEqualTo("depot-1");
        }
    }

    /**
     * The helpers the JacORB IDL compiler generates build union TypeCodes whose labels the
     * Eclipse ORB cannot read; a signature made of them is refused at create, naming the union
     * and the way out (the IDL), not sent with every member under one label.
     */
    @Test
    @Tag(TestOrbs.ECLIPSE_ORB_ONLY)
    void onTheEclipseOrbUnionTypeCodesOfJacorbHelpersAreRefusedWithTheReason() {
        InterfaceSignature helpersOnly = InterfaceSignature.builder("IDL:depot/stock/Warehouse:1.0")
                .operation(OperationSignature.builder("echo").in("goods", PalletHelper.type())
                        .returns(PalletHelper.type()).build())
                .build();
        assertThatThrownBy(() -> DynamicClient.create(helpersOnly, config(InvocationMode.DYNAMIC)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IDL:depot/stock/Quantity:1.0")
                .hasMessageContaining("from the IDL");
    }

    private AdapterConfig config(InvocationMode mode) {
        return TestOrbs.configFor(fixture).invocation(mode).build();
    }
}
