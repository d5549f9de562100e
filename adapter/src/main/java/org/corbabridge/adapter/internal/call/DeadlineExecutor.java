package org.corbabridge.adapter.internal.call;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a piece of a call on a helper thread so that the caller can stop waiting at the call's
 * deadline whatever the piece is blocked on: an ORB call, a naming lookup, a lock another thread
 * holds while it resolves the name again. A piece given up on is not interrupted (an interrupt
 * in the ORB's socket I/O can close a connection other calls share); it ends when its own
 * bound does, and its result is dropped.
 *
 * <p>The helper threads are daemons, created on demand, at most {@link #MAX_THREADS} at once,
 * and end after {@link #IDLE_SECONDS} idle or at {@link #shutdown()}. When all are busy the
 * piece runs on the caller's thread (logged once, at WARN), where the connections still refuse to
 * send past the deadline ({@link CurrentAttempt}) but a wait for a reply is bounded by the ORB's
 * reply time-out only.
 */
final class DeadlineExecutor {

    static final int MAX_THREADS = 256;
    static final long IDLE_SECONDS = 10;

    private static final Logger LOG = LoggerFactory.getLogger(DeadlineExecutor.class);

    private final ThreadPoolExecutor threads;
    private final String name;
    /** Whether the warning that all threads were busy was logged: once per executor. */
    private final AtomicBoolean warnedBusy = new AtomicBoolean();

    DeadlineExecutor(String name) {
        this.name = name;
        AtomicInteger count = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(0, MAX_THREADS, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(),
                runnable -> {
                    Thread thread = new Thread(runnable, name + " #" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * The piece's result, or what it threw, if it ends before {@code deadline}; else
     * {@code late}'s exception at the deadline.
     */
    <R> R runBy(Deadline deadline, Supplier<R> piece, Supplier<? extends RuntimeException> late) {
        Future<R> future = submit(piece::get);
        return future == null ? piece.get() : await(future, deadline, late);
    }

    /**
     * Runs the pieces at once, each on a helper thread (on the caller's thread where none is
     * free), and gives each one's outcome by {@code deadline}: null for a piece that returned, what
     * it threw, or {@code late}'s exception (given the piece's index) for one still running then.
     * An {@code Error} a piece throws is the caller's.
     */
    List<RuntimeException> runEachBy(Deadline deadline, List<Runnable> pieces, IntFunction<RuntimeException> late) {
        List<Future<Object>> futures = new ArrayList<>();
        List<RuntimeException> outcomes = new ArrayList<>();
        for (Runnable piece : pieces) {
            Future<Object> future = submit(() -> {
                piece.run();
                return null;
            });
            futures.add(future);
            outcomes.add(future == null ? outcomeOf(piece) : null);
        }
        for (int i = 0; i < futures.size(); i++) {
            if (futures.get(i) != null) {
                int index = i;
                outcomes.set(i, outcomeOf(() -> await(futures.get(index), deadline, () -> late.apply(index))));
            }
        }
        return outcomes;
    }

    /** The piece on a helper thread; null where none is free (warned once) or the executor is shut down. */
    private <R> Future<R> submit(Callable<R> piece) {
        try {
            return threads.submit(piece);
        } catch (RejectedExecutionException busyOrShutDown) {
            if (!threads.isShutdown() && warnedBusy.compareAndSet(false, true)) {
                LOG.warn("all {} helper threads of {} are busy: attempts run on their callers' threads, where the "
                        + "connections still refuse to send past the deadline but a wait for a reply is bounded by "
                        + "the ORB's reply time-out only", MAX_THREADS, name);
            }
            return null;
        }
    }

    /** The piece's result, or what it threw, if it ends before {@code deadline}; else {@code late}'s exception. */
    private static <R> R await(Future<R> future, Deadline deadline, Supplier<? extends RuntimeException> late) {
        try {
            return future.get(Math.max(0, deadline.nanosLeft()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw late.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            future.cancel(false);
            Thread.currentThread().interrupt();
            throw late.get();
        }
    }

    /** Null if {@code piece} returns, else the runtime exception it throws. */
    private static RuntimeException outcomeOf(Runnable piece) {
        try {
            piece.run();
            return null;
        } catch (RuntimeException thrown) {
            return thrown;
        }
    }

    /** Lets running pieces end on their own; idle threads end now. */
    void shutdown() {
        threads.shutdown();
    }
}
