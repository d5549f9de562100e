package org.corbabridge.adapter;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The asynchronous form of a client's proxy, for any interface: each call runs on an executor
 * the caller supplies and completes a {@link CompletableFuture} with its result, or with what the
 * proxy throws (the adapter's typed exceptions, the IDL's own).
 *
 * <pre>{@code
 * ExecutorService calls = AsyncClient.boundedExecutor("catalog", 8, 64);   // yours to shut down
 * AsyncClient<CatalogOperations> async = client.async(calls);
 * CompletableFuture<QueryResult> result = async.call(catalog -> catalog.queryCatalog("items=10"));
 * }</pre>
 *
 * <ul>
 * <li><b>Every bound still holds.</b> Each call is the proxy's, bounded by the call time-out,
 *     retried and re-resolved as the proxy would.
 * <li><b>Back-pressure, not a queue without end.</b> When the executor refuses a call (full, or
 *     shut down) the future fails at once with {@link CallRejectedException}, completion NO:
 *     nothing was sent. {@link #boundedExecutor} makes an executor with a bounded queue.
 * <li><b>Cancelling abandons the wait.</b> A cancelled future completes at once. A call that had
 *     not started is never sent; one under way is not interrupted (an interrupt in the ORB's I/O
 *     can close a connection other calls share): it ends within its call time-out and its result
 *     is dropped.
 * <li><b>Oneway operations</b> complete when the request is written; nothing waits for a reply.
 * </ul>
 *
 * @param <T> the generated operations interface
 */
public final class AsyncClient<T> {

    private final CorbaClient<T> client;
    private final Executor executor;

    private AsyncClient(CorbaClient<T> client, Executor executor) {
        this.client = client;
        this.executor = executor;
    }

    /** Calls on {@code client}'s proxy, run by {@code executor}. */
    public static <T> AsyncClient<T> of(CorbaClient<T> client, Executor executor) {
        if (client == null || executor == null) {
            throw new IllegalArgumentException("an asynchronous client needs a client and an executor");
        }
        return new AsyncClient<>(client, executor);
    }

    /**
     * An executor for asynchronous calls: at most {@code threads} calls in flight, at most
     * {@code queueCapacity} waiting for a thread, and every call beyond those refused (which
     * {@link #call} reports as {@link CallRejectedException}). Its threads are daemons named after
     * {@code name} and end after a minute idle. The caller owns it: shut it down when done.
     */
    public static ExecutorService boundedExecutor(String name, int threads, int queueCapacity) {
        if (threads < 1 || queueCapacity < 0) {
            throw new IllegalArgumentException("an executor needs at least one thread and a queue of zero or more, not "
                    + threads + " and " + queueCapacity);
        }
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.MINUTES,
                queueCapacity == 0 ? new SynchronousQueue<>()
                        : new ArrayBlockingQueue<>(queueCapacity),
                runnable -> {
                    Thread thread = new Thread(runnable, name + " async #" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                }, new ThreadPoolExecutor.AbortPolicy());
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }

    /** One call on the proxy; it may throw the IDL's own (checked) exceptions. */
    @FunctionalInterface
    public interface Call<T, R> {
        R on(T proxy) throws Exception;
    }

    /** One call on the proxy that returns nothing, such as a oneway. */
    @FunctionalInterface
    public interface Action<T> {
        void on(T proxy) throws Exception;
    }

    /**
     * Starts {@code invocation} on the proxy; the future completes with its result or with what it
     * threw (the adapter's typed exceptions, the IDL's own).
     */
    public <R> CompletableFuture<R> call(Call<? super T, ? extends R> invocation) {
        CompletableFuture<R> future = new CompletableFuture<>();
        try {
            // the caller's context (its span) is the parent of the call's span on the executor's thread
            executor.execute(ClientFactory.instance().carryContext(() -> {
                if (future.isDone()) {
                    return; // cancelled before it started: nothing is sent
                }
                try {
                    future.complete(invocation.on(client.proxy()));
                } catch (Throwable failure) {
                    future.completeExceptionally(failure);
                }
            }));
        } catch (RejectedExecutionException full) {
            future.completeExceptionally(new CallRejectedException("a call on " + client.target()
                    + " was refused by its executor (full or shut down); nothing was sent", full));
        }
        return future;
    }

    /** As {@link #call}, for an operation that returns nothing, such as a oneway. */
    public CompletableFuture<Void> run(Action<? super T> invocation) {
        return call(proxy -> {
            invocation.on(proxy);
            return null;
        });
    }
}
