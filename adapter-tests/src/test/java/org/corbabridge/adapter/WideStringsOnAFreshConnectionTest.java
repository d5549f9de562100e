package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many threads whose first calls carry wide strings ({@code wstring}), all at once, on a client
 * just made: every call is answered. JacORB marks a connection's code sets negotiated when a
 * request is created, so a request created while another thread opens the connection let the
 * first request leave without them, and omniORB then refused every wide string on that connection
 * (BAD_PARAM, WCharTCSNotKnown): 15 to 731 calls of 50 000 in the replica drills, in 3 runs of 5.
 * The adapter now makes the first call on a new binding alone (see OrbPlatform.firstCallAlone).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(ServerFixtureExtension.Warehouse.class)
class WideStringsOnAFreshConnectionTest {

    private static final int THREADS = 50;
    private static final int CLIENTS = 10;

    private final ServerFixture fixture;

    WideStringsOnAFreshConnectionTest(ServerFixture fixture) {
        this.fixture = fixture;
    }

    @Test
    void manyThreadsStartingWideStringCallsAtOnceOnAFreshClientAreAllAnswered() throws Exception {
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            for (int c = 0; c < CLIENTS; c++) {
                try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        TestOrbs.configFor(fixture).build())) {
                    WarehouseOperations warehouse = client.proxy();
                    CountDownLatch start = new CountDownLatch(1);
                    CountDownLatch done = new CountDownLatch(THREADS);
                    for (int t = 0; t < THREADS; t++) {
                        Pallet pallet = WarehouseValues.everyBranch("fresh-" + c + "-" + t).get(0);
                        threads.execute(() -> {
                            try {
                                start.await();
                                for (int i = 0; i < 3; i++) {
                                    WarehouseValues.assertSamePallet(warehouse.echo(pallet), pallet);
                                }
                            } catch (Throwable e) {
                                failures.add(e);
                            } finally {
                                done.countDown();
                            }
                        });
                    }
                    start.countDown();
                    assertThat(done.await(60, TimeUnit.SECONDS)).as("every thread ended").isTrue();
                }
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(List.copyOf(failures)).as("calls that failed, of " + CLIENTS * THREADS * 3).isEmpty();
    }
}
