package org.corbabridge.adapter.internal.call;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.RetryPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.internal.time.Deadline;

/**
 * The attempts of one call, as {@link RetryPolicy} allows, under the call's one {@link Deadline}:
 * a failed attempt is tried again only if the policy allows it for that failure, attempts are
 * left, the client is open, and a connection attempt and the longest back-off still fit before
 * the deadline. Pure logic: the attempt and the back-off's wait are given, so the rules are
 * tested with a fake clock and a fake attempt.
 */
final class RetryLoop {

    /** One attempt, numbered from 1. */
    @FunctionalInterface
    interface Attempt<R> {
        R run(int number);
    }

    /** Waits out a back-off; the production one sleeps. */
    @FunctionalInterface
    interface Sleeper {
        Sleeper THREAD = nanos -> TimeUnit.NANOSECONDS.sleep(nanos);

        void sleep(long nanos) throws InterruptedException;
    }

    /** Told before each retry's back-off, on the caller's thread. */
    @FunctionalInterface
    interface RetryListener {
        void retrying(int attempt, CorbaAdapterException cause);
    }

    /** Whether another replica is left for the call's next attempt, at once and without a back-off. */
    @FunctionalInterface
    interface Failover {
        /** A single target: never. */
        Failover NONE = () -> false;

        boolean anotherReplica();
    }

    private final RetryPolicy policy;
    /** What another attempt needs at least, besides its back-off: a connection. */
    private final long connectNanos;
    private final Sleeper sleeper;

    RetryLoop(RetryPolicy policy, Duration connectTimeout, Sleeper sleeper) {
        this.policy = policy;
        this.connectNanos = connectTimeout.toNanos();
        this.sleeper = sleeper;
    }

    /**
     * The first attempt's result that succeeds; else the failure of the last attempt made.
     *
     * @param idempotent whether the operation may run twice (a read)
     * @param closed whether the client was closed meanwhile: no retry then
     */
    <R> R run(Deadline deadline, boolean idempotent, BooleanSupplier closed, RetryListener listener,
            Attempt<R> attempt) {
        return run(deadline, idempotent, closed, listener, Failover.NONE, () -> { }, attempt);
    }

    /**
     * As {@link #run(Deadline, boolean, BooleanSupplier, RetryListener, Attempt)}, over several
     * replicas: a failed attempt that {@link #mayFailOver may fail over} goes to another replica at
     * once while {@code failover} has one left and a connection still fits before the deadline;
     * such attempts do not count against the policy's attempts. A retry after a back-off then
     * starts over ({@code startOver}: any replica again).
     */
    <R> R run(Deadline deadline, boolean idempotent, BooleanSupplier closed, RetryListener listener,
            Failover failover, Runnable startOver, Attempt<R> attempt) {
        int policyAttempts = 1;
        for (int number = 1;; number++) {
            try {
                return attempt.run(number);
            } catch (CorbaAdapterException failure) {
                if (closed.getAsBoolean()) {
                    throw failure;
                }
                if (mayFailOver(failure, idempotent) && deadline.nanosLeft() > connectNanos
                        && failover.anotherReplica()) {
                    listener.retrying(number + 1, failure);
                    continue;
                }
                if (!mayRetry(failure, policyAttempts, deadline, idempotent)) {
                    throw failure;
                }
                policyAttempts++;
                startOver.run();
                listener.retrying(number + 1, failure);
                try {
                    sleeper.sleep(policy.backoffBefore(policyAttempts).toNanos());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw failure;
                }
            }
        }
    }

    /**
     * Whether {@code policy} lets a call that failed with {@code failure} be tried again: a failure
     * to reach the server, its object or the name service, that either certainly did not run the
     * request or came from an idempotent operation while the policy retries those.
     */
    static boolean allowsRetry(RetryPolicy policy, CorbaAdapterException failure, boolean idempotent) {
        boolean transientFailure = failure instanceof ServerUnavailableException
                || failure instanceof NameServiceUnavailableException
                || failure instanceof NameNotBoundException;
        if (!transientFailure) {
            return false;
        }
        Completion completion = failure.completion();
        return completion == Completion.NO || completion == Completion.NOT_APPLICABLE
                || (idempotent && policy.retriesIdempotentCalls());
    }

    /**
     * Whether a failed attempt may go to another replica: the failure says the replica could not
     * be reached, did not answer in time or its name could not be resolved, and either the request
     * did not run ({@link Completion#NO}, {@link Completion#NOT_APPLICABLE}) or the operation is
     * idempotent.
     */
    static boolean mayFailOver(CorbaAdapterException failure, boolean idempotent) {
        if (!Replicas.failsToReach(failure)) {
            return false;
        }
        Completion completion = failure.completion();
        return completion == Completion.NO || completion == Completion.NOT_APPLICABLE || idempotent;
    }

    /**
     * Whether attempt {@code number}, failed with {@code failure}, may be followed by another: the
     * policy allows it for that failure, attempts are left, and a connection and the longest
     * back-off still fit before the deadline (so that the retry can still be answered in time).
     */
    boolean mayRetry(CorbaAdapterException failure, int number, Deadline deadline, boolean idempotent) {
        return number < policy.maxAttempts()
                && allowsRetry(policy, failure, idempotent)
                && deadline.nanosLeft() > connectNanos + policy.maxBackoff().toNanos();
    }
}
