package org.corbabridge.adapter.internal;

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
        for (int number = 1;; number++) {
            try {
                return attempt.run(number);
            } catch (CorbaAdapterException failure) {
                if (!mayRetry(failure, number, deadline, idempotent) || closed.getAsBoolean()) {
                    throw failure;
                }
                listener.retrying(number + 1, failure);
                try {
                    sleeper.sleep(policy.backoffBefore(number + 1).toNanos());
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
