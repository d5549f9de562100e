package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.RemoteCallException;
import org.corbabridge.adapter.RetryPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.WrongObjectTypeException;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The retry rules of a call, on a fake clock with fake attempts: which failures are tried again,
 * with which back-offs, and when the deadline leaves no room for another attempt. In
 * milliseconds, without an ORB.
 */
@Tag(TestOrbs.ORB_FREE)
class RetryLoopTest {

    private static final RetryPolicy DEFAULTS = RetryPolicy.ofDefaults();
    private static final Duration CONNECT = Duration.ofSeconds(1);
    private static final Duration CALL = Duration.ofSeconds(10);

    private final FakeTicker clock = new FakeTicker();
    /** The back-offs slept, each moving the clock on. */
    private final List<Duration> slept = new ArrayList<>();
    private final List<Integer> retriesAnnounced = new ArrayList<>();

    private RetryLoop loop(RetryPolicy policy) {
        return new RetryLoop(policy, CONNECT, nanos -> {
            slept.add(Duration.ofNanos(nanos));
            clock.advance(Duration.ofNanos(nanos));
        });
    }

    private <R> R run(RetryPolicy policy, boolean idempotent, RetryLoop.Attempt<R> attempt) {
        return loop(policy).run(Deadline.after(CALL, clock), idempotent, () -> false,
                (number, cause) -> retriesAnnounced.add(number), attempt);
    }

    @Test
    void aCallThatSucceedsAtOnceMakesOneAttemptAndNeverWaits() {
        String answer = run(DEFAULTS, false, number -> "answer " + number);
        assertThat(answer).isEqualTo("answer 1");
        assertThat(slept).isEmpty();
        assertThat(retriesAnnounced).isEmpty();
    }

    @Test
    void aFailureThatDidNotRunIsTriedAgainWithThePolicysBackoffsUntilTheAttemptsRunOut() {
        AtomicInteger attempts = new AtomicInteger();
        Throwable thrown = catchThrowable(() -> run(DEFAULTS, false, number -> {
            attempts.incrementAndGet();
            throw unavailable(Completion.NO, "attempt " + number);
        }));
        assertThat(attempts).hasValue(3);
        assertThat(thrown).hasMessage("attempt 3");
        assertThat(slept).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(retriesAnnounced).containsExactly(2, 3);
    }

    @Test
    void aRetryThatSucceedsEndsTheCall() {
        Integer answered = run(DEFAULTS, false, number -> {
            if (number == 1) {
                throw new NameNotBoundException("gone for a moment");
            }
            return number;
        });
        assertThat(answered).isEqualTo(2);
    }

    @Test
    void aFailureThatMayHaveRunIsTriedAgainOnlyForAnIdempotentOperationWhileThePolicyAllows() {
        RetryPolicy strict = RetryPolicy.builder().retriesIdempotentCalls(false).build();
        assertThat(RetryLoop.allowsRetry(DEFAULTS, unavailable(Completion.MAYBE, "x"), false)).isFalse();
        assertThat(RetryLoop.allowsRetry(DEFAULTS, unavailable(Completion.MAYBE, "x"), true)).isTrue();
        assertThat(RetryLoop.allowsRetry(strict, unavailable(Completion.MAYBE, "x"), true)).isFalse();
        assertThat(RetryLoop.allowsRetry(strict, unavailable(Completion.NO, "x"), true)).isTrue();
        assertThat(RetryLoop.allowsRetry(DEFAULTS, new NameServiceUnavailableException("x"), false)).isTrue();
    }

    @Test
    void timeoutsRefusalsAndOtherFailuresAreNeverTriedAgain() {
        for (CorbaAdapterException failure : List.of(new CallTimeoutException("x", Completion.NO, null),
                new RemoteCallException("x", Completion.NO, null), new WrongObjectTypeException("x"),
                new AdapterClosedException("x"))) {
            assertThat(RetryLoop.allowsRetry(DEFAULTS, failure, true)).as(failure.getClass().getSimpleName()).isFalse();
            AtomicInteger attempts = new AtomicInteger();
            assertThat(catchThrowable(() -> run(DEFAULTS, true, number -> {
                attempts.incrementAndGet();
                throw failure;
            }))).isSameAs(failure);
            assertThat(attempts).hasValue(1);
        }
    }

    @Test
    void noAttemptStartsOnceAConnectionAndTheLongestBackoffNoLongerFitBeforeTheDeadline() {
        // the first attempt takes 7.9 s of the 10: 2.1 s are left, more than 1 s connect + 1 s back-off
        // the second takes 0.2 s more: 1.85 s are left after its back-off, less than 2 s, so no third
        AtomicInteger attempts = new AtomicInteger();
        Throwable thrown = catchThrowable(() -> run(DEFAULTS, false, number -> {
            attempts.incrementAndGet();
            clock.advance(number == 1 ? Duration.ofMillis(7900) : Duration.ofMillis(200));
            throw unavailable(Completion.NO, "attempt " + number);
        }));
        assertThat(attempts).hasValue(2);
        assertThat(thrown).hasMessage("attempt 2");
    }

