package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.omg.CORBA.StringHolder;
import org.omg.CORBA.SystemException;

/**
 * {@link CallObserver#served}, on this JVM's ORB with the C++ warehouse_server calling back: every
 * call a typed or a dynamic servant serves is seen once, from before its admission to its one end
 * (answered, the IDL exception's id, the system exception the caller got: the bound's refusal
 * among them); an observer that throws changes nothing for the call or for the other observers.
 */
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class ServedCallObserverTest {

    private static final Idl IDL = Idl.fromClassPath(ServedCallObserverTest.class.getClassLoader(), "idl/warehouse.idl");
    private static final String LISTENER_ID = "IDL:depot/stock/StockListener:1.0";
    private static final String REFUSED_ID = "IDL:depot/stock/ListenerRefused:1.0";

    private final ServerFixture fixture;

    ServedCallObserverTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    /** What one served call was seen as: its interface, operation and every end told, in order. */
    record Seen(String repositoryId, String operation, List<String> ends) {
    }

    /** Records every served call and its ends; sees no client call. */
    static final class Recording implements CallObserver {
        final List<Seen> seen = new CopyOnWriteArrayList<>();
        final List<SystemException> failures = new CopyOnWriteArrayList<>();

        @Override
        public Observation start(String repositoryId, String operation) {
            return Observation.NONE;
        }

        @Override
        public ServedObservation served(String repositoryId, String operation) {
            Seen call = new Seen(repositoryId, operation, new CopyOnWriteArrayList<>());
            seen.add(call);
            return new ServedObservation() {
                @Override
                public void answered() {
                    call.ends().add("answered");
                }

                @Override
                public void raisedUserException(String exceptionRepositoryId) {
                    call.ends().add("raised " + exceptionRepositoryId);
                }

                @Override
                public void failed(SystemException failure) {
                    failures.add(failure);
                    call.ends().add("failed " + failure.getClass().getSimpleName());
                }
            };
        }

        List<List<String>> ends() {
            return seen.stream().map(Seen::ends).toList();
        }
    }

    private static StockEvent event(String palletId) {
        Quantity amount = new Quantity();
        amount.count(1);
        return new StockEvent(0, palletId, amount, new Pallet[0]);
    }

    /** Answers the pallet id's length; refuses "refuse" ids; fails on "crash" ids; holds "hold" ids until released. */
    private static final class Listener implements StockListenerOperations {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public int onEvent(StockEvent event) throws ListenerRefused {
            if (event.palletId.startsWith("refuse")) {
                throw new ListenerRefused("no room", 1);
            }
            if (event.palletId.startsWith("crash")) {
                throw new IllegalStateException("the listener's own bug");
            }
            if (event.palletId.startsWith("hold")) {
                entered.countDown();
                try {
                    release.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return event.palletId.length();
        }

        @Override
        public void onNote(String note) {
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "kept";
        }
    }

    @Test
    void eachCallATypedListenerServesIsSeenOnceWithTheEndItsCallerGot() throws Exception {
        Recording observer = new Recording();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).observers(observer).build())) {
            StockListener reference = client.export(StockListenerOperations.class, new Listener()).reference(StockListener.class);
            assertThat(client.proxy().callBackOnce(reference, event("P-1")).answered).isTrue();
            assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-1")))
                    .isInstanceOf(ListenerRefused.class);
            assertThat(client.proxy().callBackOnce(reference, event("crash-1")).failure).startsWith("UNKNOWN");
            client.proxy().noteOnce(reference, "a oneway");
            // the server's oneway to the listener may still be on its way when noteOnce returns
            await().atMost(TestOrbs.CALL_TIMEOUT).until(() -> observer.ends().size() == 4 && !observer.ends().get(3).isEmpty());
        }

        assertThat(observer.seen).extracting(Seen::repositoryId).containsOnly(LISTENER_ID);
        assertThat(observer.seen).extracting(Seen::operation).containsExactly("onEvent", "onEvent", "onEvent", "onNote");
        assertThat(observer.ends()).containsExactly(List.of("answered"), List.of("raised " + REFUSED_ID),
                List.of("failed UNKNOWN"), List.of("answered"));
        assertThat(observer.failures.get(0).completed.value()).isEqualTo(org.omg.CORBA.CompletionStatus._COMPLETED_MAYBE);
    }

    @Test
    void aDynamicServantPassedAsAnArgumentIsSeenAlike() throws Exception {
        Recording observer = new Recording();
        DynamicServant servant = (operation, arguments) -> {
            Map<?, ?> event = (Map<?, ?>) arguments.get("event");
            if (((String) event.get("palletId")).startsWith("refuse")) {
                throw new RemoteUserException("ListenerRefused", Map.of("reason", "dynamic no", "sequence", 7));
            }
            return DynamicReply.of(1, Map.of());
        };
        try (DynamicClient warehouse = DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                TestOrbs.configFor(fixture).invocation(InvocationMode.DYNAMIC).observers(observer).build())) {
            for (String id : List.of("D-1", "refuse-d")) {
                Map<String, Object> event = GenericValues.struct("sequence", 0, "palletId", id,
                        "amount", GenericValues.union("PIECES", "count", 3), "pallets", List.of());
                try {
                    warehouse.invoke("callBackOnce", servant, event);
                } catch (RemoteUserException refused) {
                    assertThat(id).startsWith("refuse");
                }
            }
        }

        assertThat(observer.seen).extracting(Seen::operation).containsExactly("onEvent", "onEvent");
        assertThat(observer.ends()).containsExactly(List.of("answered"), List.of("raised " + REFUSED_ID));
    }

    @Test
    void aCallBeyondTheServingBoundIsSeenAsTheRefusalItsCallerGot() throws Exception {
        Recording observer = new Recording();
        Listener listener = new Listener();
        AdapterConfig config = TestOrbs.configFor(fixture)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder().serving(ServingConfig.builder().maxConcurrentCalls(1).build())
                        .build())
                .observers(observer).build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config)) {
            StockListener reference = client.export(StockListenerOperations.class, listener).reference(StockListener.class);
            // on JacORB a client's first call runs alone (its code sets): the second below must not wait for it
            client.proxy().audits();
            CompletableFuture<CallbackReport> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.proxy().callBackOnce(reference, event("hold-1"));
                } catch (ListenerRefused e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(listener.entered.await(TestOrbs.CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            try {
                assertThat(client.proxy().callBackOnce(reference, event("second")).failure).startsWith("TRANSIENT");
            } finally {
                listener.release.countDown();
            }
            assertThat(first.get(TestOrbs.CALL_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS).answered).isTrue();
        }

        assertThat(observer.ends()).containsExactlyInAnyOrder(List.of("answered"), List.of("failed TRANSIENT"));
        SystemException refusal = observer.failures.get(0);
        assertThat(refusal.minor).isEqualTo(ServingConfig.TOO_MANY_CALLS_MINOR);
        assertThat(ServingConfig.isRefusal(refusal)).isTrue();
        assertThat(refusal.completed.value()).isEqualTo(org.omg.CORBA.CompletionStatus._COMPLETED_NO);
    }

    @Test
    void anObserverThatThrowsChangesNothingForTheCallOrTheOtherObservers() throws Exception {
        Recording observer = new Recording();
        CallObserver throwsAtStart = new CallObserver() {
            @Override
            public Observation start(String repositoryId, String operation) {
                return Observation.NONE;
            }

            @Override
            public ServedObservation served(String repositoryId, String operation) {
                throw new IllegalStateException("an observer's bug at the start");
            }
        };
        CallObserver throwsAtTheEnd = new CallObserver() {
            @Override
            public Observation start(String repositoryId, String operation) {
                return Observation.NONE;
            }

            @Override
            public ServedObservation served(String repositoryId, String operation) {
                return new ServedObservation() {
                    @Override
                    public void answered() {
                        throw new IllegalStateException("an observer's bug at the end");
                    }

                    @Override
                    public void raisedUserException(String exceptionRepositoryId) {
                        throw new IllegalStateException("an observer's bug at the end");
                    }
                };
            }
        };
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).observers(throwsAtStart, observer, throwsAtTheEnd).build())) {
            StockListener reference = client.export(StockListenerOperations.class, new Listener()).reference(StockListener.class);
            for (int i = 0; i < 2; i++) {
                CallbackReport report = client.proxy().callBackOnce(reference, event("P-" + i));
                assertThat(report.answered).as(report.failure).isTrue();
                assertThat(report.answer).isEqualTo(3);
            }
            assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-2")))
                    .isInstanceOf(ListenerRefused.class);
        }

        assertThat(observer.ends()).containsExactly(List.of("answered"), List.of("answered"), List.of("raised " + REFUSED_ID));
    }
}
