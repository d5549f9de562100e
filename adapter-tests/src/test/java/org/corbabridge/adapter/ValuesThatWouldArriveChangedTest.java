package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;

/**
 * A value that the C++ warehouse_server would read other than it was sent is refused before a
 * byte leaves. A number given as another Java type than its IDL type's that does not fit it
 * (5 000 000 000 for a {@code long}: it was sent as 705 032 704). A string, in every invocation mode, through the typed proxy and a dynamic client, at any
 * depth of an argument: a NUL character in a {@code string} or {@code wstring} (every ORB sent it,
 * and the server read the string cut short: {@code "a\0b"} came back {@code "a"}), and on JacORB
 * with ISO 8859-1 (the adapter's code set) a {@code string}'s character beyond Latin-1 (JacORB sent
 * its low byte: {@code "€"} came back {@code "¬"}). Each refusal leaves the client as it was.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class ValuesThatWouldArriveChangedTest {

    private static final Idl IDL = ServerClients.WAREHOUSE_IDL;
    private static final String WITH_NUL = "a\u0000b";
    private static final String BEYOND_LATIN_1 = "price \u20ac 5, \u65e5\u672c";

    private final ServerFixture fixture;
    private final ServerClients<WarehouseOperations> clients;

    ValuesThatWouldArriveChangedTest(ServerFixture fixture) {
        this.fixture = fixture;
        this.clients = ServerClients.warehouse(fixture);
    }

    @AfterAll
    void closeClients() {
        clients.close();
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aNulCharacterInAStringDeepInAnArgumentIsRefusedBeforeSending(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);
        Bin root = new Bin("root", new Bin[] {new Bin("inner", new Bin[] {new Bin(WITH_NUL, new Bin[0])})});

        Throwable refused = catchThrowable(() -> warehouse.echoBin(root));

        assertRefusedForANul(refused, "root", "string");
        assertThat(warehouse.echoBin(new Bin("after", new Bin[0])).label).as("the next call").isEqualTo("after");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aNulCharacterInAWideStringIsRefusedBeforeSending(InvocationMode mode) {
        Pallet pallet = WarehouseValues.pallet("nul", count(1));
        pallet.label = "wide " + WITH_NUL;

        Throwable refused = catchThrowable(() -> warehouse(mode).echo(pallet));

        assertRefusedForANul(refused, "goods", "wstring");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aNulCharacterInAStringInsideAnAnyIsRefusedBeforeSending(InvocationMode mode) {
        Throwable refused = catchThrowable(() -> warehouse(mode).echo(withAStringInItsAny("any", WITH_NUL)));

        assertRefusedForANul(refused, "goods", "string");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aOnewayCallWithANulCharacterSendsNothing(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);
        int before = warehouse.audits();

        Throwable refused = catchThrowable(() -> warehouse.audit(WITH_NUL));
        warehouse.audit("after the refusal");

        assertRefusedForANul(refused, "note", "string");
        // oneways on one connection are read in order: the second arrived, so the first would have
        await().atMost(Duration.ofSeconds(5)).until(() -> warehouse.audits() >= before + 1);
        assertThat(warehouse.audits()).as("audits that arrived").isEqualTo(before + 1);
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicClientRefusesANulCharacterToo(InvocationMode mode) {
        try (DynamicClient warehouse = dynamicWarehouse(mode)) {
            Object inner = GenericValues.struct("label", WITH_NUL, "inner", List.of());

            Throwable refused = catchThrowable(() -> warehouse.invoke("echoBin",
                    GenericValues.struct("label", "root", "inner", List.of(inner))));
            Throwable inAnAny = catchThrowable(() -> warehouse.toAny(IDL.type("depot::stock::Bin"), inner));

            assertRefusedForANul(refused, "root", "string");
            assertThat(inAnAny).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
            assertThat(warehouse.invoke("echoBin", GenericValues.struct("label", "after", "inner", List.of()))
                    .result()).isEqualTo(GenericValues.struct("label", "after", "inner", List.of()));
        }
    }

    /**
     * Never a changed value: refused before sending where the ORB would cut the characters (JacORB),
     * else the ORB's own DATA_CONVERSION, which says the server did not run the call.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aCharacterBeyondLatin1InAStringNeverArrivesChanged(InvocationMode mode) {
        WarehouseOperations warehouse = warehouse(mode);

        Throwable failed = catchThrowable(() -> warehouse.echoBin(new Bin("outer", new Bin[] {
                new Bin(BEYOND_LATIN_1, new Bin[0])})));

        if (TestOrbs.current() == OrbImplementation.JACORB) {
            assertThat(failed).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("the argument 'root' of echoBin")
                    .hasMessageContaining("U+20AC")
                    .hasMessageContaining("Nothing was sent");
        } else {
            assertThat(failed).isInstanceOf(RemoteCallException.class).hasMessageContaining("DATA_CONVERSION");
            assertThat(((RemoteCallException) failed).completion()).isEqualTo(Completion.NO);
        }
        assertThat(warehouse.echoBin(new Bin("caf\u00e9", new Bin[0])).label).as("Latin-1 after it")
                .isEqualTo("caf\u00e9");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aCharacterBeyondLatin1InAStringInsideAnAnyNeverArrivesChanged(InvocationMode mode) {
        Throwable failed = catchThrowable(() -> warehouse(mode).echo(withAStringInItsAny("any-wide", BEYOND_LATIN_1)));

        if (TestOrbs.current() == OrbImplementation.JACORB) {
            assertThat(failed).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+20AC");
        } else {
            assertThat(failed).isInstanceOf(RemoteCallException.class).hasMessageContaining("DATA_CONVERSION");
        }
    }

    /**
     * The refusal is for JacORB's ISO 8859-1 only: with UTF-8 as its own code set, JacORB sends every
     * character, and the omniORB server, whose strings are Latin-1, answers DATA_CONVERSION itself.
     */
    @Test
    @Tag(TestOrbs.JACORB_ONLY)
    void aJacorbWithUtf8AsItsCharCodeSetLeavesTheseCharactersToTheServer() {
        OrbConfig utf8 = OrbConfig.builder().implementation(OrbImplementation.JACORB)
                .property("jacorb.native_char_codeset", "UTF8").build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).orb(utf8).build())) {
            Throwable failed = catchThrowable(() -> client.proxy().echoBin(new Bin(BEYOND_LATIN_1, new Bin[0])));

            assertThat(failed).isInstanceOf(RemoteCallException.class).hasMessageContaining("DATA_CONVERSION");
            assertThat(((RemoteCallException) failed).completion()).isEqualTo(Completion.NO);
            assertThat(client.proxy().echoBin(new Bin("caf\u00e9", new Bin[0])).label).as("Latin-1, as UTF-8")
                    .isEqualTo("caf\u00e9");
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aNumberThatDoesNotFitItsIdlTypeIsRefusedNotCut(InvocationMode mode) {
        try (DynamicClient warehouse = dynamicWarehouse(mode)) {
            Object before = warehouse.get("capacity");
            try {
                Throwable tooLarge = catchThrowable(() -> warehouse.set("capacity", 5_000_000_000L));
                Throwable notWhole = catchThrowable(() -> warehouse.set("capacity", 2.5));
                warehouse.set("capacity", java.math.BigInteger.valueOf(Integer.MIN_VALUE));

                assertThat(tooLarge).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("an IDL long cannot hold 5000000000");
                assertThat(notWhole).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("an IDL long cannot hold 2.5");
                assertThat(warehouse.get("capacity")).as("what the server holds").isEqualTo(Integer.MIN_VALUE);
            } finally {
                warehouse.set("capacity", before);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aMemberTheIdlTypeDoesNotHaveIsRefusedNotDropped(InvocationMode mode) {
        try (DynamicClient warehouse = dynamicWarehouse(mode)) {
            Map<String, Object> misspelt = new java.util.LinkedHashMap<>(
                    GenericValues.struct("label", "kept", "inner", List.of()));
            misspelt.put("lable", "dropped");
            Map<String, Object> twoBranches = new java.util.LinkedHashMap<>(GenericValues.union(1, "count", 5));
            twoBranches.put("level", 2.5);

            Throwable struct = catchThrowable(() -> warehouse.invoke("echoBin", misspelt));
            Throwable union = catchThrowable(() -> warehouse.invoke("echoReadings", List.of(twoBranches)));

            assertThat(struct).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("IDL:depot/stock/Bin:1.0 has no member [lable]");
            assertThat(union).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("carries member count only, not [level]");
            assertThat(warehouse.invoke("echoReadings", List.of(GenericValues.union(1, "count", 5))).result())
                    .as("the union as its type has it").isEqualTo(List.of(GenericValues.union(1, "count", 5)));
            assertThat(catchThrowable(() -> warehouse.invoke("remaining", "not a cursor")))
                    .as("a string for an object reference").isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("the argument 'cursor' of remaining");
        }
    }

    /**
     * A value refused while the request is being written, after a large argument before it: the
     * Eclipse and OpenJDK ORBs had sent its first fragments, the server waited for the rest on that
     * connection, and the next call on it waited out its whole time-out (and the refusal came out
     * as a RemoteCallException). The connection a half-written request used is closed.
     */
    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aValueRefusedAfterTheFirstFragmentsLeftLeavesTheNextCallUnharmed(InvocationMode mode) {
        Pallet large = WarehouseValues.pallet("large", count(4));
        large.picture = new byte[200_000];
        try (DynamicClient warehouse = dynamicWarehouse(mode)) {
            Throwable refused = catchThrowable(() -> warehouse.invoke("store", WarehouseValues.generic(large), null,
                    Map.of("stored", 5_000_000_000L, "photoBytes", 0L)));

            assertThat(refused).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("an IDL long cannot hold 5000000000");
            assertThat(warehouse.get("site")).as("the next call on the client").isNotNull();
        }
    }

    private static void assertRefusedForANul(Throwable refused, String argument, String kind) {
        assertThat(refused).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the argument '" + argument + "'")
                .hasMessageContaining("a " + kind + " holds a NUL character")
                .hasMessageContaining("Nothing was sent");
    }

    /** A pallet whose {@code extra} any holds {@code text}, inserted as a string. */
    private static Pallet withAStringInItsAny(String id, String text) {
        Pallet pallet = WarehouseValues.pallet(id, count(2));
        Any extra = ORB.init().create_any();
        extra.insert_string(text);
        pallet.extra = extra;
        return pallet;
    }

    private static Quantity count(int count) {
        Quantity quantity = new Quantity();
        quantity.count(count);
        return quantity;
    }

    private DynamicClient dynamicWarehouse(InvocationMode mode) {
        return clients.dynamic(mode);
    }

    private WarehouseOperations warehouse(InvocationMode mode) {
        return clients.proxy(mode);
    }
}
