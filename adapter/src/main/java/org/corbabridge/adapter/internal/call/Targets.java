package org.corbabridge.adapter.internal.call;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a {@link RemoteObject}'s calls go, wired once when it is made: the one target (a name in
 * the name service, an object URL, or a reference another call handed out) or the replica set
 * ({@link ReplicaTargets}, each replica located at once), each on its {@link Rebinding}; the
 * prober that asks an ejected replica whether it is back, and the relisting of naming contexts.
 * Locating and the type check are bounded as a call is: under an attempt of the call time-out, on
 * a helper thread the caller stops waiting for at the deadline. {@link RemoteObject} keeps the
 * per-call path.
 *
 * @param <T> what calls are made on
 */
final class Targets<T> {

    private static final Logger LOG = LoggerFactory.getLogger(Targets.class);

    /** How a failure of a probe's attempt is typed: as a call's ({@link RemoteObject}). */
    interface Failures {
        CorbaAdapterException translate(Throwable e, String attempt, Deadline deadline, long started);
    }

    private final AdapterConfig config;
    private final String name;
    private final OrbLease orb;
    private final String repositoryId;
    private final Ticker ticker;
    private final DeadlineExecutor attempts;
    private final CallObserver observer;
    /** With several replicas, how long a probe may wait; else null (the call time-out). */
    private final Duration attemptTimeout;
    private final Failures failures;

    Targets(AdapterConfig config, String name, OrbLease orb, String repositoryId, Ticker ticker,
            DeadlineExecutor attempts, CallObserver observer, Duration attemptTimeout, Failures failures) {
        this.config = config;
        this.name = name;
        this.orb = orb;
        this.repositoryId = repositoryId;
        this.ticker = ticker;
        this.attempts = attempts;
        this.observer = observer;
        this.attemptTimeout = attemptTimeout;
        this.failures = failures;
    }

    /**
     * Locates and binds what calls will go to.
     *
     * @param handedOut the reference of an object another call handed out, or null to locate the name
     * @param description what {@code handedOut} is, for messages
     */
    Replicas<T> of(Function<org.omg.CORBA.Object, T> binder, org.omg.CORBA.Object handedOut, String description) {
        boolean tls = config.orb().tls().isPresent();
        if (handedOut != null) {
            return Replicas.single(description,
                    rebinding(() -> handedOut, binder, description, tls, true));
        } else if (!config.replicas().isEmpty()) {
            return replicaSet(binder, tls);
        } else if (config.objectUrl() != null) {
            // a URL is made a reference without a word to anyone: the time is the type check's
            String target = "the object at " + NamingLookup.abbreviate(config.objectUrl());
            return withinTheCallTimeout(() -> Replicas.single(target,
                    rebinding(() -> NamingLookup.object(orb, config.objectUrl()), binder, target, tls, true)),
                    () -> notCheckedInTime(target));
        } else {
            String target = "'" + name + "' in " + config.nameServiceDescription();
            Locating resolving = new Locating(() -> NamingLookup.resolve(orb, config.nameServiceUrl(), name));
            return withinTheCallTimeout(() -> Replicas.single(target,
                    rebinding(resolving, binder, target, tls, true)), () -> resolving.found
                            ? notCheckedInTime(target)
                            : nameServiceSilent("looking up '" + name + "'", config.nameServiceDescription()));
        }
    }

    private Rebinding<T> rebinding(Supplier<org.omg.CORBA.Object> locator, Function<org.omg.CORBA.Object, T> binder,
            String target, boolean tls, boolean locateNow) {
        return new Rebinding<>(() -> orb.bounded(locator.get()), binder, reference -> {
            if (tls) {
                Rebinding.requireTlsEndpoint(orb.orb(), reference, target);
            }
        }, target, repositoryId, config.callTimeout(), ticker, locateNow, orb.platform());
    }

