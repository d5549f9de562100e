package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
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
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.fixture.Threads;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.StringHolder;

/**
 * The C++ warehouse_server calls Java objects back: a typed listener (an implementation of the
 * generated {@code StockListenerOperations}) and a {@link DynamicServant} built from the IDL alone,
 * passed as arguments in every invocation mode or exported first; answers, IDL exceptions, out and
 * inout values and a oneway travel back; the serving side's bound refuses what is beyond it at once;
 * a closed export is gone; a slow listener holds up neither the client's calls nor other listeners.
 * On this JVM's ORB, the server connecting back to the client's loopback listener.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class CallbacksTest {

    private static final Idl IDL = Idl.fromClassPath(CallbacksTest.class.getClassLoader(), "idl/warehouse.idl");
    private static final InterfaceSignature LISTENER = IDL.signature("depot::stock::StockListener");

    private final ServerFixture fixture;

    CallbacksTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    private AdapterConfig.Builder config(InvocationMode mode) {
        return TestOrbs.configFor(fixture).invocation(mode);
    }

    private static StockEvent event(String palletId, int pallets) {
        Pallet[] goods = new Pallet[pallets];
        for (int i = 0; i < pallets; i++) {
            goods[i] = WarehouseValues.everyBranch(palletId + "-" + i).get(i % 3);
        }
        return new StockEvent(0, palletId, WarehouseValues.everyBranch(palletId).get(0).amount, goods);
    }

    /** A typed listener: answers the length of the pallet id plus 100 per pallet, refuses ids starting "refuse". */
    /**
     * A listener whose onEvent counts {@code entered} down, then holds its dispatch thread until
     * {@code release} (at most a call time-out), and answers {@code answer}.
     */
    private static StockListenerOperations blockedUntil(CountDownLatch entered, CountDownLatch release,
            IntSupplier answer) {
        return new Listener() {
            @Override
            public int onEvent(StockEvent event) {
                entered.countDown();
                try {
                    release.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return answer.getAsInt();
            }
        };
    }

    private static class Listener implements StockListenerOperations {
        final ConcurrentLinkedQueue<StockEvent> events = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> notes = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> threads = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<ClassLoader> loaders = new ConcurrentLinkedQueue<>();

        @Override
        public int onEvent(StockEvent event) throws ListenerRefused {
            threads.add(Thread.currentThread().getName());
            loaders.add(Thread.currentThread().getContextClassLoader());
            events.add(event);
            if (event.palletId.startsWith("refuse")) {
                throw new ListenerRefused("no room for " + event.palletId, event.sequence + 41);
            }
            if (event.palletId.startsWith("crash")) {
                throw new IllegalStateException("the listener's own bug");
            }
            return event.palletId.length() + 100 * event.pallets.length;
        }

        @Override
        public void onNote(String note) {
            notes.add(note);
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "doubled " + totals.value.stored;
            totals.value = new Counters(totals.value.stored * 2, totals.value.photoBytes + 1);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aTypedListenerExportedIsCalledBackInsideTheCallWithEveryValueIntact(InvocationMode mode) throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build())) {
            StockEvent sent = event("P-" + mode, 2);
            // the parameter's Java type is the reference type StockListener: the export's reference, narrowed to it
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            CallbackReport report = client.proxy().callBackOnce(reference, sent);

            assertThat(report.failure).isEmpty();
            assertThat(report.answered).isTrue();
            assertThat(report.answer).isEqualTo(sent.palletId.length() + 200);
            assertThat(listener.events).hasSize(1);
            StockEvent received = listener.events.peek();
            assertThat(received.palletId).isEqualTo(sent.palletId);
            assertThat(received.pallets).hasSize(2);
            for (int i = 0; i < 2; i++) {
                WarehouseValues.assertSamePallet(received.pallets[i], sent.pallets[i]);
            }
            assertThat(client.proxy().callBackOnce(reference, sent).answered).isTrue();
            assertThat(listener.events).hasSize(2);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aListenersIdlExceptionComesBackToTheCallerAsItselfAndItsBugAsUnknown(InvocationMode mode) throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build())) {
            ExportedObject exported = client.export(StockListenerOperations.class, listener);
            StockListener reference = exported.reference(StockListener.class);

            assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-1", 0)))
                    .isInstanceOfSatisfying(ListenerRefused.class, refused -> {
                        assertThat(refused.reason).isEqualTo("no room for refuse-1");
                        assertThat(refused.sequence).isEqualTo(41);
                    });
            CallbackReport crashed = client.proxy().callBackOnce(reference, event("crash-1", 0));
            assertThat(crashed.answered).isFalse();
            assertThat(crashed.failure).startsWith("UNKNOWN").contains("completed=MAYBE");
            assertThat(exported.calls()).as("calls answered, the refusal among them").isGreaterThanOrEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void outAndInoutValuesAndAOnewayTravelBetweenServerAndListener(InvocationMode mode) throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build())) {
            CountersHolder totals = new CountersHolder(new Counters(21, 7L));
            StringHolder remark = new StringHolder();
            client.proxy().adjustOnce(served(client, listener), totals, remark);

            assertThat(totals.value.stored).isEqualTo(42);
            assertThat(totals.value.photoBytes).isEqualTo(8L);
            assertThat(remark.value).isEqualTo("doubled 21");

            client.proxy().noteOnce(served(client, listener), "oneway " + mode);
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.notes.contains("oneway " + mode));
        }
    }

    private static StockListener served(CorbaClient<?> client, StockListenerOperations listener) {
        return client.export(StockListenerOperations.class, listener).reference(StockListener.class);
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aTypedListenerPassedToADynamicClientIsServedAtItsFirstUseAndOnceForTheClientsLife(InvocationMode mode) throws Exception {
        Listener listener = new Listener();
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"), config(mode).build())) {
            Map<String, Object> event = GenericValues.struct("sequence", 0, "palletId", "T-" + mode,
                    "amount", GenericValues.union("PIECES", "count", 3), "pallets", List.of());
            for (int i = 0; i < 3; i++) {
                Map<?, ?> report = (Map<?, ?>) warehouse.invoke("callBackOnce", listener, event).result();
                assertThat(report.get("answer")).isEqualTo(("T-" + mode).length());
            }
            assertThat(listener.events).hasSize(3);
            assertThat(listener.events).allSatisfy(received -> assertThat(received.palletId).isEqualTo("T-" + mode));
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"DYNAMIC", "DII"})
    void aDynamicServantFromTheIdlAloneAnswersResultsOutValuesAndIdlExceptions(InvocationMode mode) throws Exception {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        DynamicServant servant = (operation, arguments) -> {
            seen.add(operation);
            switch (operation) {
                case "onEvent": {
                    Map<?, ?> event = (Map<?, ?>) arguments.get("event");
                    String id = (String) event.get("palletId");
                    if (id.startsWith("refuse")) {
                        throw new RemoteUserException("ListenerRefused", Map.of("reason", "dynamic no", "sequence", 7));
                    }
                    return DynamicReply.of(id.length() + 100 * ((List<?>) event.get("pallets")).size(), Map.of());
                }
                case "adjust": {
                    Map<?, ?> totals = (Map<?, ?>) arguments.get("totals");
                    int stored = (Integer) totals.get("stored");
                    return DynamicReply.of(null, Map.of("totals", Map.of("stored", stored + 1, "photoBytes", 0L),
                            "remark", "plus one"));
                }
                default:
                    return DynamicReply.of(null, Map.of());
            }
        };
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"), config(mode).build())) {
            Map<String, Object> event = GenericValues.struct("sequence", 0, "palletId", "D-" + mode,
                    "amount", GenericValues.union("PIECES", "count", 3), "pallets", List.of());

            Map<?, ?> report = (Map<?, ?>) warehouse.invoke("callBackOnce", servant, event).result();
            assertThat(report.get("failure")).isEqualTo("");
            assertThat(report.get("answer")).isEqualTo(("D-" + mode).length());

            Map<String, Object> refused = GenericValues.struct("sequence", 0, "palletId", "refuse-d",
                    "amount", GenericValues.union("PIECES", "count", 3), "pallets", List.of());
            assertThatThrownBy(() -> warehouse.invoke("callBackOnce", servant, refused))
                    .isInstanceOfSatisfying(RemoteUserException.class, e -> {
                        assertThat(e.repositoryId()).endsWith("ListenerRefused:1.0");
                        assertThat(e.members()).containsEntry("reason", "dynamic no").containsEntry("sequence", 7);
                    });

            DynamicReply adjusted = warehouse.invoke("adjustOnce", servant, Map.of("stored", 1, "photoBytes", 5L), null);
            assertThat(((Map<?, ?>) adjusted.output("totals")).get("stored")).isEqualTo(2);
            assertThat(adjusted.output("remark")).isEqualTo("plus one");
            assertThat(seen).containsExactly("onEvent", "onEvent", "adjust");
        }
    }

    @Test
    void aDynamicServantThatForgetsAnOutValueIsAnsweredUnknownNotAHalfReply() throws Exception {
        DynamicServant forgetful = (operation, arguments) -> DynamicReply.of(null, Map.of("remark", "no totals"));
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                config(InvocationMode.DYNAMIC).build())) {
            ExportedObject exported = warehouse.export(LISTENER, forgetful);
            assertThatThrownBy(() -> warehouse.invoke("adjustOnce", exported, Map.of("stored", 1, "photoBytes", 5L), null))
                    .isInstanceOf(CorbaAdapterException.class).hasMessageContaining("UNKNOWN");
        }
    }

    @Test
    void callsBeyondTheServingBoundAreRefusedAtOnceWithTransientWhileTheOthersRun() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        AtomicInteger answered = new AtomicInteger();
        StockListenerOperations blocking = blockedUntil(entered, release, answered::incrementAndGet);
        AdapterConfig config = config(InvocationMode.STATIC)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder().serving(ServingConfig.builder().maxConcurrentCalls(1).build())
                        .build())
                .build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config)) {
            StockListener reference = client.export(StockListenerOperations.class, blocking).reference(StockListener.class);
            // on JacORB a client's first call runs alone (its code sets): the second below must not wait for it
            client.proxy().audits();
            CompletableFuture<CallbackReport> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.proxy().callBackOnce(reference, event("first", 0));
                } catch (ListenerRefused e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(entered.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            try {
                assertRefusedWhileTheFirstRuns(client, reference);
            } finally {
                release.countDown();
            }
            CallbackReport firstReport = first.get(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(firstReport.answered).as(firstReport.failure + " after " + firstReport.nanos / 1_000_000 + " ms").isTrue();
            assertThat(client.proxy().callBackOnce(reference, event("third", 0)).answered)
                    .as("the bound is free again").isTrue();
        }
    }

    private static void assertRefusedWhileTheFirstRuns(CorbaClient<WarehouseOperations> client, StockListener reference)
            throws Exception {
            CallbackReport second = client.proxy().callBackOnce(reference, event("second", 0));
            assertThat(second.answered).isFalse();
            assertThat(second.failure).startsWith("TRANSIENT").contains("minor=0x43420001").contains("completed=NO");
            assertThat(Duration.ofNanos(second.nanos)).as("refused at once, not when the first ends")
                    .isLessThan(TestOrbs.CALL_TIMEOUT.dividedBy(2));
            // the client's own calls go on while its listener is held up
            assertThat(client.proxy().audits()).isGreaterThanOrEqualTo(0);
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aClosedExportIsGoneForTheServerWhileTheClientLives(InvocationMode mode) throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build())) {
            ExportedObject exported = client.export(StockListenerOperations.class, listener);
            StockListener reference = exported.reference(StockListener.class);
            assertThat(client.proxy().callBackOnce(reference, event("before", 0)).answered).isTrue();
            exported.close();

            assertThat(exported.isClosed()).isTrue();
            CallbackReport after = client.proxy().callBackOnce(reference, event("after", 0));
            assertThat(after.answered).isFalse();
            assertThat(after.failure).startsWith("OBJECT_NOT_EXIST");
        }
    }

    @Test
    void aSubscriptionCallsBackFromTheServersOwnThreadUntilUnsubscribed() throws Exception {
        Listener listener = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.STATIC).build())) {
            int id = client.proxy().subscribe(served(client, listener), 20, 1);
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.size() >= 3);
            Subscription ended = client.proxy().unsubscribe(id);

            assertThat(ended.active).isFalse();
            assertThat(ended.failed).isZero();
            assertThat(ended.answered).isGreaterThanOrEqualTo(3);
            assertThat(listener.events.stream().mapToInt(event -> event.sequence)).startsWith(1, 2, 3);
            assertThat(ended.lastAnswer).isEqualTo(listener.events.peek().palletId.length() + 100);
        }
    }

    @Test
    void aClosedClientEndsItsSubscriptionsAtTheServersNextCall() throws Exception {
        Listener listener = new Listener();
        int id;
        try (CorbaClient<WarehouseOperations> watcher = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.STATIC).build())) {
            CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                    config(InvocationMode.STATIC).build());
            id = client.proxy().subscribe(served(client, listener), 20, 0);
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.size() >= 2);
            client.close();

            await().atMost(TestOrbs.CALL_TIMEOUT.multipliedBy(2))
                    .until(() -> !watcher.proxy().subscription(id).active);
            Subscription ended = watcher.proxy().subscription(id);
            assertThat(ended.failed).isEqualTo(1);
            assertThat(ended.lastFailure).as("nothing listens where the reference points")
                    .matches("(TRANSIENT|COMM_FAILURE|OBJECT_NOT_EXIST).*");
        }
    }

    @Test
    void aListenerRunsWithTheContextClassLoaderOfTheThreadThatExportedIt() throws Exception {
        // an application's loader in a container; the ORB's dispatch threads were started with another
        Thread thread = Thread.currentThread();
        ClassLoader own = thread.getContextClassLoader();
        try (URLClassLoader application = new URLClassLoader(new URL[0], own);
                CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        config(InvocationMode.STATIC).build())) {
            // the ORB's serving threads started first, under this thread's own loader (a thread inherits its creator's)
            Listener first = new Listener();
            assertThat(client.proxy().callBackOnce(served(client, first), event("first", 0)).answered).isTrue();
            assertThat(first.loaders).containsExactly(own);
            Listener listener = new Listener();
            StockListener reference;
            thread.setContextClassLoader(application);
            try {
                reference = served(client, listener);
            } finally {
                thread.setContextClassLoader(own);
            }
            assertThat(client.proxy().callBackOnce(reference, event("loader", 0)).answered).isTrue();
            int id = client.proxy().subscribe(reference, 10, 0);
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.size() >= 3);
            client.proxy().unsubscribe(id);

            assertThat(listener.loaders).as("inside the call and from the server's own thread").hasSizeGreaterThanOrEqualTo(3)
                    .allSatisfy(loader -> assertThat(loader).isSameAs(application));
            assertThat(thread.getContextClassLoader()).isSameAs(own);
        }
    }

    @Test
    void closingAClientThatServesLetsNoOrbThreadDieOfIt() throws Exception {
        // the OpenJDK ORB destroys a POA on a thread of its own unless told to wait; run after the
        // ORB's destroy, that thread died of a NullPointerException now and then
        ConcurrentLinkedQueue<String> died = new ConcurrentLinkedQueue<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            // JacORB's own, and harmless: the POA's request controller, ending as the POA is destroyed,
            // reads the POA's state outside its try block now and then and dies of that POA's OBJECT_NOT_EXIST
            if (!(thread.getName().startsWith("RequestController") && e instanceof org.omg.CORBA.OBJECT_NOT_EXIST)) {
                died.add(thread.getName() + ": " + e);
            }
        });
        try {
            for (int i = 0; i < 10; i++) {
                Listener listener = new Listener();
                try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        config(InvocationMode.STATIC).build())) {
                    // closed while the server calls back every 2 ms: a call is in flight in the POA
                    client.proxy().subscribe(served(client, listener), 2, 0);
                    await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.size() >= 3);
                }
            }
            await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
                    .untilAsserted(() -> assertThat(died).as("threads that died of an exception").isEmpty());
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"STATIC", "DII"})
    void aClientClosedWhileItIsCalledBackLeavesNoThreadSocketOrOrbBehind(InvocationMode mode) throws Exception {
        int orbsBefore = OrbCounter.open();
        int socketsBefore = ProcFs.self().openSockets();
        Set<Thread> threadsBefore = Threads.live();
        Listener listener = new Listener();
        CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build());
        StockListener reference = served(client, listener);
        for (int i = 0; i < 20; i++) {
            assertThat(client.proxy().callBackOnce(reference, event("leak-" + i, 1)).answered).isTrue();
        }
        int id = client.proxy().subscribe(reference, 5, 1);
        await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> listener.events.size() >= 25);
        client.close();

        assertThat(OrbCounter.open()).isEqualTo(orbsBefore);
        assertThat(Threads.stillAliveAfter(threadsBefore, Duration.ofSeconds(10))).as("threads the client started")
                .isEmpty();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(ProcFs.self().openSockets())
                .as("sockets").isLessThanOrEqualTo(socketsBefore));
        try (CorbaClient<WarehouseOperations> watcher = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.STATIC).build())) {
            await().atMost(TestOrbs.CALL_TIMEOUT.multipliedBy(2)).until(() -> !watcher.proxy().subscription(id).active);
        }
    }

    /** JacORB only, for now: the Eclipse and OpenJDK ORBs' listening sockets are their own (docs/callbacks.md). */
    @Test
    @Tag(TestOrbs.JACORB_ONLY)
    void aCallBackLargerThanTheIncomingMessageCapIsRefusedBeforeTheListenerSeesIt() throws Exception {
        Listener listener = new Listener();
        AdapterConfig capped = config(InvocationMode.STATIC)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder().maxIncomingMessageBytes(64 * 1024).build())
                .build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, capped)) {
            StockListener reference = served(client, listener);
            StockEvent small = event("small", 1);
            assertThat(client.proxy().callBackOnce(reference, small).answered).isTrue();

            StockEvent large = event("large", 1);
            large.pallets[0].picture = new byte[200 * 1024];
            CallbackReport refused = client.proxy().callBackOnce(reference, large);

            assertThat(refused.answered).isFalse();
            assertThat(refused.failure).matches("(COMM_FAILURE|TRANSIENT|MARSHAL|IMP_LIMIT).*");
            assertThat(listener.events).extracting(received -> received.palletId).containsExactly("small");
            assertThat(client.proxy().callBackOnce(reference, small).answered).as("served again after the refusal")
                    .isTrue();
        }
    }

    @Test
    void aClientWhoseOrbHasTlsRefusesToExportRatherThanListenInPlainText() throws Exception {
        TlsConfig tls = TlsConfig.builder().trustStore(org.corbabridge.fixture.TestKeys.trustStore(),
                org.corbabridge.fixture.TestKeys.PASSWORD).build();
        try (ServerFixture overTls = ServerFixture.start(ServerConfig.warehouse().toBuilder()
                .tls(ServerTls.only()).build())) {
            AdapterConfig withTls = TestOrbs.configFor(overTls)
                    .orb(OrbConfig.of(TestOrbs.current()).toBuilder().tls(tls).build())
                    .build();
            try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, withTls)) {
                assertThat(client.proxy().site()).as("calls go over TLS").isNotEmpty();
                assertThatThrownBy(() -> client.export(StockListenerOperations.class, new Listener()))
                        .isInstanceOf(OrbInitializationException.class)
                        .hasMessageContaining("plain text");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = InvocationMode.class, names = {"STATIC", "DYNAMIC"})
    void aBlockedListenerHoldsUpNeitherAnotherListenerNorTheClientsOwnCalls(InvocationMode mode) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch entered = new CountDownLatch(1);
        StockListenerOperations blocked = blockedUntil(entered, release, () -> -1);
        Listener other = new Listener();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config(mode).build())) {
            StockListener blockedReference = served(client, blocked);
            StockListener otherReference = served(client, other);
            client.proxy().audits();
            CompletableFuture<CallbackReport> held = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.proxy().callBackOnce(blockedReference, event("held", 0));
                } catch (ListenerRefused e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                assertThat(entered.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
                for (int i = 0; i < 5; i++) {
                    assertThat(client.proxy().callBackOnce(otherReference, event("free-" + i, 0)).answered).isTrue();
                    assertThat(client.proxy().audits()).isGreaterThanOrEqualTo(0);
                }
                assertThat(held).as("still held while the others were served").isNotDone();
            } finally {
                release.countDown();
            }
            assertThat(held.get(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).answer).isEqualTo(-1);
        }
    }

    @Test
    void aClientServesOnLoopbackUnlessToldAndOnThePortItIsGiven() throws Exception {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.STATIC).build())) {
            assertThat(client.proxy().callBackOnce(served(client, new Listener()), event("loopback", 0)).answered).isTrue();
            assertThat(ProcFs.self().listeningBeyondLoopback()).as("listening sockets other hosts reach").isEmpty();
        }
        int port = org.corbabridge.fixture.FreePorts.find();
        AdapterConfig onPort = config(InvocationMode.STATIC)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder()
                        .serving(ServingConfig.builder().listen("127.0.0.1", port).build()).build())
                .build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, onPort)) {
            assertThat(client.proxy().callBackOnce(served(client, new Listener()), event("on-port", 0)).answered).isTrue();
            assertThat(ProcFs.self().tcpSockets()).anySatisfy(socket -> {
                assertThat(socket.state()).isEqualTo("LISTEN");
                assertThat(socket.localPort()).isEqualTo(port);
            });
        }
    }

    /** What an IDL compiler generates for {@code interface Silent { void ping(inout long n); };}, with no IDL file beside it. */
    public interface SilentOperations {
        void ping(org.omg.CORBA.IntHolder n);
    }

    public interface Silent extends SilentOperations, org.omg.CORBA.Object, org.omg.CORBA.portable.IDLEntity {
    }

    public static final class SilentHelper {
        public static String id() {
            return "IDL:corbabridge/test/Silent:1.0";
        }
    }

    @Test
    void aTypedObjectWhoseIdlIsNotOnTheClassPathIsRefusedRatherThanServedByAGuess() throws Exception {
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                config(InvocationMode.STATIC).build())) {
            assertThatThrownBy(() -> client.export(SilentOperations.class, n -> n.value++))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("IDL:corbabridge/test/Silent:1.0")
                    .hasMessageContaining("cannot tell an out from an inout parameter")
                    .hasMessageContaining("Put the IDL file in the jar under idl/");
        }
    }
}
