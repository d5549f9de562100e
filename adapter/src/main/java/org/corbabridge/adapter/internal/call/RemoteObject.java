package org.corbabridge.adapter.internal.call;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.internal.orb.Extensions;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.Ticker;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.omg.CORBA.SystemException;

/**
 * A remote object found by name (or handed out by a call) and bound for calls of one interface:
 * the generic part of every client. A call gets one {@link Deadline}; its attempts run as the
 * {@link RetryLoop} allows, each on a replica the {@link Replicas} pick (the one target, unless
 * the configuration names several) and on its binding from its {@link Rebinding} (located again
 * after the server was found gone), and every failure comes out typed ({@link RemoteFailures}).
 * Interface-specific code lives in the binder and in the calls it is given.
 *
 * <p>Where each attempt runs: the first, on a current binding, on the caller's thread, so the
 * common call pays for nothing more; a retry, or an attempt that must locate the object again
 * first, on a helper thread ({@link DeadlineExecutor}) that the caller stops waiting for at the
 * deadline, whatever it is blocked on. On either thread the attempt is the thread's
 * {@link CurrentAttempt}, which the connections read: a request or connection the ORB would
 * start past the deadline (a forward loop, a reconnect loop) is refused there.
 *
 * <p>Thread-safe: calls run concurrently on the current binding.
 *
 * @param <T> what calls are made on: a narrowed stub, or a checked plain reference
 */
public final class RemoteObject<T> implements AutoCloseable {

    private final AdapterConfig config;
    private final String name;
    private final OrbLease orb;
    private final String repositoryId;
    /** Where calls go: one target, or several replicas. */
    private final Replicas<T> replicas;
    /** Whether this object shuts its helper threads down when closed: not when it shares its parent's. */
    private final boolean ownsAttempts;
    /** Runs the attempts that must end by the call's deadline; see {@link #attempt}. */
    private final DeadlineExecutor attempts;
    private final RetryLoop retryLoop;
    /** Sees each call: its span and its metrics, by default. */
    private final CallObserver observer;
    private final Ticker ticker;
    private final LongAdder retries = new LongAdder();
    /** With several replicas, how long an attempt of an idempotent operation may wait; else null. */
    private final Duration attemptTimeout;
    private static final Runnable NOTHING = () -> { };
    /** Sends of a request omniORB refused for want of the connection's code sets (see {@link RemoteFailures#isCodeSetNotYetNegotiated}). */
    private static final int CODE_SET_RESENDS = 2;
    private volatile boolean closed;

    /**
     * @param handedOut the reference of an object another call handed out, or null to locate {@code name}
     * @param parent the object whose call handed it out: its helper threads and observers are shared
     */
    private RemoteObject(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder, org.omg.CORBA.Object handedOut, String description,
            RemoteObject<?> parent) {
        this.config = config;
        this.name = name;
        this.orb = orb;
        this.repositoryId = repositoryId;
        this.ticker = Ticker.SYSTEM;
        this.retryLoop = new RetryLoop(config.retry(), config.connectTimeout(), RetryLoop.Sleeper.THREAD);
        this.ownsAttempts = parent == null;
        this.attempts = parent != null ? parent.attempts : new DeadlineExecutor("corbabridge-attempt " + name);
        this.observer = parent != null ? parent.observer : Observers.of(config.observers());
        this.attemptTimeout = parent == null && config.replicas().size() > 0
                ? config.replicaPolicy().attemptTimeout().orElse(null) : null;
        try {
            this.replicas = new Targets<T>(config, name, orb, repositoryId, ticker, attempts, observer,
                    attemptTimeout, this::translate).of(binder, handedOut, description);
        } catch (RuntimeException | Error e) {
            if (ownsAttempts) {
                attempts.shutdown();
            }
            throw e;
        }
    }

    /**
     * An object this one's call handed out (a cursor, a session, a factory's product), bound to
     * its reference and called as this one is: the same configuration, ORB, bounds, retry and
     * typed failures. There is no name to resolve again: after a failure that says the server
     * was gone, the same reference is bound again. Closing it leaves the ORB and the helper
     * threads to this object.
     */
    public <C> RemoteObject<C> adopt(org.omg.CORBA.Object reference, String description, String childRepositoryId,
            Function<org.omg.CORBA.Object, C> childBinder) {
        return new RemoteObject<>(config, description, orb.shared(), childRepositoryId, childBinder, reference,
                description, this);
    }

