package org.corbabridge.perf.worker;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.AsyncClient;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.InFlightRequest;
import org.corbabridge.perf.worker.WorkerMessages.Style;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.QueryResult;

/**
 * Calls in flight from one session (one client, one ORB, one connection), in one JVM per ORB.
 * A request's style is {@link Style#SYNC} (as many threads as calls in flight, each making blocking
 * calls one after another) or {@link Style#ASYNC} (one thread keeping its calls in flight on an
 * executor of as many threads).
 * The reply's response times are each call's latency, from its start (async: its submission) to
 * its result, ns; its server array holds one value, the wall time of all the calls, ns.
 */
public final class AsyncWorker {

    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(4);

    private AsyncWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        FeatureSetup setup = channel.setup(FeatureSetup.class);
        AdapterConfig config = WorkerChannel.adapterConfig(setup);
        Map<String, ExecutorService> executors = new HashMap<>();
        try (CorbaClient<CatalogOperations> client = CorbaClient.create(CatalogOperations.class, config)) {
            channel.reply(new Reply(true, null, Map.of(), null, null));
            InFlightRequest request;
            while ((request = channel.next(InFlightRequest.class)) != null && request.op() != Op.QUIT) {
                channel.reply(serve(client, executors, request));
            }
            channel.reply(new Reply(true, null, null, null, null));
        } catch (Exception e) {
            e.printStackTrace();
            channel.reply(Reply.failed("async worker: " + e));
        } finally {
            executors.values().forEach(ExecutorService::shutdownNow);
        }
    }

    private static Reply serve(CorbaClient<CatalogOperations> client, Map<String, ExecutorService> executors,
            InFlightRequest request) throws InterruptedException {
        int inFlight = request.inFlight();
        boolean async = request.style() == Style.ASYNC;
        ExecutorService executor = executors.computeIfAbsent(request.style().label() + inFlight, m -> async
                ? AsyncClient.boundedExecutor("async-" + inFlight, inFlight, inFlight)
                : Executors.newFixedThreadPool(inFlight));
        long[] latency = new long[request.calls()];
        AtomicReference<String> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(request.calls());
        long started = System.nanoTime();
        if (async) {
            AsyncClient<CatalogOperations> calls = client.async(executor);
            Semaphore slots = new Semaphore(inFlight);
            for (int i = 0; i < request.calls(); i++) {
                slots.acquire();
                int index = i;
                long submitted = System.nanoTime();
                calls.call(catalog -> catalog.queryCatalog(request.query())).whenComplete((result, error) -> {
                    latency[index] = System.nanoTime() - submitted;
                    check(result, error, request, failure);
                    slots.release();
                    done.countDown();
                });
            }
        } else {
            AtomicInteger next = new AtomicInteger();
            for (int t = 0; t < inFlight; t++) {
                executor.execute(() -> {
                    int index;
                    while ((index = next.getAndIncrement()) < request.calls()) {
                        long callStarted = System.nanoTime();
                        QueryResult result = null;
                        Throwable error = null;
                        try {
                            result = client.proxy().queryCatalog(request.query());
                        } catch (Exception | Error e) {
                            error = e;
                        }
                        latency[index] = System.nanoTime() - callStarted;
                        check(result, error, request, failure);
                        done.countDown();
                    }
                });
            }
        }
        if (!done.await(REQUEST_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            return Reply.failed(request + ": " + done.getCount() + " calls still unfinished after " + REQUEST_LIMIT);
        }
        long wall = System.nanoTime() - started;
        if (failure.get() != null) {
            return Reply.failed(request + ": " + failure.get());
        }
        boolean warmup = request.op() == Op.WARMUP;
        return new Reply(true, null, null, warmup ? new long[0] : latency, warmup ? new long[0] : new long[] {wall});
    }

    private static void check(QueryResult result, Throwable error, InFlightRequest request,
            AtomicReference<String> failure) {
        if (error != null) {
            failure.compareAndSet(null, error.toString());
        } else if (result.items.length != request.expectItems()) {
            failure.compareAndSet(null, request.query() + " returned " + result.items.length + " items, not "
                    + request.expectItems());
        }
    }
}
