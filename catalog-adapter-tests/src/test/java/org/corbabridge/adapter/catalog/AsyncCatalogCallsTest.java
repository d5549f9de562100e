package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.AsyncClient;
import org.corbabridge.adapter.CallRejectedException;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The proxy's asynchronous form against the real server, on this JVM's ORB: calls in flight
 * together each get their own answer, a full executor refuses at once with a typed error, a
 * cancelled future stops the wait, and the call time-out still holds.
 */
@ExtendWith(ServerFixtureExtension.class)
class AsyncCatalogCallsTest {

    /** What "at once" allows: far less than the slow call a refusal or a cancellation must not wait for. */
    private static final Duration AT_ONCE = Duration.ofMillis(500);

    private final List<ExecutorService> executors = new ArrayList<>();

    @AfterEach
    void stopExecutors() throws InterruptedException {
        for (ExecutorService executor : executors) {
            executor.shutdown();
            // every call ends within its call time-out, cancelled or not
            assertThat(executor.awaitTermination(TestOrbs.CALL_TIMEOUT.plus(TestOrbs.SLACK).toMillis(), TimeUnit.MILLISECONDS))
                    .isTrue();
        }
    }

    @Test
    void callsInFlightTogetherEachGetTheirOwnAnswer(ServerFixture fixture) throws Exception {
        try (CorbaClient<CatalogOperations> client = catalog(fixture, TestOrbs.CALL_TIMEOUT)) {
            AsyncClient<CatalogOperations> async = client.async(executor(8, 64));
            List<CompletableFuture<QueryResult>> results = new ArrayList<>();
            for (int count = 0; count < 64; count++) {
                String query = "items=" + count;
                results.add(async.call(catalog -> catalog.queryCatalog(query)));
            }
            for (int count = 0; count < 64; count++) {
                QueryResult result = results.get(count).get(30, TimeUnit.SECONDS);
                CatalogAdapterDataTest.assertSameItems(CatalogResult.of(result).items(),
                        ReferenceCatalog.firstItems(count));
            }
        }
    }

    @Test
    void aFullExecutorRefusesAtOnceWithATypedErrorAndSendsNothing(ServerFixture fixture) throws Exception {
        try (CorbaClient<CatalogOperations> client = catalog(fixture, TestOrbs.CALL_TIMEOUT)) {
            AsyncClient<CatalogOperations> async = client.async(executor(1, 1));
            CompletableFuture<QueryResult> running = async.call(catalog -> catalog.queryCatalog("items=1 delay=1000"));
            CompletableFuture<QueryResult> waiting = async.call(catalog -> catalog.queryCatalog("items=2"));

            long started = System.nanoTime();
            CompletableFuture<QueryResult> refused = async.call(catalog -> catalog.queryCatalog("items=3"));
            Throwable thrown = catchThrowable(() -> refused.get(1, TimeUnit.SECONDS));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(AT_ONCE);
            assertThat(thrown).isInstanceOf(ExecutionException.class).cause()
                    .isInstanceOfSatisfying(CallRejectedException.class,
                            e -> assertThat(e.completion()).isEqualTo(Completion.NO));
            assertThat(running.get(10, TimeUnit.SECONDS).items).hasSize(1);
            assertThat(waiting.get(10, TimeUnit.SECONDS).items).hasSize(2);
        }
    }

    @Test
    void cancellingAFutureStopsTheWaitAtOnceAndACallNotYetStartedIsNeverSent(ServerFixture fixture)
            throws Exception {
        try (CorbaClient<CatalogOperations> client = catalog(fixture, TestOrbs.CALL_TIMEOUT)) {
            AsyncClient<CatalogOperations> async = client.async(executor(1, 4));
            // the one thread is inside the slow call before anything is cancelled, and it takes the
            // queued call only after the test has cancelled it: no ordering is left to the scheduler
            CountDownLatch slowStarted = new CountDownLatch(1);
            CountDownLatch queuedCancelled = new CountDownLatch(1);
            CompletableFuture<QueryResult> slow = async.call(catalog -> {
                slowStarted.countDown();
                try {
                    return catalog.queryCatalog("items=1 delay=1500");
                } finally {
                    queuedCancelled.await(10, TimeUnit.SECONDS);
                }
            });
            List<String> sent = new CopyOnWriteArrayList<>();
            CompletableFuture<QueryResult> queued = async.call(catalog -> {
                sent.add("queued");
                return catalog.queryCatalog("items=1");
            });
            assertThat(slowStarted.await(10, TimeUnit.SECONDS)).isTrue();

            long started = System.nanoTime();
            assertThat(slow.cancel(true)).isTrue();
            assertThat(queued.cancel(true)).isTrue();
            assertThat(catchThrowable(() -> slow.get(1, TimeUnit.SECONDS))).isInstanceOf(CancellationException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(AT_ONCE);
            queuedCancelled.countDown();

            // the next call runs once the abandoned one has ended on its own; the queued one never ran
            assertThat(async.call(catalog -> catalog.queryCatalog("items=4")).get(10, TimeUnit.SECONDS).items).hasSize(4);
            assertThat(sent).isEmpty();
        }
    }

    @Test
    void theCallTimeOutStillHolds(ServerFixture fixture) throws Exception {
        Duration callTimeout = Duration.ofSeconds(1);
        try (CorbaClient<CatalogOperations> client = catalog(fixture, callTimeout)) {
            AsyncClient<CatalogOperations> async = client.async(executor(2, 2));
            long started = System.nanoTime();
            Throwable thrown = catchThrowable(
                    () -> async.call(catalog -> catalog.queryCatalog("items=1 delay=4000")).get(10, TimeUnit.SECONDS));

            assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(CallTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(callTimeout.plus(TestOrbs.SLACK));
        }
    }

    @Test
    void theInterfacesOwnExceptionArrivesThroughTheFuture(ServerFixture fixture) {
        try (CorbaClient<CatalogOperations> client = catalog(fixture, TestOrbs.CALL_TIMEOUT)) {
            Throwable thrown = catchThrowable(() -> client.async(executor(1, 1))
                    .call(catalog -> catalog.queryCatalog("items=100001")).get(10, TimeUnit.SECONDS));

            assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(InvalidQuery.class);
        }
    }

    private ExecutorService executor(int threads, int queue) {
        ExecutorService executor = AsyncClient.boundedExecutor("test", threads, queue);
        executors.add(executor);
        return executor;
    }

    private static CorbaClient<CatalogOperations> catalog(ServerFixture fixture, Duration callTimeout) {
        return CorbaClient.create(CatalogOperations.class,
                TestOrbs.configFor(fixture).callTimeout(callTimeout).idempotent("queryCatalog").build());
    }
}