    /**
     * The replicas of the configuration, each located now: one that cannot be reached starts
     * ejected, and the client is made if any can; else the first failure is the caller's. A
     * replica that is there but is no such object (or refuses TLS) fails the client. The listing
     * and every replica's lookup and type check share one call time-out, the replicas located at
     * once, each on a helper thread: one after another, three replicas that never answered held
     * the caller for three call time-outs.
     */
    private Replicas<T> replicaSet(Function<org.omg.CORBA.Object, T> binder, boolean tls) {
        Deadline deadline = Deadline.after(config.callTimeout(), ticker);
        List<ReplicaTargets.Target> targets = attempts.runBy(deadline, () -> ReplicaTargets.of(config, orb, deadline),
                () -> nameServiceSilent("listing the replicas " + String.join(", ", config.replicas()),
                        ReplicaTargets.nameServices(config)));
        if (targets.isEmpty()) {
            // only naming contexts can list no replica at all
            throw new NameNotBoundException("no replica: nothing is bound in " + String.join(", ", config.replicas())
                    + " (the name service: " + config.nameServiceDescription() + ")", Completion.NOT_APPLICABLE, null);
        }
        List<String> descriptions = new ArrayList<>();
        List<Rebinding<T>> bindings = new ArrayList<>();
        List<Locating> locators = new ArrayList<>();
        List<Runnable> locating = new ArrayList<>();
        for (ReplicaTargets.Target target : targets) {
            Locating locator = new Locating(target.locator());
            Rebinding<T> binding = rebinding(locator, binder, target.description(), tls, false);
            descriptions.add(target.description());
            bindings.add(binding);
            locators.add(locator);
            locating.add(() -> CurrentAttempt.within(deadline, () -> binding.current(() -> { })));
        }
        List<RuntimeException> outcomes = attempts.runEachBy(deadline, locating, i -> locators.get(i).found
                ? notCheckedInTime(descriptions.get(i))
                : new CallTimeoutException(descriptions.get(i) + " could not be looked up within the call time-out of "
                        + config.callTimeout().toMillis() + " ms", Completion.NOT_APPLICABLE, null));
        List<CorbaAdapterException> failures = new ArrayList<>();
        for (RuntimeException outcome : outcomes) {
            if (outcome != null && !(outcome instanceof CorbaAdapterException typed && Replicas.failsToReach(typed))) {
                throw outcome;
            }
            failures.add((CorbaAdapterException) outcome);
        }
        if (failures.stream().allMatch(Objects::nonNull)) {
            throw failures.get(0);
        }
        Replicas<T> set = Replicas.of(descriptions, bindings, failures, config.replicaPolicy(), ticker, observer,
                this::probe, probeMillis(config.replicaPolicy()), "corbabridge-probe " + name);
        if (ReplicaTargets.listsContexts(config)) {
            set.refreshEvery(config.replicaPolicy().ejectionTime().toMillis(), () -> relist(set, binder, tls));
        }
        return set;
    }

    /**
     * Locates and binds as a call is bounded: under an attempt of the call time-out, whose
     * connections refuse what would be sent past it, past the send limit (a name service or
     * server that forwards in a loop, or closes each connection, which an ORB would follow for
     * ever) or past the connection limit; on a helper thread the caller stops waiting for at the
     * deadline. Each ORB waits its reply time-out, the call time-out, for every request it sends:
     * on the caller's thread, a slow name service and then a silent server (the type check) held
     * the caller for both, 3.5 s for a 2 s call time-out. The abandoned piece ends on its own.
     *
     * @param late the caller's exception at the deadline
     */
    private <R> R withinTheCallTimeout(Supplier<R> locate, Supplier<? extends RuntimeException> late) {
        Deadline deadline = Deadline.after(config.callTimeout(), ticker);
        return attempts.runBy(deadline, () -> CurrentAttempt.within(deadline, locate), late);
    }

