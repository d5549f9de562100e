package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Reading;
import org.corbabridge.depot.stock.Route;
import org.corbabridge.depot.stock.Unit;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.Any;
import org.omg.CORBA.TypeCode;

/**
 * The IDL shapes that broke before the IDL was read: a union case with several labels, a
 * recursive struct, a recursive union, and an {@code any} holding each of the Warehouse's
 * types; each sent to the C++ warehouse_server and compared, field by field, with what it must
 * echo, in every invocation mode, through the typed proxy and through a dynamic client built
 * from the IDL alone, on this JVM's ORB.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class WarehouseShapesTest {

    private static final Idl IDL = Idl.fromClassPath(WarehouseShapesTest.class.getClassLoader(), "idl/warehouse.idl");

    private final ServerFixture fixture;

    WarehouseShapesTest(ServerFixture fixture) {
        this.fixture = fixture;
    }


    private AdapterConfig config(InvocationMode mode) {
        return TestOrbs.configFor(fixture).invocation(mode).build();
    }

    /** One reading per label, the two labels of one case told apart, and the default branch. */
    static Reading[] readings() {
        Reading count = new Reading();
        count.count(-7);
        Reading two = new Reading();
        two.level(2, 0.5);
        Reading three = new Reading();
        three.level(3, -1e300);
        Reading four = new Reading();
        four.measure(4, Unit.PIECES);
        Reading six = new Reading();
        six.measure(6, Unit.LITRES);
        Reading other = new Reading();
        // JacORB's generated class takes one discriminator for the default branch (0), and its
        // getter refuses any other: the dynamic client's generic values carry the rest
        other.other("the default branch");
        return new Reading[] {count, two, three, four, six, other};
    }

    static Bin tree() {
        Bin leaf = new Bin("leaf \u00e9", new Bin[0]);
        Bin middle = new Bin("middle", new Bin[] {leaf, new Bin("empty", new Bin[0])});
        return new Bin("root", new Bin[] {middle, new Bin("second", new Bin[] {leaf})});
    }

    static Route route() {
        Route a = new Route();
        a.stop("A");
        Route b = new Route();
        b.stop("B");
        Route inner = new Route();
        inner.legs(new Route[] {b});
        Route outer = new Route();
        outer.legs(new Route[] {a, inner, new Route()});
        outer.legs()[2].legs(new Route[0]);
        return outer;
    }

    private static void assertSameReadings(Reading[] actual, Reading[] expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i].discriminator()).as("reading " + i + "'s label").isEqualTo(expected[i].discriminator());
            switch (expected[i].discriminator()) {
                case 1 -> assertThat(actual[i].count()).isEqualTo(expected[i].count());
                case 2, 3 -> assertThat(actual[i].level()).isEqualTo(expected[i].level());
                case 4, 5, 6 -> assertThat(actual[i].measure()).isEqualTo(expected[i].measure());
                default -> assertThat(actual[i].other()).isEqualTo(expected[i].other());
            }
        }
    }

    private static void assertSameBin(Bin actual, Bin expected) {
        assertThat(actual.label).isEqualTo(expected.label);
        assertThat(actual.inner).hasSameSizeAs(expected.inner);
        for (int i = 0; i < expected.inner.length; i++) {
            assertSameBin(actual.inner[i], expected.inner[i]);
        }
    }

    private static void assertSameRoute(Route actual, Route expected) {
        assertThat(actual.discriminator()).isEqualTo(expected.discriminator());
        if (!expected.discriminator()) {
            assertThat(actual.stop()).isEqualTo(expected.stop());
            return;
        }
        assertThat(actual.legs()).hasSameSizeAs(expected.legs());
        for (int i = 0; i < expected.legs().length; i++) {
            assertSameRoute(actual.legs()[i], expected.legs()[i]);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void theTypedProxyCarriesEveryLabelOfACaseWithSeveral(InvocationMode mode) {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode))) {
            Reading[] sent = readings();
            assertSameReadings(client.proxy().echoReadings(sent), sent);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void theTypedProxyCarriesARecursiveStructAndARecursiveUnion(InvocationMode mode) {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode))) {
            assertSameBin(client.proxy().echoBin(tree()), tree());
            assertSameRoute(client.proxy().echoRoute(route()), route());
        }
    }

    /** Generic values of each shape, and the same values behind an any: what must come back. */
    static Map<String, Object> shapes() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("depot::stock::Reading", reading(3, "level", 0.25));
        values.put("depot::stock::ReadingSeq", List.of(reading(1, "count", 5), reading(2, "level", 1.5),
                reading(5, "measure", "KILOGRAMS"), reading(99, "other", "default")));
        values.put("depot::stock::Bin", bin("root", bin("a", bin("a1")), bin("b")));
        values.put("depot::stock::Route", legs(stop("X"), legs(stop("Y"), legs())));
        values.put("depot::stock::Counters", Map.of("stored", 3, "photoBytes", 987654321012L));
        values.put("depot::stock::Quantity", quantity());
        values.put("depot::stock::Unit", "LITRES");
        values.put("depot::stock::Dimensions", new double[] {1, 2, 3});
        return values;
    }

    private static Map<String, Object> reading(int label, String member, Object value) {
        return GenericValues.union(label, member, value);
    }

    private static Map<String, Object> bin(String label, Map<?, ?>... inner) {
        return GenericValues.struct("label", label, "inner", List.of(inner));
    }

    private static Map<String, Object> stop(String stop) {
        return GenericValues.union(false, "stop", stop);
    }

    private static Map<String, Object> legs(Map<?, ?>... legs) {
        return GenericValues.union(true, "legs", List.of(legs));
    }

    private static Map<String, Object> quantity() {
        return GenericValues.union("KILOGRAMS", "weight", 12.5);
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicClientFromTheIdlAloneCarriesEveryShapeAsGenericValues(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"), config(mode))) {
            Map<String, Object> values = shapes();
            assertThat(warehouse.invoke("echoReadings", values.get("depot::stock::ReadingSeq")).result())
                    .usingRecursiveComparison().isEqualTo(values.get("depot::stock::ReadingSeq"));
            assertThat(warehouse.invoke("echoBin", values.get("depot::stock::Bin")).result())
                    .usingRecursiveComparison().isEqualTo(values.get("depot::stock::Bin"));
            assertThat(warehouse.invoke("echoRoute", values.get("depot::stock::Route")).result())
                    .usingRecursiveComparison().isEqualTo(values.get("depot::stock::Route"));
        }
    }

    /**
     * The shapes the Eclipse and OpenJDK ORBs write wrong: Reading's default branch follows an
     * enum member repeated under three labels, and both leave out the padding before its label
     * (measured: with the check off, omniORB answered MARSHAL). JacORB writes them right.
     */
    private static final Set<String> WRITTEN_WRONG_BY_SUN_ORBS = Set.of("depot::stock::Reading",
            "depot::stock::ReadingSeq");

    /** The Eclipse ORB and the OpenJDK ORB, both from Sun's TypeCodeImpl. */
    private static boolean sunOrb() {
        return TestOrbs.current() != OrbImplementation.JACORB;
    }

    /**
     * Each any comes back as it was sent, but for those the ORB would write wrong: refused before
     * anything is sent, naming the type and the ORB (omniORB would answer MARSHAL, a lenient peer
     * misread them). Which those are is this table, per ORB: if an ORB stops writing one wrong,
     * this test says so.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anAnyHoldingEachTypeComesBackAsItWasSentInEveryMode(InvocationMode mode) {
        try (DynamicClient anys = DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                config(mode == InvocationMode.STATIC ? InvocationMode.DYNAMIC : mode));
                CorbaClient<WarehouseOperations> typed = CorbaClient.create(WarehouseOperations.class, config(mode))) {
            for (Map.Entry<String, Object> shape : shapes().entrySet()) {
                TypeCode type = IDL.type(shape.getKey());
                Any sent = anys.toAny(type, shape.getValue());
                if (sunOrb() && WRITTEN_WRONG_BY_SUN_ORBS.contains(shape.getKey())) {
                    assertThatThrownBy(() -> {
                        if (mode == InvocationMode.STATIC) {
                            typed.proxy().echoAny(sent);
                        } else {
                            anys.invoke("echoAny", sent);
                        }
                    }).as(shape.getKey()).isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining("cannot be sent correctly by the " + TestOrbs.current().displayName())
                            .hasMessageContaining("cannot be read by CDR's rules")
                            .hasMessageContaining("Nothing was sent");
                    continue;
                }
                Any received;
                try {
                    received = mode == InvocationMode.STATIC ? typed.proxy().echoAny(sent)
                            : (Any) anys.invoke("echoAny", sent).result();
                } catch (RuntimeException e) {
                    throw new AssertionError("an any holding " + shape.getKey() + ": " + e, e);
                }
                assertThat(received.type().equivalent(type)).as(shape.getKey() + "'s type").isTrue();
                assertThat(anys.fromAny(received)).as(shape.getKey()).usingRecursiveComparison()
                        .isEqualTo(anys.fromAny(sent));
                assertThat(anys.fromAny(received)).as(shape.getKey() + " as sent").usingRecursiveComparison()
                        .isEqualTo(shape.getValue());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anAnyHoldingGeneratedValuesComesBackFieldByField(InvocationMode mode) {
        try (DynamicClient anys = DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                config(InvocationMode.DYNAMIC));
                CorbaClient<WarehouseOperations> typed = CorbaClient.create(WarehouseOperations.class, config(mode))) {
            Pallet pallet = WarehouseValues.everyBranch("any-" + mode).get(1);
            Any received = typed.proxy().echoAny(anys.toAny(IDL.type("depot::stock::Pallet"), pallet));
            @SuppressWarnings("unchecked")
            Map<String, Object> back = (Map<String, Object>) anys.fromAny(received);
            assertThat(back).usingRecursiveComparison().ignoringFields("extra").isEqualTo(WarehouseValues.generic(pallet));

            Counters counters = new Counters(Integer.MIN_VALUE, 987654321012L);
            Any echoed = typed.proxy().echoAny(anys.toAny(IDL.type("depot::stock::Counters"), counters));
            assertThat(anys.fromAny(echoed)).isEqualTo(Map.of("stored", Integer.MIN_VALUE, "photoBytes", 987654321012L));
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aTreeNestedBeyondTheBoundIsRefusedBeforeSendingNotAStackOverflow(InvocationMode mode) {
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"), config(mode))) {
            Map<String, Object> deep = bin("leaf");
            for (int i = 0; i < 1100; i++) {
                deep = bin("level " + i, deep);
            }
            Map<String, Object> tooDeep = deep;
            assertThatThrownBy(() -> warehouse.invoke("echoBin", tooDeep)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("nests deeper than");
            assertThat(warehouse.invoke("echoBin", bin("shallow", bin("ok"))).result()).isNotNull();
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aUserExceptionsMembersComeInTheIdlsOrderWithGeneratedClassesOrWithout(InvocationMode mode,
            @org.junit.jupiter.api.io.TempDir Path directory) throws Exception {
        Path idl = directory.resolve("warehouse.idl");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("idl/warehouse.idl")) {
            Files.copy(in, idl);
        }
        try (DynamicClient typed = DynamicClient.create(InterfaceSignature.of(WarehouseOperations.class), config(mode));
                DynamicClient generic = DynamicClient.create(idl, "Warehouse", config(mode))) {
            for (DynamicClient client : List.of(typed, generic)) {
                Pallet full = WarehouseValues.everyBranch("full").get(0);
                Object pallet = client == typed ? full : WarehouseValues.generic(full);
                assertThatThrownBy(() -> client.invoke("fetch", "absent")).isInstanceOfSatisfying(
                        RemoteUserException.class, raised -> assertThat(raised.members().keySet())
                                .containsExactly("id", "shelf"));
                client.set("capacity", 0);
                assertThatThrownBy(() -> client.invoke("store", pallet, null, Map.of("stored", 0, "photoBytes", 0L)))
                        .isInstanceOfSatisfying(RemoteUserException.class, raised -> assertThat(
                                raised.members().keySet()).containsExactly("capacity", "used", "rejected"));
                client.set("capacity", 100);
            }
        }
    }
}
