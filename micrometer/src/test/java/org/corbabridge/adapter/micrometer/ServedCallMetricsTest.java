package org.corbabridge.adapter.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.spi.TelemetryNames;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.omg.CORBA.StringHolder;

/**
 * The calls a client serves, measured, on this JVM's ORB with the C++ warehouse_server calling a
 * Java listener back: each is timed under {@value CallMetrics#SERVER_CALL_DURATION} with the tags a
 * client call's timer has, by the reply's status; a call the serving bound refuses is counted under
 * {@value CallMetrics#SERVER_REFUSALS} and timed as the system exception the server got.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServedCallMetricsTest {

    private static final String ON_EVENT = "depot::stock::StockListener/onEvent";
    private static final String LISTENER_ID = "IDL:depot/stock/StockListener:1.0";

    private ServerFixture fixture;

    @BeforeAll
    void startServer() {
        fixture = ServerFixture.startWarehouse();
    }

    @AfterAll
    void stopServer() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private static StockEvent event(String palletId) {
        Quantity amount = new Quantity();
        amount.count(1);
        return new StockEvent(0, palletId, amount, new Pallet[0]);
    }

    /** Answers the pallet id's length; refuses ids starting "refuse"; holds "hold" ids until {@code release}. */
    private static final class Listener implements StockListenerOperations {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public int onEvent(StockEvent event) throws ListenerRefused {
            if (event.palletId.startsWith("refuse")) {
                throw new ListenerRefused("no room", 1);
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

    private CorbaClient<WarehouseOperations> client(AdapterConfig.Builder config) {
        return CorbaClient.create(WarehouseOperations.class, InterfaceSignature.of(WarehouseOperations.class),
                config.build(), null);
    }

    private static Timer served(MeterRegistry registry, String status, String errorType) {
        return registry.find(CallMetrics.SERVER_CALL_DURATION)
                .tags("rpc.system.name", "corba", "rpc.method", ON_EVENT, "rpc.response.status_code", status,
                        "error.type", errorType)
                .timer();
    }

    @Test
    void aServedCallIsTimedWithTheTagsOfAClientCallByItsRepliesStatus() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (CorbaClient<WarehouseOperations> client = client(TestOrbs.configFor(fixture)
                .observers(CallMetrics.of(registry, TelemetryNames.RPC)))) {
            StockListener reference = client.export(StockListenerOperations.class, new Listener())
                    .reference(StockListener.class);
            assertThat(client.proxy().callBackOnce(reference, event("P-1")).answered).isTrue();
            assertThat(client.proxy().callBackOnce(reference, event("P-22")).answered).isTrue();
            assertThatThrownBy(() -> client.proxy().callBackOnce(reference, event("refuse-1")))
                    .isInstanceOf(ListenerRefused.class);
        }

        String scraped = registry.scrape();
        System.out.println("served calls scraped on " + TestOrbs.current().displayName() + ":\n" + scraped.lines()
                .filter(line -> line.startsWith("rpc_server")).reduce("", (a, b) -> a + b + "\n"));
        Timer answered = served(registry, "NO_EXCEPTION", "");
        assertThat(answered).isNotNull();
        assertThat(answered.count()).isEqualTo(2);
        assertThat(answered.totalTime(TimeUnit.NANOSECONDS)).isPositive();
        assertThat(served(registry, "USER_EXCEPTION", "")).isNotNull()
                .satisfies(timer -> assertThat(timer.count()).isEqualTo(1));
        assertThat(registry.find(CallMetrics.SERVER_REFUSALS).counter()).as("nothing was refused").isNull();
        assertThat(registry.find(CallMetrics.SERVER_CALLS).timer()).as("the earlier names are not asked for").isNull();
        assertThat(scraped).contains("rpc_server_call_duration_seconds_count{error_type=\"\",rpc_method=\"" + ON_EVENT
                + "\",rpc_response_status_code=\"NO_EXCEPTION\",rpc_system_name=\"corba\"} 2");
    }

    @Test
    void aCallTheServingBoundRefusesIsCountedAndTimedAsTheTransientTheServerGot() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Listener listener = new Listener();
        AdapterConfig.Builder bounded = TestOrbs.configFor(fixture)
                .orb(OrbConfig.of(TestOrbs.current()).toBuilder()
                        .serving(ServingConfig.builder().maxConcurrentCalls(1).build()).build())
                .observers(CallMetrics.of(registry, TelemetryNames.RPC_AND_LEGACY));
        try (CorbaClient<WarehouseOperations> client = client(bounded)) {
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
            CallbackReport second;
            try {
                second = client.proxy().callBackOnce(reference, event("second"));
            } finally {
                listener.release.countDown();
            }
            assertThat(second.answered).isFalse();
            assertThat(second.failure).startsWith("TRANSIENT").contains("minor=0x43420001");
            CallbackReport firstReport = first.get(TestOrbs.CALL_TIMEOUT.plus(Duration.ofSeconds(1)).toMillis(),
                    TimeUnit.MILLISECONDS);
            assertThat(firstReport.answered).as(firstReport.failure).isTrue();
        }

        Counter refusals = registry.find(CallMetrics.SERVER_REFUSALS).tags("interface", LISTENER_ID, "operation", "onEvent")
                .counter();
        assertThat(refusals).isNotNull();
        assertThat(refusals.count()).isEqualTo(1.0);
        assertThat(served(registry, "SYSTEM_EXCEPTION", org.omg.CORBA.TRANSIENT.class.getName())).isNotNull()
                .satisfies(timer -> assertThat(timer.count()).isEqualTo(1));
        assertThat(served(registry, "NO_EXCEPTION", "")).isNotNull()
                .satisfies(timer -> assertThat(timer.count()).as("the call that ran").isEqualTo(1));
        // the earlier names beside the conventions', with the client timer's tags
        Timer legacy = registry.find(CallMetrics.SERVER_CALLS).tags("interface", LISTENER_ID, "operation", "onEvent",
                "outcome", "failure", "exception", "TRANSIENT").timer();
        assertThat(legacy).isNotNull();
        assertThat(legacy.count()).isEqualTo(1);
        assertThat(registry.scrape()).contains("corba_server_refusals_total{interface=\"" + LISTENER_ID
                + "\",operation=\"onEvent\"} 1.0");
    }
}
