package org.corbabridge.adapter.internal.orb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.NoSuchElementException;
import org.corbabridge.adapter.TestOrbs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.TIMEOUT;
import org.omg.CORBA.TRANSIENT;

/** How each ORB reports a time-out, and hides a lost connection. */
@Tag(TestOrbs.ORB_FREE)
class OrbQuirksTest {

    @Test
    void eachOrbsTimeoutExceptionIsRecognised() {
        assertThat(OrbQuirks.isTimeout(new TIMEOUT(0, CompletionStatus.COMPLETED_NO))).isTrue();
        assertThat(OrbQuirks.isTimeout(new COMM_FAILURE(0x4f4d0013, CompletionStatus.COMPLETED_MAYBE)))
                .isTrue();
        assertThat(OrbQuirks.isTimeout(new COMM_FAILURE(0x4f4d0008, CompletionStatus.COMPLETED_MAYBE)))
                .as("connection abort").isFalse();
        assertThat(OrbQuirks.isTimeout(new TRANSIENT(0, CompletionStatus.COMPLETED_NO))).isFalse();
    }

    @Test
    void onlyJacorbsEndOfAReplyWaitSaysTheRequestWasSent() {
        assertThat(OrbQuirks.isJacorbReplyWaitOver(new TIMEOUT("client timeout reached"))).isTrue();
        assertThat(OrbQuirks.isJacorbReplyWaitOver(new TIMEOUT("connection timeout of 500 milliseconds expired")))
                .as("a connect that timed out: nothing was sent").isFalse();
        assertThat(OrbQuirks.isJacorbReplyWaitOver(new TIMEOUT("Reply End Time exceeded prior to invocation", 3,
                CompletionStatus.COMPLETED_NO))).isFalse();
        assertThat(OrbQuirks.isJacorbReplyWaitOver(new TIMEOUT())).isFalse();
        assertThat(OrbQuirks.isJacorbReplyWaitOver(new COMM_FAILURE("client timeout reached"))).isFalse();
    }

    @Test
    void onlyTheEclipseOrbsThreadLocalUnderflowCountsAsAMaskedCommunicationFailure() {
        NoSuchElementException underflow = new NoSuchElementException();
        underflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("java.util.LinkedList", "removeLast", "LinkedList.java", 287),
            new StackTraceElement("com.sun.corba.ee.impl.misc.ORBUtility", "popEncVersionFromThreadLocalState",
                    "ORBUtility.java", 121)});
        assertThat(OrbQuirks.isMaskedCommunicationFailure(underflow)).isTrue();
        assertThat(OrbQuirks.isMaskedCommunicationFailure(new NoSuchElementException())).isFalse();
        assertThat(OrbQuirks.isMaskedCommunicationFailure(new IllegalStateException())).isFalse();
    }

    @Test
    void aWideCharacterBeforeTheCodeSetsWereKnownIsRecognisedOnlyAsOmniOrbSendsIt() {
        assertThat(OrbQuirks.isCodeSetNotYetNegotiated(new BAD_PARAM("WCharTCSNotKnown", 0x4f4d0017,
                CompletionStatus.COMPLETED_NO))).isTrue();
        assertThat(OrbQuirks.isCodeSetNotYetNegotiated(new BAD_PARAM("WCharTCSNotKnown", 0x4f4d0017,
                CompletionStatus.COMPLETED_MAYBE))).as("it may have run").isFalse();
        assertThat(OrbQuirks.isCodeSetNotYetNegotiated(new BAD_PARAM("another", 0x4f4d0016,
                CompletionStatus.COMPLETED_NO))).isFalse();
        assertThat(OrbQuirks.isCodeSetNotYetNegotiated(new COMM_FAILURE("x", 0x4f4d0017,
                CompletionStatus.COMPLETED_NO))).isFalse();
    }
}
