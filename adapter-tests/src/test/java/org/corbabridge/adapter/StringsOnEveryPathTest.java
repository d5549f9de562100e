package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.corbabridge.depot.stock.Bin;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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

    private static String repeat(char c, int times) {
        return String.valueOf(c).repeat(times);
    }
}
