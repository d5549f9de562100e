package org.corbabridge.adapter.internal.call;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.internal.time.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The targets of a client's calls: one (the common case, which costs a call nothing more) or
 * several replicas of the same object, each with its own {@link Rebinding}. With several, each
 * call's attempt {@link #pick picks} one as the {@link ReplicaPolicy} balances them, a failed
 * attempt may go to another ({@link Choice#failOver}), and each replica's failures to reach it
 * feed a circuit breaker (Resilience4j) that ejects it for a while; a prober thread then asks an
 * ejected replica {@code _non_existent} and lets it back in once it answers. Thread-safe.
 *
 * @param <T> what calls are made on
 */
final class Replicas<T> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Replicas.class);

    /** Asks a replica whether it is there, within a bounded time; throws (typed) when it is not. */
    @FunctionalInterface
    interface Prober<T> {
        void probe(Replica<T> replica);
    }

    /** One replica: where it is, its binding, its breaker (none alone) and its calls in flight. */
    static final class Replica<T> {
        /** Its identity within the set, for a call's {@link Choice}: replicas join and leave, ids stay. */
        private final int id;
        private final String target;
        private final Rebinding<T> binding;
        private final CircuitBreaker breaker;
        private final AtomicInteger outstanding = new AtomicInteger();
        private volatile CorbaAdapterException lastFailure;

        Replica(int id, String target, Rebinding<T> binding, CircuitBreaker breaker) {
            this.id = id;
            this.target = target;
            this.binding = binding;
            this.breaker = breaker;
        }

        String target() {
            return target;
        }

        Rebinding<T> binding() {
            return binding;
        }

        int outstanding() {
            return outstanding.get();
        }

        /** Whether calls may go to it: it is not ejected (nor being probed). */
        boolean isInService() {
            return breaker == null || breaker.getState() == CircuitBreaker.State.CLOSED;
        }

        @Override
        public String toString() {
            return target;
        }
    }

    /**
     * One call's use of the replicas: those its attempts went to. Made only with several replicas;
     * a call's attempts run one after another, so it needs no locking.
     */
    static final class Choice {
        private final BitSet tried = new BitSet();
        private int count;

        /** Whether another replica, not yet tried by this call, is left for its next attempt. */
        boolean failOver(int replicas) {
            return count < replicas;
        }

        /** A retry after a back-off may go to any replica again. */
        void startOver() {
            tried.clear();
            count = 0;
        }

        boolean tried(int id) {
            return tried.get(id);
        }

        void add(int id) {
            if (!tried.get(id)) {
                tried.set(id);
                count++;
            }
        }
    }

    /** Makes the binding of a replica that joins the set later (a new binding of a listed naming context). */
    @FunctionalInterface
    interface Binder<T> {
        Rebinding<T> bindingOf(String target);
    }

    /** The replicas now: replaced whole when the set changes, so that a call reads one list. */
    private volatile List<Replica<T>> replicas;
    private final ReplicaPolicy.Balancing balancing;
    private final AtomicInteger nextInTurn = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();
    private final CallObserver observer;
    private final ScheduledExecutorService prober;
    /** The breakers' settings; null for a single target. */
    private final CircuitBreakerConfig breakers;
    /** The client's clock: the breakers' and the probes' time. */
    private final Ticker ticker;
    /** What reads the set's sources again (listed naming contexts), or null when they never change. */
    private volatile Runnable refresh;

    private Replicas(ReplicaPolicy.Balancing balancing, CallObserver observer, ScheduledExecutorService prober,
            CircuitBreakerConfig breakers, Ticker ticker) {
        this.ticker = ticker;
        this.balancing = balancing;
        this.observer = observer;
        this.prober = prober;
        this.breakers = breakers;
    }

    /** The single target of a client: no breaker, no prober, nothing per call. */
    static <T> Replicas<T> single(String target, Rebinding<T> binding) {
        Replicas<T> single = new Replicas<>(ReplicaPolicy.Balancing.ROUND_ROBIN, null, null, null, Ticker.SYSTEM);
        single.replicas = List.of(new Replica<>(0, target, binding, null));
        return single;
    }

    /**
     * Several replicas, each with a breaker as {@code policy} says and a prober thread that asks an
     * ejected one, once its ejection time is over, whether it is back.
     *
     * @param bindings the replicas' bindings, by target; one located at creation is in service, one
     *     not yet located (unreachable then) starts ejected
     * @param creationFailures by target, why it could not be located at creation, or null if it was
     * @param probeMillis how often the prober looks for a replica whose ejection time is over
     */
    static <T> Replicas<T> of(List<String> targets, List<Rebinding<T>> bindings,
            List<CorbaAdapterException> creationFailures,
            ReplicaPolicy policy, Ticker ticker, CallObserver observer, Prober<T> probe, long probeMillis,
            String threadName) {
        CircuitBreakerConfig config = CircuitBreakerConfig.custom()
                .slidingWindow(policy.ejectionWindow(), policy.ejectionFailures(),
                        CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .failureRateThreshold(100f * policy.ejectionFailures() / policy.ejectionWindow())
                .waitDurationInOpenState(policy.ejectionTime())
                .permittedNumberOfCallsInHalfOpenState(1)
                .automaticTransitionFromOpenToHalfOpenEnabled(false)
                .writableStackTraceEnabled(false)
                .clock(new TickerClock(ticker))
                .build();
        ScheduledExecutorService prober = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
        Replicas<T> set = new Replicas<>(policy.balancing(), observer, prober, config, ticker);
        List<Replica<T>> replicas = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            replicas.add(set.newReplica(targets.get(i), bindings.get(i), creationFailures.get(i)));
        }
        set.replicas = List.copyOf(replicas);
        prober.scheduleWithFixedDelay(() -> set.probeEjected(probe), probeMillis, probeMillis, TimeUnit.MILLISECONDS);
        return set;
    }

    /** A replica with a breaker of its own; ejected at once when it could not be located ({@code failure}). */
    private Replica<T> newReplica(String target, Rebinding<T> binding, CorbaAdapterException failure) {
        CircuitBreaker breaker = CircuitBreaker.of(target, breakers);
        Replica<T> replica = new Replica<>(ids.getAndIncrement(), target, binding, breaker);
        breaker.getEventPublisher().onStateTransition(event -> transition(replica, event.getStateTransition()));
        if (failure != null) {
            replica.lastFailure = failure;
            breaker.transitionToOpenState();
        }
        return replica;
    }

    /**
     * Makes the set {@code targets}, in that order: a replica already in it stays as it is (its
     * binding, its breaker, its calls), one no longer named leaves it (calls under way on it end as
     * they would), a new one joins, located at its first call. An empty list changes nothing: a
     * listing that found no binding says less than the replicas that answered. Run on the prober's
     * thread; calls read the set whole, before or after.
     */
    void update(List<String> targets, Binder<T> binder) {
        if (targets.isEmpty() || breakers == null) {
            return;
        }
        List<Replica<T>> now = replicas;
        List<Replica<T>> next = new ArrayList<>();
        for (String target : targets) {
            Replica<T> kept = now.stream().filter(replica -> replica.target.equals(target)).findFirst().orElse(null);
            next.add(kept != null ? kept : newReplica(target, binder.bindingOf(target), null));
        }
        if (!next.equals(now)) {
            LOG.info("replicas now {}", next);
            replicas = List.copyOf(next);
        }
    }

    /**
     * Runs {@code task} (which reads the set's sources again and {@link #update updates} it) on the
     * prober's thread every {@code millis}, and whenever a replica is ejected.
     */
    void refreshEvery(long millis, Runnable task) {
        if (prober != null) {
            refresh = task;
            prober.scheduleWithFixedDelay(task, millis, millis, TimeUnit.MILLISECONDS);
        }
    }

    private void transition(Replica<T> replica, CircuitBreaker.StateTransition transition) {
        switch (transition) {
            case CLOSED_TO_OPEN -> {
                LOG.warn("replica {} ejected: {}", replica.target, replica.lastFailure == null ? "not reachable"
                        : replica.lastFailure.getMessage());
                // located again before it is probed: it may have moved
                replica.binding.invalidate();
                observer.replicaEjected(replica.target, replica.lastFailure);
                Runnable relist = refresh;
                if (relist != null && !prober.isShutdown()) {
                    // the set itself may have changed: a listed context is read again
                    prober.execute(relist);
                }
            }
            case HALF_OPEN_TO_CLOSED -> {
                LOG.info("replica {} answered its probe and takes calls again", replica.target);
                observer.replicaProbed(replica.target, true);
            }
            case HALF_OPEN_TO_OPEN -> observer.replicaProbed(replica.target, false);
            default -> {
                // other transitions (forced ones at creation) say nothing new
            }
        }
    }

    /** Whether this is a replica set (configured as one, however many it holds now), not a single target. */
    boolean isSet() {
        return breakers != null;
    }

    /** How many replicas. */
    int size() {
        return replicas.size();
    }

    /** A new choice for one call, or null with a single target (nothing to choose). */
    Choice newChoice() {
        return breakers == null ? null : new Choice();
    }

    /**
     * The replica for the next attempt of a call: the only one; else, among those in service the
     * call has not tried, the next in turn or the one with the fewest calls waiting; when every
     * untried one is ejected, the next untried one in turn all the same.
     */
    Replica<T> pick(Choice choice) {
        List<Replica<T>> replicas = this.replicas;
        if (choice == null) {
            return replicas.get(0);
        }
        int n = replicas.size();
        int start = Math.floorMod(nextInTurn.getAndIncrement(), n);
        Replica<T> best = null;
        Replica<T> fallback = null;
        for (int k = 0; k < n; k++) {
            Replica<T> replica = replicas.get((start + k) % n);
            if (choice.tried(replica.id)) {
                continue;
            }
            if (!replica.isInService()) {
                fallback = fallback == null ? replica : fallback;
                continue;
            }
            if (balancing == ReplicaPolicy.Balancing.ROUND_ROBIN) {
                best = replica;
                break;
            }
            if (best == null || replica.outstanding() < best.outstanding()) {
                best = replica;
            }
        }
        Replica<T> chosen = best != null ? best : fallback != null ? fallback : replicas.get(start);
        choice.add(chosen.id);
        return chosen;
    }

    /** The first replica in service (the first of all when none is): what {@code reference()} shows. */
    Replica<T> first() {
        List<Replica<T>> replicas = this.replicas;
        return replicas.stream().filter(Replica::isInService).findFirst().orElse(replicas.get(0));
    }

    /** Times any replica was located again after it was found gone. */
    long rebinds() {
        long sum = 0;
        for (Replica<T> replica : replicas) {
            sum += replica.binding.rebinds();
        }
        return sum;
    }

    /** The one target's description; with several, how many and which. */
    String describe() {
        List<Replica<T>> replicas = this.replicas;
        if (replicas.size() == 1) {
            return replicas.get(0).target;
        }
        return replicas.size() + " replicas (" + String.join(", ", replicas.stream().map(Replica::target).toList())
                + ")";
    }

    /** An attempt on {@code replica} starts. */
    static void started(Replica<?> replica) {
        if (replica.breaker != null) {
            replica.outstanding.incrementAndGet();
        }
    }

    /** An attempt on {@code replica} stops counting as its call waiting, without a verdict on it. */
    static void released(Replica<?> replica) {
        if (replica.breaker != null) {
            replica.outstanding.decrementAndGet();
        }
    }

    /**
     * An attempt on {@code replica} ended after {@code nanos}, with {@code failure} or null; a
     * failure to reach it counts towards its ejection, any other end (an answer, a user exception,
     * a value that could not be sent) as a success.
     */
    static void ended(Replica<?> replica, long nanos, RuntimeException failure) {
        CircuitBreaker breaker = replica.breaker;
        if (breaker == null) {
            return;
        }
        replica.outstanding.decrementAndGet();
        if (failure instanceof CorbaAdapterException typed && failsToReach(typed)) {
            failed(replica, nanos, typed);
        } else {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Counts a failure of {@code replica} towards its ejection, and keeps it for the ejection's message. */
    private static void failed(Replica<?> replica, long nanos, Throwable failure) {
        if (failure instanceof CorbaAdapterException typed) {
            replica.lastFailure = typed;
        }
        replica.breaker.onError(nanos, TimeUnit.NANOSECONDS, failure);
    }

    /**
     * An attempt on {@code replica} the caller stopped waiting for at its attempt time-out: a
     * failure of the replica at once, though the attempt itself ends later (and then counts as
     * nothing more: its end finds the replica's count already settled).
     */
    static void stalled(Replica<?> replica, long nanos, CorbaAdapterException failure) {
        if (replica.breaker != null) {
            failed(replica, nanos, failure);
        }
    }

    /** Whether a failure says the replica could not be reached or did not answer in time. */
    static boolean failsToReach(CorbaAdapterException failure) {
        return failure instanceof ServerUnavailableException || failure instanceof CallTimeoutException
                || failure instanceof NameServiceUnavailableException || failure instanceof NameNotBoundException;
    }

    /** Probes every ejected replica whose ejection time is over; run by the prober thread. */
    void probeEjected(Prober<T> probe) {
        for (Replica<T> replica : this.replicas) {
            if (replica.breaker.getState() != CircuitBreaker.State.OPEN || !replica.breaker.tryAcquirePermission()) {
                continue;
            }
            long started = ticker.nanoTime();
            try {
                probe.probe(replica);
                replica.breaker.onSuccess(ticker.nanoTime() - started, TimeUnit.NANOSECONDS);
            } catch (RuntimeException | Error e) {
                replica.binding.invalidate();
                failed(replica, ticker.nanoTime() - started, e);
            }
        }
    }

    /** Stops the prober; a probe under way ends by its own bound. */
    @Override
    public void close() {
        if (prober != null) {
            prober.shutdownNow();
        }
    }

    /** The breakers' clock: the client's ticker, so that a test's fake one ends an ejection. */
    private static final class TickerClock extends Clock {
        private final Ticker ticker;

        TickerClock(Ticker ticker) {
            this.ticker = ticker;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            long nanos = ticker.nanoTime();
            return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        }
    }
}