    /** A server that did not answer the type check of its reference (or a connection to it) in time. */
    private CallTimeoutException notCheckedInTime(String target) {
        return new CallTimeoutException("checking that " + target + " is a " + repositoryId
                + " got no answer within the call time-out of " + config.callTimeout().toMillis() + " ms",
                Completion.NOT_APPLICABLE, null);
    }

    /** A name service that did not answer a lookup or a listing in time. */
    private NameServiceUnavailableException nameServiceSilent(String lookup, String nameService) {
        return new NameServiceUnavailableException(lookup + " failed: the name service at " + nameService
                + " did not answer within the call time-out of " + config.callTimeout().toMillis() + " ms",
                Completion.NOT_APPLICABLE, null);
    }

    /** A locator that notes when it has found its object: what is left of locating is the type check. */
    private static final class Locating implements Supplier<org.omg.CORBA.Object> {
        private final Supplier<org.omg.CORBA.Object> locator;
        private volatile boolean found;

        Locating(Supplier<org.omg.CORBA.Object> locator) {
            this.locator = locator;
        }

        @Override
        public org.omg.CORBA.Object get() {
            org.omg.CORBA.Object object = locator.get();
            found = true;
            return object;
        }
    }

    /**
     * Lists the configured naming contexts again and makes the set what they hold now: one
     * {@code list} per context (and per ejection time), on the prober's thread. A context that
     * cannot be listed now (the name service stalled or restarting) leaves the set as it is: the
     * replicas found before still answer without the name service, and the listing's failure says
     * nothing of them. (Applied, it made the set one replica that fails: every call failed until
     * a listing succeeded.)
     */
    private void relist(Replicas<T> set, Function<org.omg.CORBA.Object, T> binder, boolean tls) {
        try {
            Map<String, ReplicaTargets.Target> now = new LinkedHashMap<>();
            ReplicaTargets.of(config, orb).forEach(target -> now.put(target.description(), target));
            if (now.values().stream().anyMatch(ReplicaTargets.Target::failedListing)) {
                LOG.debug("the replicas of {} could not all be listed again; the set stays as it is", name);
                return;
            }
            set.update(List.copyOf(now.keySet()), description -> rebinding(now.get(description).locator(), binder,
                    description, tls, false));
        } catch (RuntimeException e) {
            LOG.debug("listing the replicas of {} again failed: {}", name, e.toString());
        }
    }

    /** How often the prober looks for a replica whose ejection is over: a tenth of it, within 20-500 ms. */
    static long probeMillis(ReplicaPolicy policy) {
        return Math.max(20, Math.min(500, policy.ejectionTime().toMillis() / 10));
    }

    /**
     * Asks an ejected replica whether it is there: located again if it was found gone, then
     * {@code _non_existent}, on a helper thread the prober waits for only the attempt time-out
     * (the call time-out without one), so that a replica whose link is gone does not hold the
     * prober; a replica that says its object is gone, or does not answer in time, stays ejected.
     */
    private void probe(Replicas.Replica<T> replica) {
        Duration limit = attemptTimeout != null ? attemptTimeout : config.callTimeout();
        Deadline deadline = Deadline.after(limit, ticker);
        String what = "_non_existent (the probe of " + replica.target() + ")";
        attempts.runBy(deadline, () -> {
            CurrentAttempt outer = CurrentAttempt.begin(deadline, false, null);
            long started = ticker.nanoTime();
            try {
                T target = replica.binding().current(() -> { }).target();
                if (target instanceof org.omg.CORBA.Object reference && reference._non_existent()) {
                    throw new ServerUnavailableException("the object of " + replica.target() + " no longer exists",
                            Completion.NOT_APPLICABLE, null);
                }
                return null;
            } catch (CorbaAdapterException e) {
                throw e;
            } catch (RuntimeException e) {
                throw failures.translate(e, what, deadline, started);
            } finally {
                CurrentAttempt.restore(outer);
            }
        }, () -> new CallTimeoutException(what + " got no answer within " + limit.toMillis() + " ms",
                Completion.MAYBE, null));
    }
}