    @Test
    void aClosedClientIsNotTriedAgain() {
        AtomicInteger attempts = new AtomicInteger();
        RetryLoop loop = loop(DEFAULTS);
        catchThrowable(() -> loop.run(Deadline.after(CALL, clock), true, () -> true, (n, c) -> { }, number -> {
            attempts.incrementAndGet();
            throw unavailable(Completion.NO, "x");
        }));
        assertThat(attempts).hasValue(1);
    }

    @Test
    void anInterruptDuringABackoffEndsTheCallWithItsFailureAndKeepsTheInterrupt() {
        RetryLoop loop = new RetryLoop(DEFAULTS, CONNECT, nanos -> {
            throw new InterruptedException();
        });
        ServerUnavailableException failure = unavailable(Completion.NO, "x");
        try {
            assertThat(catchThrowable(() -> loop.run(Deadline.after(CALL, clock), false, () -> false, (n, c) -> { },
                    number -> {
                        throw failure;
                    }))).isSameAs(failure);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    /** Three replicas: a call may fail over twice before the policy's retries take over. */
    private <R> R runOverReplicas(RetryPolicy policy, boolean idempotent, Replicas.Choice choice,
            List<Integer> startedOver, RetryLoop.Attempt<R> attempt) {
        return loop(policy).run(Deadline.after(CALL, clock), idempotent, () -> false,
                (number, cause) -> retriesAnnounced.add(number), () -> choice.failOver(3),
                () -> {
                    startedOver.add(retriesAnnounced.size());
                    choice.startOver();
                }, number -> {
                    choice.add((number - 1) % 3);
                    return attempt.run(number);
                });
    }

    @Test
    void aFailureThatDidNotRunGoesToAnotherReplicaAtOnceWithoutABackoffWhateverTheOperation() {
        List<Integer> startedOver = new ArrayList<>();
        String answer = runOverReplicas(RetryPolicy.none(), false, new Replicas.Choice(), startedOver, number -> {
            if (number < 3) {
                throw unavailable(Completion.NO, "replica " + number + " refused the connection");
            }
            return "answered by replica " + number;
        });
        assertThat(answer).isEqualTo("answered by replica 3");
        assertThat(slept).as("no back-off before a failover").isEmpty();
        assertThat(startedOver).isEmpty();
    }

    @Test
    void aFailureAfterWhichTheServerMayHaveRunItFailsOverOnlyForAnIdempotentOperation() {
        List<Integer> startedOver = new ArrayList<>();
        AtomicInteger attempts = new AtomicInteger();
        Throwable thrown = catchThrowable(() -> runOverReplicas(RetryPolicy.none(), false, new Replicas.Choice(),
                startedOver, number -> {
                    attempts.incrementAndGet();
                    throw unavailable(Completion.MAYBE, "the connection broke after the request was sent");
                }));
        assertThat(thrown).isInstanceOf(ServerUnavailableException.class);
        assertThat(attempts).as("not idempotent: one attempt").hasValue(1);

        String answer = runOverReplicas(RetryPolicy.none(), true, new Replicas.Choice(), startedOver, number -> {
            if (number == 1) {
                throw new CallTimeoutException("no reply in time", Completion.MAYBE, null);
            }
            return "answered by replica " + number;
        });
        assertThat(answer).isEqualTo("answered by replica 2");

        assertThat(RetryLoop.mayFailOver(unavailable(Completion.MAYBE, "x"), true)).isTrue();
        assertThat(RetryLoop.mayFailOver(new NameNotBoundException("not bound"), false)).isTrue();
        assertThat(RetryLoop.mayFailOver(new RemoteCallException("the server's ORB failed", Completion.NO, null),
                true)).as("not a failure to reach the replica").isFalse();
        assertThat(RetryLoop.mayFailOver(new WrongObjectTypeException("not a Catalog", Completion.NOT_APPLICABLE,
                null), true)).isFalse();
    }

    @Test
    void failoversDoNotUseUpThePolicysAttemptsAndARetryStartsOverOnEveryReplica() {
        List<Integer> startedOver = new ArrayList<>();
        AtomicInteger attempts = new AtomicInteger();
        Throwable thrown = catchThrowable(() -> runOverReplicas(DEFAULTS, false, new Replicas.Choice(), startedOver,
                number -> {
                    attempts.incrementAndGet();
                    throw unavailable(Completion.NO, "attempt " + number);
                }));
        // 3 policy attempts, each going round the 3 replicas
        assertThat(attempts).hasValue(9);
        assertThat(thrown).hasMessage("attempt 9");
        assertThat(slept).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(startedOver).hasSize(2);
    }

    @Test
    void noFailoverOnceTheDeadlineLeavesLessThanAConnection() {
        List<Integer> startedOver = new ArrayList<>();
        AtomicInteger attempts = new AtomicInteger();
        Throwable thrown = catchThrowable(() -> runOverReplicas(RetryPolicy.none(), true, new Replicas.Choice(),
                startedOver, number -> {
                    attempts.incrementAndGet();
                    clock.advance(CALL.minus(CONNECT));
                    throw unavailable(Completion.NO, "slow to refuse");
                }));
        assertThat(thrown).hasMessage("slow to refuse");
        assertThat(attempts).hasValue(1);
    }

    private static ServerUnavailableException unavailable(Completion completion, String message) {
        return new ServerUnavailableException(message, completion, null);
    }
}
