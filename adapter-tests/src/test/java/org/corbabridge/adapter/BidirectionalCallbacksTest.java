package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.Counters;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.Subscription;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.TestNetwork;
import org.corbabridge.fixture.Threads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.omg.CORBA.StringHolder;

/**
 * A server that cannot connect to the client calls it back over the connection the client
 * opened (bidirectional GIOP). The server and its name service run in a network namespace of
 * their own ({@link TestNetwork}); the client listens on its loopback, which the server cannot
 * reach, as a client behind NAT or in a container: without bidirectional GIOP the server's call
 * back fails within its time-out, with it the answer comes back. On every ORB: JacORB's own
 * bidirectional GIOP, the adapter's relay on the Eclipse and OpenJDK ORBs, which have none. The
 * server runs with omniORB's trace on, which says when it switches a connection to bidirectional.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BidirectionalCallbacksTest {

    /** What omniORB's trace says when it takes a client's listen point and its connection for call backs. */
    private static final Pattern SWITCHED = Pattern.compile("Accepted request from \\S+ to switch to bidirectional");
    private static final String LABEL = "call back \u00e9v\u00e9nement";

    private TestNetwork network;
    private ServerFixture fixture;

    @BeforeAll
    void start() {
        assertThat(TestNetwork.unavailableBecause()).as("network namespaces (root, iproute2)").isNull();
        network = TestNetwork.create();
        fixture = ServerFixture.start(ServerConfig.warehouse().toBuilder().bidirectional(true)
                .callbackTimeout(Duration.ofSeconds(1)).extraArguments("-ORBtraceLevel", "25").build(),
                network.addHost("warehouse"));
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

    static AdapterConfig config(ServerFixture fixture, boolean bidirectional) {
        return TestOrbs.configFor(fixture).orb(orbConfig(bidirectional)).build();
    }

    static OrbConfig orbConfig(boolean bidirectional) {
        ServingConfig serving = ServingConfig.builder().bidirectional(bidirectional).build();
        return OrbConfig.of(TestOrbs.current()).toBuilder().serving(serving).build();
    }

    private AdapterConfig config(boolean bidirectional) {
        return config(fixture, bidirectional);
    }

    /**
     * Answers 1000 plus the pallet id's length plus 100 per pallet, after checking every value the
     * server's events carry (their wide-string labels and photo octets, as warehouse_server makes
     * them); refuses ids starting "refuse".
     */
    static class Listener implements StockListenerOperations {
        final ConcurrentLinkedQueue<String> notes = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> damaged = new ConcurrentLinkedQueue<>();
        final AtomicInteger events = new AtomicInteger();
        final AtomicInteger bytes = new AtomicInteger();

        @Override
        public int onEvent(StockEvent event) throws ListenerRefused {
            events.incrementAndGet();
            if (event.palletId.startsWith("refuse")) {
                throw new ListenerRefused("no room for " + event.palletId, event.sequence + 41);
            }
            for (int i = 0; i < event.pallets.length; i++) {
                check(event, i);
            }
            return 1000 + event.palletId.length() + 100 * event.pallets.length;
        }

        private void check(StockEvent event, int i) {
            Pallet pallet = event.pallets[i];
            if (!event.palletId.startsWith("event-")) {
                return;
            }
            if (!pallet.label.equals(LABEL) || !pallet.id.equals(event.palletId + "-" + i)) {
                damaged.add(event.palletId + ": pallet " + i + " is " + pallet.id + " '" + pallet.label + "'");
            }
            for (int b = 0; b < pallet.picture.length; b++) {
                if (pallet.picture[b] != (byte) (b * 31 + i)) {
                    damaged.add(event.palletId + ": octet " + b + " of pallet " + i + "'s photo");
                    return;
                }
            }
            bytes.addAndGet(pallet.picture.length);
        }

        @Override
        public void onNote(String note) {
            notes.add(note);
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "doubled " + totals.value.stored + " " + LABEL;
            totals.value = new Counters(totals.value.stored * 2, totals.value.photoBytes + 1);
        }
    }

    static StockEvent event(String id, int pallets) {
        Pallet[] goods = new Pallet[pallets];
        for (int i = 0; i < pallets; i++) {
            goods[i] = WarehouseValues.everyBranch(id + "-" + i).get(i % 3);
        }
        return new StockEvent(0, id, WarehouseValues.everyBranch(id).get(0).amount, goods);
    }

    static StockListener served(CorbaClient<?> client, StockListenerOperations listener) {
        return client.export(StockListenerOperations.class, listener).reference(StockListener.class);
    }

    private int switches() {
        Matcher matcher = SWITCHED.matcher(fixture.server().output());
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    @Test
    void aServerThatCannotConnectBackCallsBackInsideACallOverTheClientsOwnConnectionOnEveryOrb() throws Exception {
        int switchedBefore = switches();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true))) {
            StockListener reference = served(client, new Listener());
            StockEvent sent = event("bidir", 2);

            CallbackReport report = client.proxy().callBackOnce(reference, sent);
            assertThat(report.failure).isEmpty();
            assertThat(report.answered).isTrue();
            assertThat(report.answer).isEqualTo(1000 + "bidir".length() + 200);
            assertThat(client.proxy().callBackOnce(reference, sent).answer).as("again, on the same connection")
                    .isEqualTo(report.answer);
        }
        await().atMost(Duration.ofSeconds(2)).untilAsserted(() ->
                assertThat(switches()).as("omniORB's trace: it switched the client's connection").isGreaterThan(switchedBefore));
    }

    @Test
    void aListenersIdlExceptionComesBackToTheServerOverTheClientsConnection() throws Exception {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true))) {
            StockListener reference = served(client, new Listener());

            assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-1", 0)))
                    .isInstanceOfSatisfying(ListenerRefused.class, refused -> {
                        assertThat(refused.reason).isEqualTo("no room for refuse-1");
                        assertThat(refused.sequence).isEqualTo(41);
                    });
        }
    }

    @Test
    void aOnewayCallBackArrivesOverTheClientsConnection() throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true))) {
            client.proxy().noteOnce(served(client, listener), "oneway " + LABEL);

            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.notes.contains("oneway " + LABEL));
            assertThat(listener.notes).hasSize(1);
        }
    }

    @Test
    void outAndInoutValuesTravelBackOverTheClientsConnection() throws Exception {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true))) {
            CountersHolder totals = new CountersHolder(new Counters(21, 7L));
            StringHolder remark = new StringHolder();
            client.proxy().adjustOnce(served(client, new Listener()), totals, remark);

            assertThat(totals.value.stored).isEqualTo(42);
            assertThat(totals.value.photoBytes).isEqualTo(8L);
            assertThat(remark.value).isEqualTo("doubled 21 " + LABEL);
        }
    }

    /**
     * The interleaving case: while the server calls back with photos of 100 000 octets, inside one
     * call (timeCallbacks) and from its own thread (a subscription), four threads of the client
     * make calls of their own with photos of 60 000 octets over the same connection, so that the
     * relayed replies must find their way between the ORB's own messages and fragments, and the
     * fragments of both directions interleave (omniORB matches a fragment to its own call backs
     * first, by request id alone: the ORB's ids must not be those of its call backs).
     */
    @Test
    void callBacksWithLargeValuesAndTheClientsOwnCallsShareTheConnectionWithEveryValueIntact() throws Exception {
        Listener timed = new Listener();
        Listener subscribed = new Listener();
        ExecutorService callers = Executors.newFixedThreadPool(5);
        AdapterConfig config = TestOrbs.configFor(fixture).orb(orbConfig(true)).callTimeout(Duration.ofSeconds(60)).build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config)) {
            WarehouseOperations warehouse = client.proxy();
            int subscription = warehouse.subscribe(served(client, subscribed), 5, 2);
            Future<long[]> timing = callers.submit(() -> warehouse.timeCallbacks(served(client, timed), 200, 100_000));
            List<Future<Integer>> echoes = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                echoes.add(callers.submit(() -> {
                    int calls = 0;
                    // bounded: on JacORB, whose own bidirectional GIOP is slower, the call backs would wait behind them
                    while (!timing.isDone() && calls < 25) {
                        Pallet sent = WarehouseValues.everyBranch("echo-" + thread + "-" + calls).get(calls % 3);
                        sent.picture = new byte[60_000];
                        for (int b = 0; b < sent.picture.length; b++) {
                            sent.picture[b] = (byte) (b * 7 + thread + calls);
                        }
                        WarehouseValues.assertSamePallet(warehouse.echo(sent), sent);
                        calls++;
                    }
                    return calls;
                }));
            }
            long[] durations = timing.get(90, TimeUnit.SECONDS);
            int clientCalls = 0;
            for (Future<Integer> echo : echoes) {
                clientCalls += echo.get(30, TimeUnit.SECONDS);
            }
            Subscription ended = warehouse.unsubscribe(subscription);

            assertThat(durations).hasSize(200);
            assertThat(java.util.Arrays.stream(durations).min().orElse(0)).isPositive();
            assertThat(timed.events).hasValue(200);
            assertThat(timed.bytes).hasValue(200 * 100_000);
            assertThat(timed.damaged).isEmpty();
            assertThat(subscribed.damaged).isEmpty();
            assertThat(clientCalls).as("the client's own calls ran meanwhile").isGreaterThan(4);
            assertThat(ended.failed).as(ended.lastFailure).isZero();
            assertThat(ended.answered).isEqualTo(subscribed.events.get()).isPositive();
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void closingTheClientWhileASubscriptionCallsBackLeavesNoThreadSocketOrOrbBehind() throws Exception {
        // a first client of its own makes the JVM-wide threads and classes the second's count must not see
        try (CorbaClient<WarehouseOperations> warm = CorbaClient.create(WarehouseOperations.class, config(true))) {
            warm.proxy().callBackOnce(served(warm, new Listener()), event("warm", 0));
        }
        int filesBefore = ProcFs.self().openFiles();
        Set<Thread> threadsBefore = Threads.live();
        Listener listener = new Listener();
        int id;
        try (CorbaClient<WarehouseOperations> watcher = CorbaClient.create(WarehouseOperations.class, config(false))) {
            CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(true));
            id = client.proxy().subscribe(served(client, listener), 10, 1);
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.get() >= 3);
            if (TestOrbs.current() != OrbImplementation.JACORB) {
                assertThat(Threads.startedSince(threadsBefore)).as("the relay serves the subscription")
                        .anySatisfy(name -> assertThat(name).startsWith("corbabridge-bidir-relay"));
            }
            client.close();

            await().atMost(TestOrbs.CALL_TIMEOUT.multipliedBy(2)).until(() -> !watcher.proxy().subscription(id).active);
            assertThat(watcher.proxy().subscription(id).failed).isEqualTo(1);
        }
        assertThat(Threads.stillAliveAfter(threadsBefore, Duration.ofSeconds(5))).isEmpty();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(ProcFs.self().openFiles()).isLessThanOrEqualTo(filesBefore + 2));
    }

    @Test
    void withoutBidirectionalGiopTheSameServerCannotCallBackAndSaysSoWithinItsTimeOut() throws ListenerRefused {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(false))) {
            StockListener reference = served(client, new Listener());
            CallbackReport report = client.proxy().callBackOnce(reference, event("plain", 0));

            assertThat(report.answered).isFalse();
            assertThat(report.failure).matches("(TRANSIENT|TIMEOUT|COMM_FAILURE).*");
            assertThat(Duration.ofNanos(report.nanos)).isLessThan(TestOrbs.CALL_TIMEOUT);
        }
    }
}
