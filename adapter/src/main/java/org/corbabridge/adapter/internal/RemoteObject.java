package org.corbabridge.adapter.internal;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.opentelemetry.context.Context;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.RetryPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TlsHandshakeException;
import org.corbabridge.adapter.transport.MessageLimits;
import org.corbabridge.adapter.WrongObjectTypeException;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A remote object found by name and bound for calls of one interface: the generic part of
 * every adapter. It resolves the name, checks the type through a binder, runs calls, turns
 * their failures into typed exceptions, and tries a failed call again when its
 * {@link RetryPolicy} says that is safe, resolving the name again first when the server was
 * unreachable or no longer knew the object (it may have restarted elsewhere).
 * Interface-specific code lives in the binder and in the calls it is given.
 *
 * <p>Thread-safe: calls run concurrently on the current binding; when one of them finds the
 * server gone, the binding is marked stale and the next attempt, of whichever thread, resolves
 * the name once for all of them.
 *
 * @param <T> what calls are made on: a narrowed stub, or a checked plain reference
 */
final class RemoteObject<T> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteObject.class);

    /** A bound target and the generation of the lookup that produced it. */
    private record Binding<T>(T target, long generation) {
    }

    private final AdapterConfig config;
    private final String name;
    private final OrbLease orb;
    private final String repositoryId;
    private final Function<org.omg.CORBA.Object, T> binder;
    /** Where the reference comes from: the name service, or the call that handed the object out. */
    private final java.util.function.Supplier<org.omg.CORBA.Object> locator;
    /** "'Catalog' in corbaname::...", or "PalletCursor from browse on 'Warehouse' in corbaname::...". */
    private final String target;
    /** Whether this object shut its helper threads down when closed: not when it shares its parent's. */
    private final boolean ownsAttempts;
    private final Retry idempotentRetry;
    private final Retry otherRetry;
    /** The call this thread is making; Resilience4j retries on the caller's thread. */
    private final ThreadLocal<CallState> callState = ThreadLocal.withInitial(CallState::new);
    /** Runs the attempts that must end by the call's deadline; see {@link #attempt}. */
    private final DeadlineExecutor attempts;
    /** Sees each call: its span and its metrics, by default. */
    private final CallObserver observer;
    private final LongAdder retries = new LongAdder();
    private final LongAdder rebinds = new LongAdder();
    /** The call time-out, read on every call. */
    private final long callTimeoutNanos;
    private volatile Binding<T> binding;
    private volatile long staleGeneration = -1;
    private volatile boolean closed;

    private RemoteObject(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder) {
        this(config, name, orb, repositoryId, binder, null, null, null);
    }

    /**
     * @param handedOut the reference of an object another call handed out, or null to resolve {@code name}
     * @param parent the object whose call handed it out: its helper threads and observers are shared
     */
    private RemoteObject(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder, org.omg.CORBA.Object handedOut, String description,
            RemoteObject<?> parent) {
        this.config = config;
        this.name = name;
        this.orb = orb;
        this.repositoryId = repositoryId;
        this.binder = binder;
        if (handedOut != null) {
            this.locator = () -> handedOut;
            this.target = description;
        } else if (config.objectUrl() != null) {
            this.locator = () -> NamingLookup.object(orb, config.objectUrl());
            this.target = "the object at " + NamingLookup.abbreviate(config.objectUrl());
        } else {
            this.locator = () -> NamingLookup.resolve(orb, config.nameServiceUrl(), name);
            this.target = "'" + name + "' in " + config.nameServiceDescription();
        }
        this.idempotentRetry = retry(config.retry(), true);
        this.otherRetry = retry(config.retry(), false);
        this.ownsAttempts = parent == null;
        this.attempts = parent != null ? parent.attempts : new DeadlineExecutor("corbabridge-attempt " + name);
        this.observer = parent != null ? parent.observer : Observers.of(config.observers());
        this.callTimeoutNanos = config.callTimeout().toNanos();
        try {
            this.binding = new Binding<>(resolveAndBind(), 1);
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
    <C> RemoteObject<C> adopt(org.omg.CORBA.Object reference, String description, String childRepositoryId,
            Function<org.omg.CORBA.Object, C> childBinder) {
        return new RemoteObject<>(config, description, orb.shared(), childRepositoryId, childBinder, reference,
                description, this);
    }

    /** What calls are made on now (the stub or checked reference of the current binding). */
    T currentTarget() {
        return binding.target();
    }

    /**
     * Resolves {@code name} and binds it. On failure the lease is closed (an owned ORB is
     * destroyed) before the typed exception is thrown.
     *
     * @param binder checks the type (raising BAD_PARAM when it is not {@code repositoryId})
     *     and returns what calls are made on
     */
    static <T> RemoteObject<T> open(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder) {
        try {
            return new RemoteObject<>(config, name, orb, repositoryId, binder);
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
        CallState state = callState.get();
        long outerDeadline = state.deadline;
        int outerAttempts = state.attempts;
        CallObserver.Observation outerObservation = state.observation;
        CallObserver.Observation observation = observer.start(repositoryId, operation);
        state.deadline = System.nanoTime() + callTimeoutNanos;
        state.attempts = 0;
        state.observation = observation;
        try {
            R result;
            try {
                result = attempt(operation, invocation, state);
            } catch (CorbaAdapterException first) {
                result = retried(idempotent ? idempotentRetry : otherRetry, first, operation, invocation, state);
            }
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
        } finally {
            state.deadline = outerDeadline;
            state.attempts = outerAttempts;
            state.observation = outerObservation;
        }
    }

    /**
     * The attempts after a first one that failed with {@code first}, as {@code retry} allows. The
     * first attempt runs outside Resilience4j, so that a call that succeeds at once (nearly every
     * call) makes none of its per-call context; here that failure is replayed to it as its first
     * attempt's, and it decides, waits and tries again exactly as if it had run that attempt.
     */
    private <R> R retried(Retry retry, CorbaAdapterException first, String operation, Function<T, R> invocation,
            CallState state) {
        boolean[] replayed = {false};
        return retry.executeSupplier(() -> {
            if (!replayed[0]) {
                replayed[0] = true;
                throw first;
            }
            return attempt(operation, invocation, state);
        });
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

    /** Times the name was resolved again after the server was found gone. */
    public long rebinds() {
        return rebinds.sum();
    }

    /** Marks the object closed and closes the lease (destroying an owned ORB). Idempotent. */
    @Override
    public void close() {
        closed = true;
        if (ownsAttempts) {
            attempts.shutdown();
        }
        orb.close();
    }

    /** "'Catalog' in corbaname::127.0.0.1:2809". */
    public String describeTarget() {
        return target;
    }

    /**
     * One attempt, ended by the call's deadline. The first attempt on a current binding runs on
     * the caller's thread: the ORB's own reply time-out (the call time-out) bounds it, and the
     * common call pays for nothing more. A retry, or an attempt that must resolve the name again
     * first, has less than the whole call time-out left, and may wait for a rebind another thread
     * is doing: it runs on a helper thread, and the caller waits for it only until the deadline.
     * An attempt given up at the deadline is left to end on its own (its ORB bounds it) and its
     * result dropped; it is not interrupted, since interrupting a thread in the ORB's I/O can close
     * a connection other calls share.
     */
    private <R> R attempt(String operation, Function<T, R> invocation, CallState state) {
        state.attempts++;
        if (state.attempts == 1 && binding.generation() != staleGeneration) {
            // the first attempt starts with the call, whose start the deadline already holds
            return attemptNow(operation, invocation, state.observation,
                    state.deadline - callTimeoutNanos);
        }
        // the call's span (and any context of the caller's) stays current on the helper thread
        CallObserver.Observation observation = state.observation;
        return attempts.runBy(state.deadline,
                Context.current().wrapSupplier(() -> attemptNow(operation, invocation, observation, System.nanoTime())),
                () -> new CallTimeoutException(operation + " on " + describeTarget() + " got no reply within "
                        + config.callTimeout().toMillis() + " ms (attempt " + state.attempts + ", after "
                        + (state.attempts > 1 ? "a retry" : "the name was resolved again")
                        + "); the server may still have run it", Completion.MAYBE, null));
    }

    /** @param started when the attempt started: the call's start for its first (one clock read less per call) */
    private <R> R attemptNow(String operation, Function<T, R> invocation, CallObserver.Observation observation,
            long started) {
        if (closed) {
            throw new AdapterClosedException(operation + " on " + describeTarget() + ": the adapter is closed");
        }
        Binding<T> used = currentBinding(observation);
        try {
            return invocation.apply(used.target());
        } catch (SystemException e) {
            throw staleIfGone(used, RemoteFailures.translate(e, operation + " on " + describeTarget(),
                    config.callTimeout(), System.nanoTime() - started, MessageLimits.refusedSince(orb.orb(), started)));
        } catch (CorbaAdapterException | RaisedUserException | IllegalArgumentException e) {
            // the server's own answer, or a value that cannot be marshalled: nothing to translate
            throw e;
        } catch (RuntimeException e) {
            throw staleIfGone(used, RemoteFailures.translateUnexpected(e, operation + " on " + describeTarget(),
                    MessageLimits.refusedSince(orb.orb(), started)));
        }
    }

    /** The binding to call on, resolving the name again (once, for every thread) when it went stale. */
    private Binding<T> currentBinding(CallObserver.Observation observation) {
        Binding<T> current = binding;
        if (current.generation() != staleGeneration) {
            return current;
        }
        synchronized (this) {
            current = binding;
            if (current.generation() == staleGeneration) {
                T target = resolveAndBind();
                current = new Binding<>(target, current.generation() + 1);
                binding = current;
                rebinds.increment();
                observation.rebound();
                LOG.debug("resolved {} again (binding {})", describeTarget(), current.generation());
            }
            return current;
        }
    }

    private CorbaAdapterException staleIfGone(Binding<T> used, CorbaAdapterException failure) {
        if (failure instanceof ServerUnavailableException) {
            // only the binding the failed call used: a newer one stays as it is
            staleGeneration = used.generation();
        }
        return failure;
    }

    private T resolveAndBind() {
        org.omg.CORBA.Object reference = orb.bounded(locator.get());
        if (config.orb().tls().isPresent()) {
            requireTlsEndpoint(reference);
        }
        long started = System.nanoTime();
        try {
            return binder.apply(reference);
        } catch (BAD_PARAM e) {
            throw new WrongObjectTypeException("the object bound as " + describeTarget() + " is not a "
                    + repositoryId, Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw RemoteFailures.translate(e, "checking that the object bound as " + describeTarget() + " is a "
                    + repositoryId, config.callTimeout(), System.nanoTime() - started);
        }
    }

    /**
     * An ORB set up for TLS still reaches the name service in plain text (omniNames has no TLS),
     * so it would call a reference without a TLS endpoint in plain text too. A name rebound to
     * such a reference is refused here instead: a client that asked for TLS never sends a request
     * in the clear.
     */
    private void requireTlsEndpoint(org.omg.CORBA.Object reference) {
        String ior = orb.orb().object_to_string(reference);
        if (!IorInspection.offersTls(ior)) {
            throw new TlsHandshakeException("the object bound as " + describeTarget() + " offers no TLS endpoint "
                    + "(no TAG_SSL_SEC_TRANS component in its reference), and this client calls over TLS only; "
                    + "nothing was sent to it", Completion.NO, null);
        }
    }

    /**
     * The call time-out bounds the whole call, retries included: another attempt starts only if
     * a connection attempt and the longest back-off still fit before the call's deadline.
     */
    private boolean timeLeftForAnotherAttempt(RetryPolicy policy) {
        long needed = config.connectTimeout().toNanos() + policy.maxBackoff().toNanos();
        return callState.get().deadline - System.nanoTime() > needed;
    }

    /** The call a thread is making: its deadline, how many attempts it has made, and what observes it. */
    private static final class CallState {
        long deadline;
        int attempts;
        CallObserver.Observation observation;
    }

    private Retry retry(RetryPolicy policy, boolean idempotent) {
        Retry retry = Retry.of(name + (idempotent ? " (idempotent)" : ""), RetryConfig.custom()
                .maxAttempts(policy.maxAttempts())
                .intervalFunction(attempt -> policy.backoffBefore(attempt + 1).toMillis())
                .retryOnException(e -> !closed && e instanceof CorbaAdapterException failure
                        && policy.allowsRetry(failure, idempotent) && timeLeftForAnotherAttempt(policy))
                .build());
        // published on the caller's thread, before the back-off: the call's own observation is this thread's
        retry.getEventPublisher().onRetry(event -> {
            retries.increment();
            if (event.getLastThrowable() instanceof CorbaAdapterException cause) {
                callState.get().observation.retrying(event.getNumberOfRetryAttempts() + 1, cause);
            }
            LOG.debug("{}", event);
        });
        return retry;
    }
}
