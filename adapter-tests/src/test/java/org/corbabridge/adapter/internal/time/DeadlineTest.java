package org.corbabridge.adapter.internal.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.IMP_LIMIT;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;

/** The one deadline of a call, and what the connections read of it: pure rules, on a fake clock. */
@Tag(TestOrbs.ORB_FREE)
class DeadlineTest {

    private final FakeTicker clock = new FakeTicker();

    @AfterEach
    void noAttemptIsLeftCurrent() {
        assertThat(CurrentAttempt.current()).isNull();
        assertThat(Thread.interrupted()).as("an interrupt left behind").isFalse();
    }

    @Test
    void aDeadlineCountsDownOnItsClockAndExpiresAtItsTimeout() {
        Deadline deadline = Deadline.after(Duration.ofSeconds(2), clock);
        clock.advance(Duration.ofMillis(1500));
        assertThat(deadline.nanosLeft()).isEqualTo(Duration.ofMillis(500).toNanos());
        assertThat(deadline.nanosElapsed()).isEqualTo(Duration.ofMillis(1500).toNanos());
        assertThat(deadline.isExpired()).isFalse();
        clock.advance(Duration.ofMillis(500));
        assertThat(deadline.isExpired()).isTrue();
    }

    @Test
    void aConnectTimeoutIsCappedAtTheTimeLeftButNeverZeroWhichMeansForEverToASocket() {
        Deadline deadline = Deadline.after(Duration.ofSeconds(2), clock);
        assertThat(deadline.capMillis(1000)).isEqualTo(1000);
        clock.advance(Duration.ofMillis(1700));
        assertThat(deadline.capMillis(1000)).isEqualTo(300);
        clock.advance(Duration.ofSeconds(5));
        assertThat(deadline.capMillis(1000)).isEqualTo(1);
    }

    @Test
    void outsideACallNothingIsRefusedOrCapped() {
        assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
        assertThat(CurrentAttempt.beforeConnect(1000, "peer:1")).isEqualTo(1000);
    }

    @Test
    void aRequestPastTheDeadlineIsRefusedWithATimeoutThatSaysItDidNotRun() {
        Deadline deadline = Deadline.after(Duration.ofSeconds(2), clock);
        CurrentAttempt outer = CurrentAttempt.begin(deadline, false);
        try {
            assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            clock.advance(Duration.ofSeconds(2));
            SystemException refused = CurrentAttempt.refusesRequest("peer:1");
            assertThat(refused).isInstanceOf(TIMEOUT.class).hasMessageContaining("peer:1");
            assertThat(refused.minor).isEqualTo(CurrentAttempt.DEADLINE_PASSED);
            assertThat(refused.completed).isEqualTo(CompletionStatus.COMPLETED_NO);
            assertThat(CurrentAttempt.current().refusal()).isSameAs(refused);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void theRequestAfterTheLimitIsRefusedAndSoIsEveryLaterOneOfTheAttempt() {
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            for (int i = 0; i < CurrentAttempt.MAX_REQUESTS; i++) {
                assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            }
            SystemException refused = CurrentAttempt.refusesRequest("peer:1");
            assertThat(refused).isInstanceOf(IMP_LIMIT.class);
            assertThat(refused.minor).isEqualTo(CurrentAttempt.TOO_MANY_SENDS);
            assertThat(CurrentAttempt.refusesRequest("peer:2")).isSameAs(refused);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void aRefusedConnectInterruptsItsThreadUntilTheAttemptEndsSoThatAnOrbsBackoffSleepsEndAtOnce() {
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            assertThat(CurrentAttempt.beforeConnect(5000, "peer:1")).isEqualTo(2000);
            clock.advance(Duration.ofSeconds(3));
            assertThat(catchThrowable(() -> CurrentAttempt.beforeConnect(5000, "peer:1"))).isInstanceOf(TIMEOUT.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            CurrentAttempt.restore(outer);
        }
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aRequestSentAgainLateOnTheCallersThreadIsRefusedSoThatTheAttemptMovesToAHelper() {
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), true);
        try {
            clock.advance(Duration.ofMillis(150));
            assertThat(CurrentAttempt.refusesRequest("peer:1")).as("the call's own request, late or not").isNull();
            SystemException refused = CurrentAttempt.refusesRequest("peer:1");
            assertThat(refused).isInstanceOf(IMP_LIMIT.class);
            assertThat(refused.minor).isEqualTo(CurrentAttempt.RESEND_ON_HELPER);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void aRequestSentAgainEarlyOrOnAHelperGoesOut() {
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), true);
        try {
            assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            clock.advance(Duration.ofMillis(50));
            assertThat(CurrentAttempt.refusesRequest("peer:1")).as("a forward answered at once").isNull();
        } finally {
            CurrentAttempt.restore(outer);
        }
        outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        try {
            assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            clock.advance(Duration.ofMillis(1500));
            assertThat(CurrentAttempt.refusesRequest("peer:1")).as("the caller stops waiting for a helper").isNull();
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void anAttemptMovedToAHelperKeepsCountingAgainstTheSameLimits() {
        Deadline deadline = Deadline.after(Duration.ofSeconds(2), clock);
        CurrentAttempt outer = CurrentAttempt.begin(deadline, true);
        CurrentAttempt moved;
        try {
            for (int i = 0; i < 10; i++) {
                assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            }
            moved = CurrentAttempt.current();
        } finally {
            CurrentAttempt.restore(outer);
        }
        outer = CurrentAttempt.begin(deadline, false, moved);
        try {
            // the moved attempt's last request is made again, then 6 more reach the limit of 16
            for (int i = 0; i < 7; i++) {
                assertThat(CurrentAttempt.refusesRequest("peer:1")).isNull();
            }
            assertThat(CurrentAttempt.refusesRequest("peer:1").minor).isEqualTo(CurrentAttempt.TOO_MANY_SENDS);
        } finally {
            CurrentAttempt.restore(outer);
        }
    }

    @Test
    void aNestedAttemptGivesTheOuterOneBackWhenItEnds() {
        CurrentAttempt outer = CurrentAttempt.begin(Deadline.after(Duration.ofSeconds(2), clock), false);
        CurrentAttempt first = CurrentAttempt.current();
        CurrentAttempt previous = CurrentAttempt.begin(Deadline.after(Duration.ofMillis(10), clock), false);
        assertThat(previous).isSameAs(first);
        CurrentAttempt.restore(previous);
        assertThat(CurrentAttempt.current()).isSameAs(first);
        CurrentAttempt.restore(outer);
    }
}