    /** What calls are made on now (the stub or checked reference of the current binding; with replicas, the first in service's). */
    public T currentTarget() {
        return replicas.first().binding().boundTarget();
    }

    /**
     * Resolves {@code name} and binds it. On failure the lease is closed (an owned ORB is
     * destroyed) before the typed exception is thrown.
     *
     * @param binder checks the type (raising BAD_PARAM when it is not {@code repositoryId})
     *     and returns what calls are made on
     */
    public static <T> RemoteObject<T> open(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder) {
        try {
            return new RemoteObject<>(config, name, orb, repositoryId, binder, null, null, null);
        } catch (RuntimeException | Error e) {
            orb.close();
            throw e;
        }
    }

    /**
     * Runs one call on the bound object, tried again as the retry policy allows; CORBA system
     * exceptions come out typed.
     *
     * @param idempotent whether running the operation twice is harmless (a read)
     */
    public <R> R call(String operation, boolean idempotent, Function<T, R> invocation) {
        if (closed) {
            throw new AdapterClosedException(operation + " on " + describeTarget() + ": the adapter is closed");
        }
        CallObserver.Observation observation = observer.start(repositoryId, operation);
        Deadline deadline = Deadline.after(config.callTimeout(), ticker);
        try {
            Replicas.Choice choice = replicas.newChoice();
            RetryLoop.Failover failover = choice == null ? RetryLoop.Failover.NONE
                    : () -> choice.failOver(replicas.size());
            R result = retryLoop.run(deadline, idempotent, () -> closed, (attempt, cause) -> {
                retries.increment();
                observation.retrying(attempt, cause);
            }, failover, choice == null ? NOTHING : choice::startOver,
                    number -> attempt(number, choice, idempotent, operation, invocation, deadline, observation));
            observation.succeeded();
            return result;
        } catch (RaisedUserException e) {
            observation.raisedUserException(e.repositoryId());
            throw e;
        } catch (RuntimeException e) {
            observation.failed(e);
            throw e;
        } catch (Error e) {
            observation.failed(new IllegalStateException(e.toString(), e));
            throw e;
        }
    }

    public OrbLease orb() {
        return orb;
    }

