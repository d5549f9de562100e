package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.BidirectionalCallbacksTest.Listener;
import org.corbabridge.adapter.internal.transport.BidirectionalGiop;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.TestNetwork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.omg.CORBA.ORB;

/**
 * The adapter's bidirectional GIOP relay (the Eclipse and OpenJDK ORBs) when its loopback
 * connection to the ORB's own endpoint fails: the server, which cannot reach the client (as in
 * {@link BidirectionalCallbacksTest}), gets its call back answered at once with {@code TRANSIENT}
 * (minor 0x43420002: NO when the connection could not be opened, MAYBE when it died with the call
 * under way), not at its own time-out of 3 s; the client's connection and its own calls go
 * on, and the next call back opens a new relay connection. Each test owns its ORB, to reach its
 * relays.
 */
@Tag(TestOrbs.RELAYED_BIDIR)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BidirectionalRelayFailuresTest {

    private static final Duration SERVER_CALLBACK_TIMEOUT = Duration.ofSeconds(3);

    private TestNetwork network;
    private ServerFixture fixture;

    @BeforeAll
    void start() {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        network = TestNetwork.create();
        fixture = ServerFixture.start(ServerConfig.warehouse().toBuilder().bidirectional(true)
                .callbackTimeout(SERVER_CALLBACK_TIMEOUT).build(), network.addHost("warehouse"));
    }

    @AfterAll
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
        if (network != null) {
            network.close();
        }
    }

    private static ORB bidirectionalOrb() {
        return Orbs.create(BidirectionalCallbacksTest.orbConfig(true), TestOrbs.CALL_TIMEOUT, TestOrbs.CONNECT_TIMEOUT);
    }

    private CorbaClient<WarehouseOperations> client(ORB orb) {
        return CorbaClient.create(WarehouseOperations.class, BidirectionalCallbacksTest.config(fixture, true), orb);
    }

    /** A loopback port nothing listens on: bound, then closed. */
    private static InetSocketAddress refusingAddress() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), socket.getLocalPort());
        }
    }

    private static void assertAnsweredTransientAtOnce(CallbackReport report, String completion) {
        assertThat(report.answered).isFalse();
        assertThat(report.failure).startsWith("TRANSIENT").contains("minor=0x43420002")
                .contains("completed=" + completion);
        // the minor code says the relay answered; the server's own time-out would have said TIMEOUT
        assertThat(Duration.ofNanos(report.nanos)).as("answered before the server's own time-out")
                .isLessThan(SERVER_CALLBACK_TIMEOUT.minus(TestOrbs.SLACK));
    }

    @Test
    void aRelayConnectionThatIsRefusedGetsTheServerTransientAtOnceAndTheClientsConnectionGoesOn() throws Exception {
        ORB orb = bidirectionalOrb();
        try (CorbaClient<WarehouseOperations> client = client(orb)) {
            StockListener reference = BidirectionalCallbacksTest.served(client, new Listener());
            BidirectionalGiop.relayTo(orb, refusingAddress());

            assertAnsweredTransientAtOnce(client.proxy().callBackOnce(reference, BidirectionalCallbacksTest.event("refused", 1)),
                    "NO");
            assertThat(client.proxy().audits()).as("the client's own call, on the same connection").isNotNegative();

            BidirectionalGiop.relayTo(orb, null);
            CallbackReport again = client.proxy().callBackOnce(reference, BidirectionalCallbacksTest.event("again", 1));
            assertThat(again.failure).isEmpty();
            assertThat(again.answer).isEqualTo(1000 + "again".length() + 100);
        } finally {
            Orbs.destroy(orb);
        }
        assertThat(BidirectionalGiop.openRelays(orb)).as("relays left after the ORB's destroy").isZero();
    }

    @Test
    void aRelayConnectionThatDiesUnderACallBackGetsTheServerTransientMaybeAtOnceAndTheNextCallBackOpensAnother()
            throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Listener held = new Listener() {
            @Override
            public int onEvent(StockEvent event) throws ListenerRefused {
                entered.countDown();
                try {
                    release.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.onEvent(event);
            }
        };
        ORB orb = bidirectionalOrb();
        try (CorbaClient<WarehouseOperations> client = client(orb)) {
            StockListener heldReference = BidirectionalCallbacksTest.served(client, held);
            CompletableFuture<CallbackReport> call = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.proxy().callBackOnce(heldReference, BidirectionalCallbacksTest.event("held", 0));
                } catch (ListenerRefused e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(entered.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            BidirectionalGiop.dropRelayConnections(orb);
            try {
                assertAnsweredTransientAtOnce(call.get(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS), "MAYBE");
            } finally {
                release.countDown();
            }

            StockListener reference = BidirectionalCallbacksTest.served(client, new Listener());
            CallbackReport next = client.proxy().callBackOnce(reference, BidirectionalCallbacksTest.event("next", 2));
            assertThat(next.failure).isEmpty();
            assertThat(next.answer).isEqualTo(1000 + "next".length() + 200);
        } finally {
            Orbs.destroy(orb);
        }
    }
}
