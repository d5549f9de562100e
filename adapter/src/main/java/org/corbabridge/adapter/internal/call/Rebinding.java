package org.corbabridge.adapter.internal.call;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TlsHandshakeException;
import org.corbabridge.adapter.WrongObjectTypeException;
import org.corbabridge.adapter.internal.cdr.IorInspection;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Ticker;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a remote object's calls are made on, and how it is found again: a reference from a
 * locator (the name service, a URL, or the call that handed it out), checked by a binder. When a
 * call finds the server gone, the binding it used is marked stale and the next attempt, of
 * whichever thread, locates and binds once for all of them; a newer binding is left as it is.
 * Thread-safe.
 *
 * @param <T> what calls are made on: a narrowed stub, or a checked plain reference
 */
final class Rebinding<T> {

    private static final Logger LOG = LoggerFactory.getLogger(Rebinding.class);

    /** A bound target and the generation of the lookup that produced it. */
    record Bound<T>(T target, long generation, FirstCall firstCall) {
        Bound(T target, long generation) {
            this(target, generation, null);
        }
    }

    /**
     * The first call on a binding, made alone: a JacORB connection opened while several threads
     * create requests can leave without its code sets ({@link RemoteFailures#isCodeSetNotYetNegotiated}),
     * so the other threads wait (within their deadline) until the first call on a new binding has
     * ended. One volatile read per call once it has.
     */
    static final class FirstCall {
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final CountDownLatch done = new CountDownLatch(1);
        private volatile boolean over;

        /** True for the one thread whose call is the first: it must call {@link #end()} after it. */
        boolean claim() {
            return !over && claimed.compareAndSet(false, true);
        }