    public String name() {
        return name;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Calls tried again since the object was opened. */
    public long retries() {
        return retries.sum();
    }

    /** Times the name was resolved again after the server was found gone (of every replica). */
    public long rebinds() {
        return replicas.rebinds();
    }

    /** Marks the object closed and closes the lease (destroying an owned ORB). Idempotent. */
    @Override
    public void close() {
        closed = true;
        replicas.close();
        if (ownsAttempts) {
            attempts.shutdown();
        }
        orb.close();
    }

    /** "'Catalog' in corbaname::127.0.0.1:2809", or the replicas: "3 replicas of 'Catalog-1' in ...". */
    public String describeTarget() {
        return replicas.describe();
    }

    /**
     * One attempt, ended by the call's deadline. The first on a current binding runs on the
     * caller's thread: the ORB's own reply time-out (the call time-out) bounds its wait, and the
     * connections refuse what it would send past the deadline. A retry, or an attempt that must
     * locate the object again first, may wait for a rebind another thread is doing: it runs on a
     * helper thread, and the caller waits for it only until the deadline. An attempt given up at
     * the deadline is left to end on its own (its ORB and the deadline bound it) and its result
     * dropped; it is not interrupted, since interrupting a thread in the ORB's I/O can close a
     * connection other calls share.
     */
    private <R> R attempt(int number, Replicas.Choice choice, boolean idempotent, String operation,
            Function<T, R> invocation, Deadline deadline, CallObserver.Observation observation) {
        Replicas.Replica<T> replica = replicas.pick(choice);
        if (choice != null && idempotent && attemptTimeout != null) {
            return boundedAttempt(number, replica, operation, invocation, deadline.within(attemptTimeout), observation);
        }
        CurrentAttempt moved = null;
        if (number == 1 && !replica.binding().isStale()) {
            try {
                return attemptNow(replica, operation, invocation, deadline, observation, true, null, null);
            } catch (MovedToHelper sentAgainLate) {
                // nothing ran: the ORB was forwarded or told to reconnect, and would now wait past the deadline
                moved = sentAgainLate.attempt;
            }
        }
        CurrentAttempt continued = moved;
        String when = moved != null ? "continued on a helper thread after the ORB sent it again"
                : number > 1 ? "after a retry" : "after the name was resolved again";
        // the call's span (and any context of the caller's) stays current on the helper thread
        return attempts.runBy(deadline,
                Extensions.carryContext(() -> attemptNow(replica, operation, invocation, deadline, observation, false,
                        continued, null)),
                () -> new CallTimeoutException(operation + " on " + replica.target() + " got no reply within "
                        + config.callTimeout().toMillis() + " ms (attempt " + number + ", " + when
                        + "); the server may still have run it", Completion.MAYBE, null));
    }

    /**
     * An attempt of an idempotent operation on one of several replicas, with the policy's attempt
     * time-out: on a helper thread the caller waits for until {@code attemptDeadline}, so that a
     * replica that stopped answering costs the call that much and not its whole time; the
     * failover then goes to another replica. The abandoned attempt ends on its own: its
     * connections refuse to send past {@code attemptDeadline}, and the ORB bounds its wait.
     */
    private <R> R boundedAttempt(int number, Replicas.Replica<T> replica, String operation, Function<T, R> invocation,
            Deadline attemptDeadline, CallObserver.Observation observation) {
        AtomicBoolean settled = new AtomicBoolean();
        return attempts.runBy(attemptDeadline,
                Extensions.carryContext(() -> attemptNow(replica, operation, invocation, attemptDeadline, observation,
                        false, null, settled)),
                () -> {
                    CallTimeoutException late = new CallTimeoutException(operation + " on " + replica.target()
                            + " got no reply within the attempt time-out of " + attemptTimeout.toMillis() + " ms (attempt "
                            + number + "); the server may still have run it", Completion.MAYBE, null);
                    if (settled.compareAndSet(false, true)) {
                        Replicas.stalled(replica, attemptTimeout.toNanos(), late);
                    }
                    return late;
                });
    }

    /**
     * @param onCallersThread whether it runs on the caller's thread (see {@link CurrentAttempt#RESEND_SLACK_NANOS})
     * @param continued the caller's attempt a helper's continues, or null
     */
    private <R> R attemptNow(Replicas.Replica<T> replica, String operation, Function<T, R> invocation,
            Deadline deadline, CallObserver.Observation observation, boolean onCallersThread,
            CurrentAttempt continued, AtomicBoolean settled) {
        if (closed) {
            throw new AdapterClosedException(operation + " on " + describeTarget() + ": the adapter is closed");
        }
        if (replicas.isSet()) {
            observation.replica(replica.target());
        }
        long started = ticker.nanoTime();
        CurrentAttempt outer = CurrentAttempt.begin(deadline, onCallersThread, continued);
        RuntimeException failure = null;
        Replicas.started(replica);
        try {
            Rebinding<T> binding = replica.binding();
            Rebinding.Bound<T> used = binding.current(observation::rebound);
            Rebinding.FirstCall firstCall = used.firstCall();
            if (firstCall != null && firstCall.claim()) {
                try {
                    return invoke(binding, used, replica, operation, invocation, deadline, started);
                } finally {
                    firstCall.end();
                }
            }
            if (firstCall != null) {
                firstCall.await(deadline.nanosLeft());
            }
            return invoke(binding, used, replica, operation, invocation, deadline, started);
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            if (failure instanceof MovedToHelper || (settled != null && !settled.compareAndSet(false, true))) {
                // the same attempt goes on on a helper thread, or its caller already counted it as stalled
                Replicas.released(replica);
            } else {
                Replicas.ended(replica, ticker.nanoTime() - started, failure);
            }
            CurrentAttempt.Peer peer = observation == CallObserver.Observation.NONE ? null
                    : CurrentAttempt.current().lastPeer();
            if (peer != null && peer.port() >= 0) {
                observation.server(peer.address(), peer.port());
            }
            CurrentAttempt.restore(outer);
        }
    }

    /** The call on a binding: the ORB's failure translated, and a request omniORB refused for want of code sets sent again. */
    private <R> R invoke(Rebinding<T> binding, Rebinding.Bound<T> used, Replicas.Replica<T> replica, String operation,
            Function<T, R> invocation, Deadline deadline, long started) {
        for (int resends = 0;; resends++) {
            try {
                return invocation.apply(used.target());
            } catch (CorbaAdapterException | RaisedUserException e) {
                throw e; // the server's own answer
            } catch (RuntimeException | StackOverflowError e) {
                if (e instanceof IllegalArgumentException && CurrentAttempt.current().requestsSent() == 0) {
                    // a value that cannot be marshalled, the caller's. After a send it is the ORB's reader
                    // failing on the reply (the OpenJDK ORB's on a reply shorter than its values:
                    // "newPosition > limit"), translated below
                    throw e;
                }
                if (resends < CODE_SET_RESENDS && RemoteFailures.isCodeSetNotYetNegotiated(e)) {
                    // it did not run; the connection can carry no wide character (see RemoteFailures):
                    // closed, the ORB opens another and negotiates its code sets on it
                    closeQuietly(CurrentAttempt.current().lastConnection());
                    continue;
                }
                throw binding.staleIfGone(used, translate(e, operation + " on " + replica.target(), deadline,
                        started));
            }
        }
    }

    /** A first attempt the connections stopped on the caller's thread, to be made again on a helper. */
    private static final class MovedToHelper extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** The refused attempt, whose counts the helper's continues. */
        final transient CurrentAttempt attempt;

        MovedToHelper(CurrentAttempt attempt) {
            super(null, null, false, false);
            this.attempt = attempt;
        }
    }

