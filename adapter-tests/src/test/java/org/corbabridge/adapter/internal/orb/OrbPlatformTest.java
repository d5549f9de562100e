package org.corbabridge.adapter.internal.orb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.NoSuchElementException;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.eclipse.EclipsePlatform;
import org.corbabridge.adapter.internal.jacorb.JacorbPlatform;
import org.corbabridge.adapter.internal.openjdk.OpenJdkPlatform;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.TIMEOUT;
import org.omg.CORBA.TRANSIENT;

/**
 * How each ORB reports a time-out, and hides a lost connection: asked of the ORB's platform object.
 * ORB-free: the platforms of the ORBs not on this JVM's class path load all the same, and only
 * touch their ORB's classes when one of its streams or ORBs comes.
 */
@Tag(TestOrbs.ORB_FREE)
class OrbPlatformTest {

    @Test
    void eachOrbsTimeoutExceptionIsRecognised() {
        assertThat(OrbPlatform.isReplyTimeout(new TIMEOUT(0, CompletionStatus.COMPLETED_NO))).isTrue();
        assertThat(OrbPlatform.isReplyTimeout(new COMM_FAILURE(0x4f4d0013, CompletionStatus.COMPLETED_MAYBE)))
                .isTrue();
        assertThat(OrbPlatform.isReplyTimeout(new COMM_FAILURE(0x4f4d0008, CompletionStatus.COMPLETED_MAYBE)))
                .as("connection abort").isFalse();
        assertThat(OrbPlatform.isReplyTimeout(new TRANSIENT(0, CompletionStatus.COMPLETED_NO))).isFalse();
    }

    @Test
    void onlyJacorbsEndOfAReplyWaitSaysTheRequestWasSent() {
        assertThat(new JacorbPlatform().isReplyWaitOver(new TIMEOUT("client timeout reached"))).isTrue();
        assertThat(new JacorbPlatform().isReplyWaitOver(new TIMEOUT("connection timeout of 500 milliseconds expired")))
                .as("a connect that timed out: nothing was sent").isFalse();
        assertThat(new JacorbPlatform().isReplyWaitOver(new TIMEOUT("Reply End Time exceeded prior to invocation", 3,
                CompletionStatus.COMPLETED_NO))).isFalse();
        assertThat(new JacorbPlatform().isReplyWaitOver(new TIMEOUT())).isFalse();
        assertThat(new JacorbPlatform().isReplyWaitOver(new COMM_FAILURE("client timeout reached"))).isFalse();
    }

    @Test
    void onlyTheEclipseOrbsThreadLocalUnderflowCountsAsAMaskedCommunicationFailure() {
        NoSuchElementException underflow = new NoSuchElementException();
        underflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("java.util.LinkedList", "removeLast", "LinkedList.java", 287),
            new StackTraceElement("com.sun.corba.ee.impl.misc.ORBUtility", "popEncVersionFromThreadLocalState",
                    "ORBUtility.java", 121)});
        assertThat(new EclipsePlatform().isMaskedCommunicationFailure(underflow)).isTrue();
        assertThat(new EclipsePlatform().isMaskedCommunicationFailure(new NoSuchElementException())).isFalse();
        assertThat(new EclipsePlatform().isMaskedCommunicationFailure(new IllegalStateException())).isFalse();
    }

    @Test
    void noOtherOrbsReplyWaitSaysTheRequestWasSent() {
        for (OrbPlatform platform : new OrbPlatform[] {new EclipsePlatform(), new OpenJdkPlatform(), OrbPlatform.OTHER}) {
            assertThat(platform.isReplyWaitOver(new TIMEOUT("client timeout reached"))).as("%s", platform).isFalse();
        }
    }

    @Test
    void theOpenJdkOrbMasksAFailureAsTheEclipseOrbDoesAndJacorbNever() {
        NoSuchElementException underflow = new NoSuchElementException();
        underflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("com.sun.corba.se.impl.orbutil.ORBUtility", "popEncVersionFromThreadLocalState",
                    "ORBUtility.java", 121)});
        assertThat(new OpenJdkPlatform().isMaskedCommunicationFailure(underflow)).isTrue();
        assertThat(new JacorbPlatform().isMaskedCommunicationFailure(underflow)).isFalse();
        assertThat(OrbPlatform.OTHER.isMaskedCommunicationFailure(underflow)).isFalse();
    }

    @Test
    void eachKnownOrbHasAPlatformOfItsOwnAndAnotherOrbTheStandardOne() {
        assertThat(OrbPlatform.of(OrbImplementation.JACORB)).isInstanceOf(JacorbPlatform.class)
                .isSameAs(OrbPlatform.of(OrbImplementation.JACORB));
        assertThat(OrbPlatform.of(OrbImplementation.ECLIPSE_ORB)).isInstanceOf(EclipsePlatform.class);
        assertThat(OrbPlatform.of(OrbImplementation.OPENJDK_ORB)).isInstanceOf(OpenJdkPlatform.class);
        assertThat(OrbPlatform.of((OrbImplementation) null)).isSameAs(OrbPlatform.OTHER);
        assertThat(OrbPlatform.OTHER.readsFixedInAnysRight()).isFalse();
        assertThat(OrbPlatform.OTHER.ownedOrbProperties(ServingConfig.ofDefaults())).isEmpty();
    }
}
