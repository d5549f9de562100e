package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.corbabridge.depot.stock.Price;
import org.corbabridge.depot.stock.TillOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.StringHolder;

/**
 * A {@code fixed<d, s>} (the Till's money, till.idl) arrives as the value sent, on every ORB and in every invocation mode, and
 * the C++ warehouse_server's own reading of it (omniORB's {@code NP_asString}, which leaves out
 * trailing zeros: 1.50 is "1.5") says so: not only what came back. Before: dynamic invocation refused every operation holding one when the client
 * was created, and static invocation failed on the Eclipse and OpenJDK ORBs, whose streams do not
 * have the CORBA 3 {@code write_fixed(value, digits, scale)} JacORB's generated helpers call.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.WarehouseWithTill.class)
class FixedPointOnEveryPathTest {

    private static final Idl IDL = ServerClients.TILL_IDL;

    private final ServerClients<TillOperations> clients;
    private final ServerClients<WarehouseOperations> warehouses;

    FixedPointOnEveryPathTest(ServerFixture fixture) {
        this.clients = ServerClients.till(fixture);
        this.warehouses = ServerClients.warehouse(fixture);
    }

    @AfterAll
    void closeClients() {
        clients.close();
        warehouses.close();
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aFixedPointValueArrivesAsSentAndComesBackAtItsTypesScale(InvocationMode mode) {
        for (String[] amountAndRate : new String[][] {
            {"-1234567890.12", "12.345"}, {"1.5", "-0.001"}, {"0", "99.999"}, {"9999999999.99", "0"}, {"7", "-3"}}) {
            BigDecimal amount = new BigDecimal(amountAndRate[0]);
            BigDecimal rate = new BigDecimal(amountAndRate[1]);
            StringHolder amountText = new StringHolder();
            StringHolder rateText = new StringHolder();

            Price back = till(mode).echoPrice(new Price(amount, "EUR", rate), amountText, rateText);

            assertThat(new BigDecimal(amountText.value)).as("what omniORB read of " + amount).isEqualByComparingTo(amount);
            assertThat(new BigDecimal(rateText.value)).as("what omniORB read of " + rate).isEqualByComparingTo(rate);
            assertThat(back.amount).isEqualByComparingTo(amount);
            assertThat(back.amount.scale()).as("a Money's scale").isEqualTo(2);
            assertThat(back.rate).isEqualByComparingTo(rate);
            assertThat(back.currency).isEqualTo("EUR");
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aSequenceOfFixedPointValuesComesBackElementByElement(InvocationMode mode) {
        BigDecimal[] amounts = {new BigDecimal("0.01"), new BigDecimal("-0.01"), new BigDecimal("123.40"),
            new BigDecimal("-9999999999.99")};

        BigDecimal[] back = till(mode).echoMoney(amounts);

        assertThat(back).usingElementComparator(BigDecimal::compareTo).containsExactly(amounts);
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aValueItsFixedTypeCannotHoldIsRefusedBeforeSendingNotRounded(InvocationMode mode) {
        TillOperations till = till(mode);

        Throwable tooPrecise = catchThrowable(() -> till.echoPrice(
                new Price(new BigDecimal("1.005"), "EUR", BigDecimal.ONE), new StringHolder(), new StringHolder()));
        Throwable tooLarge = catchThrowable(() -> till.echoMoney(new BigDecimal[] {new BigDecimal("1e10")}));

        assertThat(tooPrecise).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the argument 'offer' of echoPrice")
                .hasMessageContaining("fixed<12,2> cannot hold 1.005: more than 2 decimal places")
                .hasMessageContaining("Nothing was sent");
        assertThat(tooLarge).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 10 digits before the point");
        assertThat(till.echoMoney(new BigDecimal[] {BigDecimal.TEN})[0]).as("the next call")
                .isEqualByComparingTo(BigDecimal.TEN);
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicClientSendsAndReadsFixedPointValuesAsBigDecimals(InvocationMode mode) {
        try (DynamicClient till = dynamicTill(mode)) {
            DynamicReply reply = till.invoke("echoPrice",
                    GenericValues.struct("amount", new BigDecimal("-42.5"), "currency", "CHF", "rate", 2L), null, null);

            assertThat(new BigDecimal((String) reply.output("amountText"))).isEqualByComparingTo("-42.5");
            assertThat(new BigDecimal((String) reply.output("rateText"))).isEqualByComparingTo("2");
            assertThat(reply.result()).isEqualTo(GenericValues.struct("amount", new BigDecimal("-42.50"),
                    "currency", "CHF", "rate", new BigDecimal("2.000")));
            assertThat(till.invoke("echoMoney", List.of(new BigDecimal("0.10"))).result())
                    .isEqualTo(List.of(new BigDecimal("0.10")));
        }
    }

    /**
     * A fixed inside an any is written and read by the ORB, not the adapter. JacORB writes every
     * fixed with the value's own digits; the Eclipse and OpenJDK ORBs copy one inside a struct of
     * an any as 4 octets. So an any holding one is refused to be made or sent there, and a fixed
     * that is an any's whole value travels on the Eclipse and OpenJDK ORBs (1.50: two digits
     * short of the type's, which a short write would have left the server reading past the end).
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anAnyHoldingAFixedPointValueArrivesAsSentOrIsRefusedWhereTheOrbWouldSendItWrong(InvocationMode mode) {
        try (DynamicClient dynamic = dynamicTill(InvocationMode.DYNAMIC)) {
            Map<String, Object> price = GenericValues.struct("amount", new BigDecimal("-1234567890.12"),
                    "currency", "EUR", "rate", new BigDecimal("0.500"));
            Throwable structInAnAny = catchThrowable(() -> dynamic.toAny(IDL.type("depot::stock::Price"), price));
            assertThat(structInAnAny).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cannot be made correctly on").hasMessageContaining("fixed<12,2>");

            BigDecimal amount = new BigDecimal("1.50");
            Received received = receive(
                    () -> warehouses.proxy(mode).echoAny(dynamic.toAny(IDL.type("depot::stock::Money"), amount)));

            if (TestOrbs.current() == OrbImplementation.JACORB) {
                assertThat(received.failed()).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("JacORB").hasMessageContaining("the value's own digits");
            } else {
                assertThat(received.failed()).isNull();
                assertThat(dynamic.fromAny(received.any())).isEqualTo(amount);
            }
        }
    }

    /**
     * An any from the server holding a struct with a fixed: never a value other than the one sent
     * without an error. JacORB reads it right in every mode (its {@code read_fixed} reads up to the
     * sign); the Eclipse and OpenJDK ORBs would read 4 octets for it and the string after it from
     * the wrong place, so the adapter's codecs refuse it there: a MARSHAL of completion YES.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anAnyFromTheServerHoldingAFixedInAStructIsReadRightOrRefused(InvocationMode mode) {
        Price price = new Price(new BigDecimal("-1234567890.12"), "EUR", new BigDecimal("0.500"));

        assertReadRightOnJacorbRefusedElsewhere(price, receive(() -> till(mode).priceAsAny(price)));
    }

    /**
     * The same any, from an operation whose own types hold no fixed ({@code any quote(in string
     * amount, ...)}, the server making the price from text). Static invocation and DII would leave
     * it to the ORB's own reader, and the Eclipse and OpenJDK ORBs' reader fails on it (MARSHAL
     * completed NO, measured before the change: with other members after the fixed it would read
     * them from the wrong place); there the adapter reads it through its codecs in every mode, which
     * refuse it.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anAnyHoldingAFixedFromAnOperationWhoseOwnTypesHoldNoneIsReadRightOrRefused(InvocationMode mode) {
        Price price = new Price(new BigDecimal("-1234567890.12"), "EUR", new BigDecimal("0.500"));

        assertReadRightOnJacorbRefusedElsewhere(price, receive(() -> till(mode).quote("-1234567890.12", "EUR", "0.500")));
    }

    /**
     * A DynamicClient gets the same any; on JacORB, which holds its fixed with the value's own
     * digits, {@code fromAny} refuses it (the codecs read the declared digits) and names the
     * generated helper, which reads it right.
     */
    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicClientReadsAnAnyHoldingAFixedThatItsOperationsTypesDoNotNameRightOrRefusesIt(InvocationMode mode) {
        Price price = new Price(new BigDecimal("-1234567890.12"), "EUR", new BigDecimal("0.500"));
        try (DynamicClient dynamic = dynamicTill(mode)) {
            Received received = receive(
                    () -> (org.omg.CORBA.Any) dynamic.invoke("quote", "-1234567890.12", "EUR", "0.500").result());

            assertReadRightOnJacorbRefusedElsewhere(price, received);
            if (received.any() != null) {
                assertThat(catchThrowable(() -> dynamic.fromAny(received.any())))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("generated helper");
            }
        }
    }

    /** What a call returned, or how it failed. */
    private record Received(org.omg.CORBA.Any any, RuntimeException failed) {
    }

    private static Received receive(Supplier<org.omg.CORBA.Any> call) {
        try {
            return new Received(call.get(), null);
        } catch (RuntimeException e) {
            return new Received(null, e);
        }
    }

    private static void assertReadRightOnJacorbRefusedElsewhere(Price price, Received received) {
        if (TestOrbs.current() == OrbImplementation.JACORB) {
            assertThat(received.failed()).as("read by JacORB, right").isNull();
            Price read = org.corbabridge.depot.stock.PriceHelper.extract(received.any());
            assertThat(read.amount).isEqualByComparingTo(price.amount);
            assertThat(read.currency).isEqualTo(price.currency);
            assertThat(read.rate).isEqualByComparingTo(price.rate);
        } else {
            assertThat(received.failed()).isInstanceOf(RemoteCallException.class).hasMessageContaining("MARSHAL")
                    .hasMessageContaining("an any of IDL:depot/stock/Price:1.0 cannot be read correctly by");
            assertThat(((RemoteCallException) received.failed()).completion()).as("the server ran it")
                    .isEqualTo(Completion.YES);
        }
    }

    private DynamicClient dynamicTill(InvocationMode mode) {
        return clients.dynamic(mode);
    }

    private TillOperations till(InvocationMode mode) {
        return clients.proxy(mode);
    }
}
