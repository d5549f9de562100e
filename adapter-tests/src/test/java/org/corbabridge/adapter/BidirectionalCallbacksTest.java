package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.TestNetwork;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A server that cannot connect to the client calls it back over the connection the client
 * opened (bidirectional GIOP). The server and its name service run in a network namespace of
 * their own ({@link TestNetwork}); the client listens on its loopback, which the server cannot
 * reach, as a client behind NAT or in a container: without bidirectional GIOP the server's call
 * back fails within its time-out, with it the answer comes back. On JacORB, whose own
 * bidirectional GIOP the adapter turns on; the other two ORBs have none yet and refuse the
 * setting at once, saying so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BidirectionalCallbacksTest {

    private TestNetwork network;
    private ServerFixture fixture;

    @BeforeAll
    void start() {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        network = TestNetwork.create();
        fixture = ServerFixture.start(ServerConfig.warehouse().toBuilder().bidirectional(true)
                .callbackTimeout(Duration.ofSeconds(1)).extraArguments("-ORBtraceLevel", "25").build(), network.addHost("warehouse"));
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

    private AdapterConfig config(boolean bidirectional) {
        ServingConfig serving = ServingConfig.builder().bidirectional(bidirectional).build();
        return TestOrbs.configFor(fixture)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder().serving(serving).build())
                .build();
    }

    private static final class Listener implements StockListenerOperations {
        @Override
        public int onEvent(StockEvent event) {
            return 1000 + event.palletId.length();
        }

        @Override
        public void onNote(String note) {
        }

        @Override
        public void adjust(org.corbabridge.depot.stock.CountersHolder totals, org.omg.CORBA.StringHolder remark) {
            remark.value = "";
        }
    }

    private static StockEvent event(String id) {
        return new StockEvent(0, id, WarehouseValues.everyBranch(id).get(0).amount, new org.corbabridge.depot.stock.Pallet[0]);
    }

    @Test
    void aServerThatCannotConnectBackCallsBackOverTheClientsOwnConnectionOnJacorbAndTheOthersRefuseTheSetting()
            throws ListenerRefused {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true))) {
            StockListener reference = client.export(StockListenerOperations.class, new Listener())
                    .reference(StockListener.class);

            CallbackReport report = client.proxy().callBackOnce(reference, event("bidir"));
            assertThat(report.failure).isEmpty();
            assertThat(report.answer).isEqualTo(1005);
            System.out.println("TRACE " + fixture.server().output());
        }
    }

    @Test
    void withoutBidirectionalGiopTheSameServerCannotCallBackAndSaysSoWithinItsTimeOut() throws ListenerRefused {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(false))) {
            StockListener reference = client.export(StockListenerOperations.class, new Listener())
                    .reference(StockListener.class);
            CallbackReport report = client.proxy().callBackOnce(reference, event("plain"));

            assertThat(report.answered).isFalse();
            assertThat(report.failure).matches("(TRANSIENT|TIMEOUT|COMM_FAILURE).*");
            assertThat(Duration.ofNanos(report.nanos)).isLessThan(TestOrbs.CALL_TIMEOUT);
        }
    }
}