    /**
     * What an attempt's failure means: the connections' refusal when they stopped the ORB at the
     * deadline or the send limit (whatever the ORB made of it on the way out), else the ORB's
     * system exception, else an ORB broken inside (a {@code StackOverflowError} of a forward
     * loop's recursion included), all typed; completion YES where the server's reply had said the
     * call ran ({@link CurrentAttempt#serverRan}).
     *
     * @param attempt what was attempted, for the message: "queryCatalog on 'Catalog' in ..."
     */
    private CorbaAdapterException translate(Throwable e, String attempt, Deadline deadline, long started) {
        SystemException refusal = CurrentAttempt.current().refusal();
        if (refusal != null && refusal.minor == CurrentAttempt.RESEND_ON_HELPER) {
            throw new MovedToHelper(CurrentAttempt.current());
        }
        if (refusal != null) {
            return RemoteFailures.refused(refusal, attempt, e, orb.platform());
        }
        CorbaAdapterException typed;
        if (e instanceof SystemException system) {
            typed = RemoteFailures.unreachableAddress(RemoteFailures.sentAnyway(
                    RemoteFailures.translate(system, attempt, deadline.timeout(), ticker.nanoTime() - started,
                            MessageLimits.refusedSince(orb.orb(), started)),
                    CurrentAttempt.current().requestsSent() > 0 || orb.platform().isReplyWaitOver(system)),
                    CurrentAttempt.current().connectFailure());
        } else if (e instanceof RuntimeException runtime) {
            typed = RemoteFailures.translateUnexpected(runtime, attempt, MessageLimits.refusedSince(orb.orb(), started),
                    CurrentAttempt.current().requestsSent() > 0, orb.platform());
        } else {
            typed = RemoteFailures.brokenOrb(e, attempt);
        }
        return RemoteFailures.answered(typed, CurrentAttempt.current().serverRan());
    }

    /** Closes a connection whose code sets the server never heard of; null: nothing to close. */
    private static void closeQuietly(java.io.Closeable connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (java.io.IOException e) {
            // the ORB finds it broken all the same
        }
    }
}
