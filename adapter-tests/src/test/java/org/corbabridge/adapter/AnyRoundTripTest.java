package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.Any;
import org.omg.CORBA.TypeCode;

/**
 * Every construct of an IDL the C++ server has never seen, sent inside an {@code any} to its
 * {@code echoAny} and compared, member by member, with what was sent: omniORB unmarshals and
 * marshals an any by its TypeCode alone, so the types come from the test's own IDL
 * (idl-cases/everything.idl). Each primitive at its extremes (unsigned ones at their maximum),
 * Latin-1 and wide characters, bounded strings and sequences, a two-dimensional array, a
 * recursive struct and union, a union with several labels on one case; in every invocation mode,
 * on this JVM's ORB.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class AnyRoundTripTest {

    private static final Idl EVERYTHING = Idl.fromClassPath(AnyRoundTripTest.class.getClassLoader(),
            "idl-cases/everything.idl");
    private static final Idl WAREHOUSE = Idl.fromClassPath(AnyRoundTripTest.class.getClassLoader(),
            "idl/warehouse.idl");

    private final ServerFixture fixture;

    AnyRoundTripTest(ServerFixture fixture) {
        this.fixture = fixture;
    }


    /** Each type and a value of it, as generic values. */
    static Map<String, Object> values() {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("us", (short) -1);                 // 65535
        numbers.put("ul", -1);                          // 4294967295
        numbers.put("ull", -1L);                        // 2^64 - 1
        numbers.put("ll", Long.MIN_VALUE);
        numbers.put("c", '\u00e9');                     // Latin-1, beyond ASCII
        numbers.put("wc", '\u2603');
        numbers.put("s", "plain \u00e9t\u00e9");
        numbers.put("ws", "wide \u65e5\u672c \ud83d\udce6");
        numbers.put("f", -1.5e38f);
        numbers.put("b", true);
        numbers.put("o", (byte) 0xFF);
        values.put("outer::inner::Numbers", numbers);
        values.put("outer::inner::Matrix", List.of(new short[] {1, -2, Short.MAX_VALUE},
                new short[] {Short.MIN_VALUE, 0, 5}));
        values.put("outer::inner::Code", "eight ch");
        values.put("outer::inner::Blob", new byte[] {0, 1, -1, 127});
        values.put("outer::inner::Leg", Integer.MIN_VALUE);
        values.put("outer::inner::Cells", new int[] {1, 2, 3, 4, 5, 6});
        values.put("outer::inner::Node", node("root", node("a", node("a1")), node("b")));
        values.put("outer::inner::Tree", branches(leaf("x"), branches(leaf("y")), branches()));
        values.put("outer::inner::Colour", "BLUE");
        values.put("shared::Stamp", Map.of("nanos", -2L, "zone", "UTC"));
        return values;
    }

    private static Map<String, Object> node(String name, Map<?, ?>... children) {
        return GenericValues.struct("name", name, "children", List.of(children));
    }

    private static Map<String, Object> leaf(String leaf) {
        return GenericValues.union(false, "leaf", leaf);
    }

    private static Map<String, Object> branches(Map<?, ?>... branches) {
        return GenericValues.union(true, "branches", List.of(branches));
    }

    private DynamicClient client(InvocationMode mode) {
        return DynamicClient.create(WAREHOUSE.signature("depot::stock::Warehouse"),
                TestOrbs.configFor(fixture).invocation(mode).build());
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void everyTypeOfAnIdlTheServerNeverSawComesBackInAnAny(InvocationMode mode) {
        try (DynamicClient warehouse = client(mode)) {
            for (Map.Entry<String, Object> value : values().entrySet()) {
                TypeCode type = EVERYTHING.type(value.getKey());
                Any sent = warehouse.toAny(type, value.getValue());
                Any received = (Any) warehouse.invoke("echoAny", sent).result();

                assertThat(received.type().equivalent(type)).as(value.getKey() + "'s TypeCode").isTrue();
                assertThat(warehouse.fromAny(received)).as(value.getKey()).usingRecursiveComparison()
                        .isEqualTo(value.getValue());
            }
        }
    }

    /**
     * Shape's default branch follows a member of an enum type: every ORB writes that TypeCode
     * wrong (the Eclipse and OpenJDK ORBs the default label as one octet, JacORB without the
     * padding before it), and omniORB answers MARSHAL to what they send. The adapter refuses it
     * before anything is sent, naming the union and the ORB; the other shapes above pass the same
     * check on every ORB.
     */
    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aUnionTypeCodeTheOrbWouldWriteWrongIsRefusedBeforeSending(InvocationMode mode) {
        try (DynamicClient warehouse = client(mode)) {
            Map<String, Object> radius = new LinkedHashMap<>();
            radius.put("discriminator", 3);
            radius.put("radius", 0.75);
            Any sent = warehouse.toAny(EVERYTHING.type("outer::inner::Shape"), radius);
            assertThat(warehouse.fromAny(sent)).as("the any itself holds the value").isEqualTo(radius);
            assertThatThrownBy(() -> warehouse.invoke("echoAny", sent)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("IDL:example.org/outer/inner/Shape:1.0")
                    .hasMessageContaining("cannot be sent correctly by ")
                    .hasMessageContaining(TestOrbs.current().displayName())
                    .hasMessageContaining("Nothing was sent");
            // the client goes on: a type the ORB writes right still travels
            Any fine = warehouse.toAny(EVERYTHING.type("outer::inner::Colour"), "GREEN");
            assertThat(warehouse.fromAny((Any) warehouse.invoke("echoAny", fine).result())).isEqualTo("GREEN");
        }
    }
}
