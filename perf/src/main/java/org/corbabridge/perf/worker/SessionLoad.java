package org.corbabridge.perf.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.ejb.CatalogSession;

/**
 * Many stateful sessions, each a user who calls, thinks, and calls again. A pool of caller
 * threads, like an application server's request threads, serves whichever session is due.
 * Response time counts from when the session was due, not from when a thread got to it: once
 * the callers fall behind, the wait shows in the numbers (no coordinated omission).
 */
final class SessionLoad {

    private static final int MAX_CALLER_THREADS = 64;
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.MINUTES.toNanos(10);
    /** How long the hiccup meter means to sleep each time; what it oversleeps is the stall. */
    private static final long HICCUP_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Supplier<CatalogSession> newSession;
    private final String query;
    private final int expectItems;
    private final long thinkNanos;
    private final List<User> users = new ArrayList<>();
    private final DelayQueue<User> due = new DelayQueue<>();
    private final ExecutorService callers;
    private final Recorder responses = new Recorder(HIGHEST_TRACKABLE_NANOS, 3);
    private final LongAdder serviceNanos = new LongAdder();
    private final Recorder hiccups = new Recorder(HIGHEST_TRACKABLE_NANOS, 3);
    private volatile Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private volatile boolean running = true;

    SessionLoad(Supplier<CatalogSession> newSession, String query, int expectItems, Duration think) {
        this.newSession = newSession;
        this.query = query;
        this.expectItems = expectItems;
        this.thinkNanos = think.toNanos();
        this.callers = Executors.newFixedThreadPool(MAX_CALLER_THREADS, runnable -> {
            Thread thread = new Thread(runnable, "load-caller");
            thread.setDaemon(true);
            return thread;
        });
        for (int i = 0; i < MAX_CALLER_THREADS; i++) {
            callers.execute(this::callWhatIsDue);
        }
        Thread meter = new Thread(this::meterHiccups, "hiccup-meter");
        meter.setDaemon(true);
        meter.start();
    }

    int sessions() {
        return users.size();
    }

    /**
     * Adds sessions until there are {@code count}, each starting after a random part of a think
     * time, so that they do not call in step. Stops early at {@code deadlineNanos} (System.nanoTime).
     *
     * @throws CorbaAdapterException or another exception if the container cannot create a session
     */
    void growTo(int count, long deadlineNanos) {
        while (users.size() < count && System.nanoTime() < deadlineNanos) {
            User user = new User(newSession.get());
            user.dueNanos = System.nanoTime() + ThreadLocalRandom.current().nextLong(Math.max(1, thinkNanos));
            users.add(user);
            due.add(user);
        }
    }

    /** Forgets what was recorded so far: the start of a measuring window. */
    void reset() {
        responses.getIntervalHistogram();
        hiccups.getIntervalHistogram();
        serviceNanos.reset();
        failures = new ConcurrentHashMap<>();
    }

    /** What was recorded since {@link #reset()}. */
    Window window() {
        Histogram histogram = responses.getIntervalHistogram();
        Map<String, Long> failed = new TreeMap<>();
        failures.forEach((kind, count) -> failed.put(kind, count.sum()));
        return new Window(histogram, serviceNanos.sum(), failed, hiccups.getIntervalHistogram());
    }

    /**
     * The response times, the callers' total time inside calls, failed calls by exception, and
     * the JVM's own stalls in the same window ({@link #meterHiccups}).
     */
    record Window(Histogram responses, long serviceNanos, Map<String, Long> failures, Histogram hiccups) {
    }

    /**
     * What a thread that does nothing but sleep 1 ms at a time oversleeps, as jHiccup measures a
     * JVM: a GC pause, a safepoint, a core the scheduler gave to someone else, a late timer. A
     * call's p99 no lower than the hiccups' is the machine's, not the ORB's. One thread, woken
     * 1 000 times a second: a small share of one core.
     */
    private void meterHiccups() {
        while (running) {
            long before = System.nanoTime();
            LockSupport.parkNanos(HICCUP_SLEEP_NANOS);
            long late = System.nanoTime() - before - HICCUP_SLEEP_NANOS;
            hiccups.recordValue(Math.max(0, Math.min(HIGHEST_TRACKABLE_NANOS, late)));
        }
    }

    private void callWhatIsDue() {
        while (running) {
            User user;
            try {
                user = due.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (user == null) {
                continue;
            }
            long started = System.nanoTime();
            try {
                CatalogResult result = user.session.queryCatalog(query);
                long ended = System.nanoTime();
                if (result.items().size() == expectItems) {
                    responses.recordValue(Math.min(HIGHEST_TRACKABLE_NANOS, ended - user.dueNanos));
                    serviceNanos.add(ended - started);
                } else {
                    fail("wrong result: " + result.items().size() + " items, not " + expectItems);
                }
            } catch (CorbaAdapterException e) {
                fail(e.getClass().getSimpleName());
            } catch (RuntimeException e) {
                fail("untyped " + e.getClass().getName());
            }
            long jitter = ThreadLocalRandom.current().nextLong(thinkNanos / 2 + 1) - thinkNanos / 4;
            user.dueNanos = System.nanoTime() + thinkNanos + jitter;
            if (running) {
                due.add(user);
            }
        }
    }

    private void fail(String kind) {
        failures.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    /**
     * Stops calling, then removes every session, several at a time (an external-mode session's
     * ORB takes a moment to destroy), within {@code limit}.
     *
     * @return sessions not removed within the limit
     */
    int stop(Duration limit) {
        running = false;
        callers.shutdown();
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            callers.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ExecutorService removers = Executors.newFixedThreadPool(16);
        LongAdder removed = new LongAdder();
        for (User user : users) {
            removers.execute(() -> {
                if (System.nanoTime() < deadline) {
                    try {
                        user.session.remove();
                        removed.increment();
                    } catch (RuntimeException e) {
                        // a session the container already discarded
                    }
                }
            });
        }
        removers.shutdown();
        try {
            removers.awaitTermination(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        removers.shutdownNow();
        return users.size() - removed.intValue();
    }

    /** A session and when it next calls. */
    private static final class User implements Delayed {
        final CatalogSession session;
        volatile long dueNanos;

        User(CatalogSession session) {
            this.session = session;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(dueNanos, ((User) other).dueNanos);
        }
    }
}
