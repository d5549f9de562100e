package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every string a connection in ISO 8859-1 can carry comes back from the C++ warehouse_server as
 * it was sent, in every invocation mode, through the typed proxy and through a dynamic client:
 * the empty string, every Latin-1 character, lengths on either side of the dynamic path's first
 * slice, and one longer than a GIOP fragment of every ORB. The dynamic path
 * reads strings in bulk (StringReads); the stubs and DII read them with the ORB's own
 * read_string, so each mode checks the others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class StringsOnEveryPathTest {

    private static final Idl IDL = Idl.fromClassPath(StringsOnEveryPathTest.class.getClassLoader(), "idl/warehouse.idl");

    private final ServerFixture fixture;

    StringsOnEveryPathTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    static Stream<Arguments> stringsInEveryMode() {
        StringBuilder latin1 = new StringBuilder();
        for (char c = 1; c <= 0xFF; c++) {
            latin1.append(c);
        }
        List<String> strings = List.of("", "a", latin1.toString(), "caf\u00e9 \u00d8\u00ff",
                repeat('x', 1022), repeat('y', 64 * 1024 - 1), repeat('\u00e9', 64 * 1024),
                repeat('z', 64 * 1024 + 1), repeat('\u00fc', 200_000));
        return Stream.of(InvocationMode.values()).flatMap(mode -> strings.stream().map(s -> Arguments.of(mode, s)));
    }

    @ParameterizedTest(name = "{0}, {index}")
    @MethodSource("stringsInEveryMode")
    void aStringComesBackAsItWasSentThroughTheTypedProxy(InvocationMode mode, String sent) {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).invocation(mode).build())) {
            Bin back = client.proxy().echoBin(new Bin(sent, new Bin[] {new Bin(sent, new Bin[0])}));
            assertThat(back.label).isEqualTo(sent);
            assertThat(back.inner[0].label).isEqualTo(sent);
        }
    }

    @ParameterizedTest(name = "{0}, {index}")
    @MethodSource("stringsInEveryMode")
    void aStringComesBackAsItWasSentThroughADynamicClient(InvocationMode mode, String sent) {
        if (mode == InvocationMode.STATIC) {
            return; // a dynamic client has no stubs: DYNAMIC and DII
        }
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                TestOrbs.configFor(fixture).invocation(mode).build())) {
            Object back = warehouse.invoke("echoBin", GenericValues.struct("label", sent, "inner", List.of())).result();
            assertThat(((Map<?, ?>) back).get("label")).isEqualTo(sent);
        }
    }

    /**
     * Twenty thousand short strings one after another, 0 to 40 characters each: a reply of about
     * 520 KB in several fragments on every ORB, whose boundaries fall before, inside and just after
     * strings, between a length and its bytes and between the bytes and their NUL. Four orders of
     * lengths, so that each kind of boundary is met more than once. The bulk reads take a string
     * from the buffer only when it lies there whole; one off by one at a boundary shows here.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(InvocationMode.class)
    void shortStringsAcrossFragmentBoundariesComeBackAsTheyWereSent(InvocationMode mode) {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).invocation(mode).build());
                DynamicClient warehouse = mode == InvocationMode.STATIC ? null
                        : DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                                TestOrbs.configFor(fixture).invocation(mode).build())) {
            for (int seed = 0; seed < 4; seed++) {
                List<String> labels = shortLabels(20_000, seed);
                Bin[] inner = labels.stream().map(label -> new Bin(label, new Bin[0])).toArray(Bin[]::new);
                Bin back = client.proxy().echoBin(new Bin("root", inner));
                assertThat(Stream.of(back.inner).map(bin -> bin.label).toList()).containsExactlyElementsOf(labels);
                if (warehouse != null) { // a dynamic client has no stubs: DYNAMIC and DII
                    List<Object> sent = labels.stream()
                            .<Object>map(label -> GenericValues.struct("label", label, "inner", List.of())).toList();
                    Object dynamicBack = warehouse.invoke("echoBin",
                            GenericValues.struct("label", "root", "inner", sent)).result();
                    assertThat(((List<?>) ((Map<?, ?>) dynamicBack).get("inner")).stream()
                            .<Object>map(bin -> ((Map<?, ?>) bin).get("label")).toList())
                            .containsExactlyElementsOf(labels);
                }
            }
        }
    }

    /** Lengths 0 to 40 in a pseudo-random order of its seed, characters across Latin-1 (no NUL). */
    private static List<String> shortLabels(int count, long seed) {
        Random random = new Random(seed);
        List<String> labels = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            char[] chars = new char[random.nextInt(41)];
            for (int j = 0; j < chars.length; j++) {
                chars[j] = (char) (1 + random.nextInt(0xFF));
            }
            labels.add(new String(chars));
        }
        return labels;
    }

    private static String repeat(char c, int times) {
        return String.valueOf(c).repeat(times);
    }
}