        /** Waits, at most {@code nanos}, for the first call to end. */
        void await(long nanos) {
            if (over) {
                return;
            }
            try {
                done.await(Math.max(0, nanos), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void end() {
            over = true;
            done.countDown();
        }
    }

    private final Supplier<org.omg.CORBA.Object> locator;
    private final Function<org.omg.CORBA.Object, T> binder;
    /** Checks a located reference before it is bound (that it offers TLS, where the client needs it). */
    private final Consumer<org.omg.CORBA.Object> check;
    /** "'Catalog' in corbaname::...", or "PalletCursor from browse on 'Warehouse' in corbaname::...". */
    private final String target;
    private final String repositoryId;
    private final Duration callTimeout;
    private final Ticker ticker;
    private final LongAdder rebinds = new LongAdder();
    private final OrbPlatform platform;
    private volatile Bound<T> bound;
    private volatile long staleGeneration = -1;

    /** Locates and binds at once: a failure is the caller's (the client is not created). */
    Rebinding(Supplier<org.omg.CORBA.Object> locator, Function<org.omg.CORBA.Object, T> binder,
            Consumer<org.omg.CORBA.Object> check, String target, String repositoryId,
            Duration callTimeout, Ticker ticker) {
        this(locator, binder, check, target, repositoryId, callTimeout, ticker, true);
    }

    /**
     * @param locateNow whether to locate and bind at once (a failure is the caller's); else the
     *     first {@link #current} does, as for a replica found unreachable when its client was created
     */
    Rebinding(Supplier<org.omg.CORBA.Object> locator, Function<org.omg.CORBA.Object, T> binder,
            Consumer<org.omg.CORBA.Object> check, String target, String repositoryId,
            Duration callTimeout, Ticker ticker, boolean locateNow) {
        this(locator, binder, check, target, repositoryId, callTimeout, ticker, locateNow, OrbPlatform.OTHER);
    }

    /**
     * @param platform the ORB's: whether a new binding's first call is made alone (JacORB), and what
     *     its failures mean
     */
    Rebinding(Supplier<org.omg.CORBA.Object> locator, Function<org.omg.CORBA.Object, T> binder,
            Consumer<org.omg.CORBA.Object> check, String target, String repositoryId,
            Duration callTimeout, Ticker ticker, boolean locateNow, OrbPlatform platform) {
        this.locator = locator;
        this.binder = binder;
        this.check = check;
        this.target = target;
        this.repositoryId = repositoryId;
        this.callTimeout = callTimeout;
        this.ticker = ticker;
        this.platform = platform;
        if (locateNow) {
            this.bound = new Bound<>(locateAndBind(), 1, platform.firstCallAlone() ? new FirstCall() : null);
        } else {
            this.bound = new Bound<>(null, 0);
            this.staleGeneration = 0;
        }
    }

    /** The binding to call on, located and bound again (once, for every thread) when it went stale. */
    Bound<T> current(Runnable onRebind) {
        Bound<T> current = bound;
        if (current.generation() != staleGeneration) {
            return current;
        }
        synchronized (this) {
            current = bound;
            if (current.generation() == staleGeneration) {
                current = new Bound<>(locateAndBind(), current.generation() + 1,
                        platform.firstCallAlone() ? new FirstCall() : null);
                bound = current;
                if (current.generation() > 1) { // not a replica's first binding, made late
                    rebinds.increment();
                    onRebind.run();
                }
                LOG.debug("resolved {} again (binding {})", target, current.generation());
            }
            return current;
        }
    }

    /** What calls are made on now: the current binding's target, stale or not. */
    T boundTarget() {
        return bound.target();
    }

    /** Whether the next attempt must locate and bind again first. */
    boolean isStale() {
        return bound.generation() == staleGeneration;
    }

    /** Marks {@code used} stale if {@code failure} says the server was gone; returns the failure. */
    CorbaAdapterException staleIfGone(Bound<T> used, CorbaAdapterException failure) {
        if (failure instanceof ServerUnavailableException) {
            // only the binding the failed call used: a newer one stays as it is
            staleGeneration = used.generation();
        }
        return failure;
    }

    /** Marks the current binding stale whatever failed: the next attempt locates the object again. */
    void invalidate() {
        staleGeneration = bound.generation();
    }

    /** Times the reference was located again after the server was found gone. */
    long rebinds() {
        return rebinds.sum();
    }

    /** "'Catalog' in corbaname::127.0.0.1:2809". */
    String describe() {
        return target;
    }

    private T locateAndBind() {
        org.omg.CORBA.Object reference = locator.get();
        check.accept(reference);
        long started = ticker.nanoTime();
        String attempt = "checking that the object bound as " + target + " is a " + repositoryId;
        try {
            return binder.apply(reference);
        } catch (CorbaAdapterException | IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            SystemException refusal = CurrentAttempt.currentRefusal();
            if (refusal != null) {
                // the connections stopped it (its deadline, a forward loop): that is the news
                throw RemoteFailures.refused(refusal, attempt, e, platform);
            }
            if (e instanceof BAD_PARAM) {
                throw new WrongObjectTypeException("the object bound as " + target + " is not a " + repositoryId,
                        Completion.NOT_APPLICABLE, e);
            }
            if (e instanceof SystemException system) {
                throw RemoteFailures.translate(system, attempt, callTimeout, ticker.nanoTime() - started);
            }
            throw e instanceof RuntimeException runtime ? RemoteFailures.translateUnexpected(runtime, attempt, platform)
                    : RemoteFailures.brokenOrb(e, attempt);
        }
    }

    /**
     * An ORB set up for TLS still reaches the name service in plain text (omniNames has no TLS),
     * so it would call a reference without a TLS endpoint in plain text too. A name rebound to
     * such a reference is refused instead: a client that asked for TLS never sends a request in
     * the clear.
     */
    static void requireTlsEndpoint(org.omg.CORBA.ORB orb, org.omg.CORBA.Object reference, String target) {
        if (!IorInspection.offersTls(orb.object_to_string(reference))) {
            throw new TlsHandshakeException("the object bound as " + target + " offers no TLS endpoint "
                    + "(no TAG_SSL_SEC_TRANS component in its reference), and this client calls over TLS only; "
                    + "nothing was sent to it", Completion.NO, null);
        }
    }
}
