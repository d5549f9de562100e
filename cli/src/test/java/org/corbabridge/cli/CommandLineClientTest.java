package org.corbabridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.FreePorts;
import org.corbabridge.fixture.HostileGiopServer;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProgram;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each command of the command-line client against both C++ servers (catalog_server and
 * warehouse_server, bound in one omniNames), in this JVM, on this JVM's ORB: what it prints and
 * the exit status of each failure class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CommandLineClientTest {

    /** What one command line printed, and how it ended. */
    record Run(int status, String out, String err) {
        JsonNode json() {
            try {
                return JsonValues.JSON.readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + out, e);
            }
        }
    }

    /** A Warehouse that speaks TLS only, with the test CA's certificate. */
    private static final String TLS_WAREHOUSE = "WarehouseTls";

    private ServerFixture fixture;
    private String warehouse;
    private String catalog;
    @TempDir
    Path idl;

    @BeforeAll
    void startServers() {
        fixture = ServerFixture.start();
        fixture.startServer(ServerConfig.warehouseWithTill());
        fixture.startServer(ServerConfig.builder().program(ServerProgram.WAREHOUSE).name(TLS_WAREHOUSE)
                .tls(ServerTls.only()).build());
        warehouse = fixture.nameServiceUrl() + "#Warehouse";
        catalog = fixture.catalogUrl();
    }

    @AfterAll
    void stopServers() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private Path idlFile(String name) {
        Path file = idl.resolve(name);
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("idl/" + name)) {
            if (!Files.exists(file)) {
                Files.copy(in, file);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Run run(String... args) {
        List<String> withOrb = new ArrayList<>(List.of(args));
        if (!List.of("describe").contains(args[0])) {
            withOrb.add("--orb");
            withOrb.add(TestOrbs.current().name());
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new PrintWriter(out), new PrintWriter(err), withOrb.toArray(new String[0]));
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void nsLsListsBothServersWithTheirTypeIdsAndAddresses() {
        Run listed = run("ns", "ls", "--ns", fixture.nameServiceUrl(), "--timeout", "5s");

        assertThat(listed.status()).as(listed.err()).isZero();
        assertThat(listed.out()).startsWith("NAME").contains("Warehouse").contains("IDL:depot/stock/Warehouse:1.0")
                .contains("IDL:shop/Catalog:1.0").contains("127.0.0.1:");
    }

    @Test
    void nsLsOfAMissingContextIsNameNotFoundAndOfADeadServiceIsUnreachable() {
        Run missing = run("ns", "ls", "--ns", fixture.nameServiceUrl(), "no/such/context");
        assertThat(missing.status()).as(missing.err()).isEqualTo(ExitCode.NAME_NOT_FOUND.status());
        assertThat(missing.err()).contains("no/such/context");

        long started = System.nanoTime();
        Run dead = run("ns", "ls", "--ns", "corbaname::127.0.0.1:" + FreePorts.find(), "--timeout", "3s",
                "--connect-timeout", "1s");
        assertThat(dead.status()).as(dead.err()).isEqualTo(ExitCode.UNREACHABLE.status());
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void iorDecodesEachServersReferenceFromItsName() {
        for (String[] server : new String[][] {{warehouse, "IDL:depot/stock/Warehouse:1.0"},
                {catalog, "IDL:shop/Catalog:1.0"}}) {
            Run decoded = run("ior", server[0]);

            assertThat(decoded.status()).as(decoded.err()).isZero();
            assertThat(decoded.out()).contains("type id     " + server[1]).contains("TAG_INTERNET_IOP, IIOP 1.2, 127.0.0.1:")
                    .contains("object key").contains("TAG_ORB_TYPE").contains("omniORB")
                    .contains("TLS         not offered");
        }
    }

    @Test
    void iorRefusesWhatIsNotAReferenceAsBadArguments() {
        Run garbage = run("ior", "IOR:nothex");
        assertThat(garbage.status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
        assertThat(garbage.err()).contains("not a stringified IOR");
        assertThat(run("ior", "http://example").status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
    }

    @Test
    void describeShowsEveryAttributeAndOperationAsTheIdlSaysIt() {
        Run described = run("describe", "--idl", idlFile("warehouse.idl").toString(), "Warehouse");

        assertThat(described.status()).as(described.err()).isZero();
        assertThat(described.out()).contains("interface depot::stock::Warehouse  // IDL:depot/stock/Warehouse:1.0")
                .contains("  readonly attribute string site;")
                .contains("  attribute long capacity;")
                .contains("  oneway void audit(in string note);")
                .contains("  void store(in depot::stock::Pallet goods, out long slot, inout depot::stock::Counters "
                        + "totals) raises (depot::stock::WarehouseFull);")
                .contains("  depot::stock::PalletCursor browse();");
        Run catalogDescribed = run("describe", "--idl", idlFile("catalog.idl").toString());
        assertThat(catalogDescribed.out()).contains("shop::QueryResult queryCatalog(in string query) raises "
                + "(shop::InvalidQuery);");
    }

    @Test
    void describeOfEveryInterfaceSaysWhichCannotBeCalledAndShowsTheRest() throws IOException {
        Path mixed = idl.resolve("mixed.idl");
        Files.writeString(mixed, "local interface Local { void run(); };\ninterface Remote { long count(); };\n");
        Run described = run("describe", "--idl", mixed.toString());
        assertThat(described.status()).as(described.err()).isZero();
        assertThat(described.out()).contains("// interface Local cannot be called: ").contains("local interface")
                .contains("interface Remote  // IDL:Remote:1.0").contains("  long count();");
    }

    @Test
    void describeOfABrokenIdlNamesTheFileAndLine() throws IOException {
        Path broken = idl.resolve("broken.idl");
        Files.writeString(broken, "module m {\n  interface I { void f(in long) };\n};\n");
        Run described = run("describe", "--idl", broken.toString());
        assertThat(described.status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
        assertThat(described.err()).contains("broken.idl:2:");
    }

    @Test
    void callPrintsTheResultAndOutParametersAsJson() {
        String warehouseIdl = idlFile("warehouse.idl").toString();
        Run site = run("call", "--idl", warehouseIdl, warehouse, "_get_site");
        assertThat(site.status()).as(site.err()).isZero();
        assertThat(site.json().get("result").asText()).isEqualTo("depot-1");

        String pallet = "{\"id\":\"cli-1\",\"label\":\"caf\u00e9 \u2713\",\"amount\":{\"discriminator\":\"KILOGRAMS\","
                + "\"weight\":2.5},\"size\":[1,2,3],\"layout\":[[1,2],[]],\"picture\":[0,255,7],"
                + "\"extra\":{\"type\":\"unsigned long\",\"value\":4000000000},\"units\":[\"LITRES\"]}";
        Run stored = run("call", "--idl", warehouseIdl, warehouse, "store", "--json",
                "[" + pallet + ", {\"stored\": 4, \"photoBytes\": 10}]");
        assertThat(stored.status()).as(stored.err()).isZero();
        assertThat(stored.json().get("out").get("totals").get("stored").asInt()).isEqualTo(5);
        assertThat(stored.json().get("out").get("totals").get("photoBytes").asLong()).isEqualTo(13);

        Run fetched = run("call", "--idl", warehouseIdl, warehouse, "fetch", "--json", "{\"id\": \"cli-1\"}");
        assertThat(fetched.status()).as(fetched.err()).isZero();
        JsonNode back = fetched.json().get("result");
        assertThat(back.get("label").asText()).isEqualTo("caf\u00e9 \u2713");
        assertThat(back.get("picture").toString()).isEqualTo("[0,255,7]");
        assertThat(back.get("extra").get("type").asText()).isEqualTo("unsigned long");
        assertThat(back.get("extra").get("value").asLong()).isEqualTo(4000000000L);
        assertThat(back.get("amount").get("weight").asDouble()).isEqualTo(2.5);

        Run readings = run("call", "--idl", warehouseIdl, warehouse, "echoReadings", "--mode", "DII", "--json",
                "[[{\"discriminator\": 3, \"level\": 0.5}, {\"discriminator\": 9, \"other\": \"x\"}]]");
        assertThat(readings.status()).as(readings.err()).isZero();
        assertThat(readings.json().get("result").toString())
                .isEqualTo("[{\"discriminator\":3,\"level\":0.5},{\"discriminator\":9,\"other\":\"x\"}]");
    }

    @Test
    void aFixedPointValueIsReadAsTheDecimalWrittenAndPrintedWithAllItsDigits() {
        String tillIdl = idlFile("till.idl").toString();
        String till = warehouse + "-Till";
        // 17 significant digits or more: a double would have changed them
        Run price = run("call", "--idl", tillIdl, till, "echoPrice", "--json",
                "[{\"amount\": 9876543210.99, \"currency\": \"EUR\", \"rate\": \"-0.125\"}]");
        assertThat(price.status()).as(price.err()).isZero();
        assertThat(price.json().get("out").get("amountText").asText()).isEqualTo("9876543210.99");
        assertThat(price.out()).contains("\"amount\" : 9876543210.99").contains("\"rate\" : -0.125");

        Run money = run("call", "--idl", tillIdl, till, "echoMoney", "--mode", "DII", "--json", "[[1.5, -2]]");
        assertThat(money.status()).as(money.err()).isZero();
        assertThat(money.json().get("result").toString()).isEqualTo("[1.50,-2.00]");

        Run tooPrecise = run("call", "--idl", tillIdl, till, "echoMoney", "--json", "[[0.001]]");
        assertThat(tooPrecise.status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
        assertThat(tooPrecise.err()).contains("fixed<12,2> cannot hold 0.001");
    }

    /**
     * A reply's any holding a struct with a fixed, which no ORB here lets the command line read
     * (docs/idl.md): a failure of the call, not of its arguments, for the call ran.
     */
    @Test
    void aReplysAnyHoldingAFixedInAStructIsAFailedCallNotABadArgument() {
        Run quote = run("call", "--idl", idlFile("till.idl").toString(), warehouse + "-Till", "quote", "--json",
                "[\"1.50\", \"EUR\", \"0.125\"]");
        assertThat(quote.status()).as(quote.err()).isEqualTo(ExitCode.FAILED.status());
        assertThat(quote.err()).contains("IDL:depot/stock/Price:1.0").contains("cannot be read correctly");
    }

    @Test
    void callOfTheCatalogServerAnswersAndItsUserExceptionIsJsonWithItsOwnStatus() {
        String catalogIdl = idlFile("catalog.idl").toString();
        Run answered = run("call", "--idl", catalogIdl, catalog, "queryCatalog", "--json", "[\"items=2\"]",
                "--idempotent");
        assertThat(answered.status()).as(answered.err()).isZero();
        assertThat(answered.json().get("result").get("items").size()).isEqualTo(2);

        Run refused = run("call", "--idl", catalogIdl, catalog, "queryCatalog", "--json", "[\"items=banana\"]");
        assertThat(refused.status()).isEqualTo(ExitCode.USER_EXCEPTION.status());
        assertThat(refused.json().get("exception").asText()).isEqualTo("IDL:shop/InvalidQuery:1.0");
        assertThat(refused.json().get("members").get("reason").asText()).isNotBlank();

        Run missing = run("call", "--idl", idlFile("warehouse.idl").toString(), warehouse, "fetch", "--json",
                "[\"nowhere\"]");
        assertThat(missing.status()).isEqualTo(ExitCode.USER_EXCEPTION.status());
        assertThat(missing.json().get("members").get("shelf").asInt()).isEqualTo("nowhere".length());
    }

    @Test
    void badArgumentsNameTheParameterAndTheIdlTypeBeforeAnythingIsSent() {
        String warehouseIdl = idlFile("warehouse.idl").toString();
        Run wrongType = run("call", "--idl", warehouseIdl, warehouse, "fetch", "--json", "[42]");
        assertThat(wrongType.status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
        assertThat(wrongType.err()).contains("argument 'id'").contains("expected string");

        Run outOfRange = run("call", "--idl", warehouseIdl, warehouse, "_set_capacity", "--json", "[4294967296]");
        assertThat(outOfRange.err()).contains("argument 'value'").contains("long is from -2147483648 to 2147483647");

        Run badEnum = run("call", "--idl", warehouseIdl, warehouse, "echoReadings", "--json",
                "[[{\"discriminator\": 4, \"measure\": \"GALLONS\"}]]");
        assertThat(badEnum.err()).contains("argument 'readings'[0].measure").contains("[PIECES, KILOGRAMS, LITRES]");

        // the server is not reached at all: a dead address still gives the argument's error
        Run deadButWrong = run("call", "--idl", warehouseIdl, "corbaloc::127.0.0.1:" + FreePorts.find() + "/x",
                "fetch", "--json", "[1]");
        assertThat(deadButWrong.status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());

        assertThat(run("call", "--idl", warehouseIdl, warehouse, "nosuch").err()).contains("no interface")
                .contains("nosuch");
        assertThat(run("call", "--idl", warehouseIdl, warehouse, "fetch", "--json", "not json").err())
                .contains("--json is not JSON");
        assertThat(run("call", "--idl", warehouseIdl, warehouse).status()).isEqualTo(ExitCode.BAD_ARGUMENTS.status());
    }

    @Test
    void aServerThatNeverAnswersIsATimeOutWithinTheTimeOutAndADeadOneUnreachable() {
        String warehouseIdl = idlFile("warehouse.idl").toString();
        try (HostileGiopServer silent = HostileGiopServer.start(HostileGiopServer.Behaviour.SILENT)) {
            long started = System.nanoTime();
            Run timedOut = run("call", "--idl", warehouseIdl, silent.corbaloc("Warehouse"), "audits", "--timeout",
                    "1s", "--connect-timeout", "1s");
            assertThat(timedOut.status()).as(timedOut.err()).isEqualTo(ExitCode.TIMEOUT.status());
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(8));
        }
        Run dead = run("call", "--idl", warehouseIdl, "corbaloc::127.0.0.1:" + FreePorts.find() + "/Warehouse",
                "audits", "--timeout", "2s", "--connect-timeout", "1s");
        assertThat(dead.status()).as(dead.err()).isEqualTo(ExitCode.UNREACHABLE.status());
        Run unbound = run("call", "--idl", warehouseIdl, fixture.nameServiceUrl() + "#NoSuchWarehouse", "audits");
        assertThat(unbound.status()).as(unbound.err()).isEqualTo(ExitCode.NAME_NOT_FOUND.status());
    }

    @Test
    void withATrustStoreEachCommandSpeaksTlsAndWithoutOneATlsOnlyServerIsUnreachable() {
        String tlsWarehouse = fixture.nameServiceUrl() + "#" + TLS_WAREHOUSE;
        String[] tls = {"--tls-trust-store", TestKeys.trustStore().toString(), "--tls-trust-store-password",
                TestKeys.PASSWORD};

        Run decoded = run("ior", tlsWarehouse);
        assertThat(decoded.status()).as(decoded.err()).isZero();
        assertThat(decoded.out()).contains("TAG_SSL_SEC_TRANS: TLS port ").contains("TLS         offered");

        List<String> call = new ArrayList<>(List.of("call", "--idl", idlFile("warehouse.idl").toString(), tlsWarehouse,
                "_get_site", "--timeout", "5s", "--connect-timeout", "1s"));
        call.addAll(List.of(tls));
        Run site = run(call.toArray(new String[0]));
        assertThat(site.status()).as(site.err()).isZero();
        assertThat(site.json().get("result").asText()).isEqualTo("depot-1");

        Run listed = run("ns", "ls", "--ns", fixture.nameServiceUrl());
        assertThat(listed.out()).contains(TLS_WAREHOUSE).contains("(TLS)");
        // omniNames has no TLS here: a client told to speak TLS sends it nothing in the clear
        List<String> listedOverTls = new ArrayList<>(List.of("ns", "ls", "--ns", fixture.nameServiceUrl()));
        listedOverTls.addAll(List.of(tls));
        Run refused = run(listedOverTls.toArray(new String[0]));
        assertThat(refused.status()).as(refused.out()).isEqualTo(ExitCode.UNREACHABLE.status());
        assertThat(refused.err()).contains("no TLS endpoint");

        Run plain = run("call", "--idl", idlFile("warehouse.idl").toString(), tlsWarehouse, "_get_site", "--timeout",
                "3s", "--connect-timeout", "1s");
        assertThat(plain.status()).as(plain.err()).isEqualTo(ExitCode.UNREACHABLE.status());
    }
}
