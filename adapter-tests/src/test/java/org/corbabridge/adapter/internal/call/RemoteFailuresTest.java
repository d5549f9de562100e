package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.RemoteCallException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.MARSHAL;
import org.omg.CORBA.OBJECT_NOT_EXIST;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;
import org.omg.CORBA.TRANSIENT;

@Tag(TestOrbs.ORB_FREE)
class RemoteFailuresTest {

    private static final Duration TIMEOUT_5S = Duration.ofSeconds(5);

    @Test
    void timeoutsBecomeCallTimeoutsWhateverTheOrbSaysOfCompletion() {
        CorbaAdapterException jacorb = translate(new TIMEOUT(0, CompletionStatus.COMPLETED_NO), 0);
        assertThat(jacorb).isInstanceOf(CallTimeoutException.class)
                .hasMessageContaining("no reply within 5000 ms").hasMessageContaining("may still have run it");
        assertThat(jacorb.completion()).isEqualTo(Completion.NO);
        assertThat(translate(new COMM_FAILURE(0x4f4d0013, CompletionStatus.COMPLETED_MAYBE), 0))
                .isInstanceOf(CallTimeoutException.class);
    }

    @Test
    void lostConnectionWhenTheTimeoutRanOutCountsAsATimeoutForAnyOrb() {
        COMM_FAILURE lost = new COMM_FAILURE(7, CompletionStatus.COMPLETED_MAYBE);
        assertThat(translate(lost, TIMEOUT_5S.toNanos())).isInstanceOf(CallTimeoutException.class);
        assertThat(translate(lost, TIMEOUT_5S.toNanos() / 2)).isInstanceOf(ServerUnavailableException.class);
    }

    @Test
    void unreachableOrForgottenObjectsBecomeServerUnavailable() {
        for (SystemException e : new SystemException[] {
            new TRANSIENT(0, CompletionStatus.COMPLETED_NO),
            new COMM_FAILURE(1, CompletionStatus.COMPLETED_NO),
            new OBJECT_NOT_EXIST(0, CompletionStatus.COMPLETED_NO)}) {
            assertThat(translate(e, 0)).as(e.toString()).isInstanceOf(ServerUnavailableException.class)
                    .hasMessageContaining("queryCatalog on 'Catalog'").hasCause(e);
        }
    }

    @Test
    void aFailureAfterAReplySayingTheCallRanKeepsItsTypeAndSaysItRan() {
        for (SystemException e : new SystemException[] {
            new MARSHAL(0x4f4d0007, CompletionStatus.COMPLETED_NO),
            new COMM_FAILURE(1, CompletionStatus.COMPLETED_MAYBE),
            new TIMEOUT(0, CompletionStatus.COMPLETED_NO)}) {
            CorbaAdapterException failure = translate(e, 0);
            CorbaAdapterException answered = RemoteFailures.answered(failure, true);
            assertThat(answered).as(e.toString()).isExactlyInstanceOf(failure.getClass()).hasCause(e)
                    .hasMessageStartingWith(failure.getMessage()).hasMessageEndingWith("the call ran");
            assertThat(answered.completion()).isEqualTo(Completion.YES);
            assertThat(RemoteFailures.answered(failure, false)).as("no such reply seen").isSameAs(failure);
        }
    }

    @Test
    void anythingElseIsARemoteCallFailureWithItsCompletion() {
        CorbaAdapterException marshal = translate(new MARSHAL(0x4f4d0001, CompletionStatus.COMPLETED_YES), 0);
        assertThat(marshal).isInstanceOf(RemoteCallException.class)
                .hasMessageContaining("MARSHAL (minor 0x4f4d0001, completed YES)");
        assertThat(marshal.completion()).isEqualTo(Completion.YES);
    }

    @Test
    void exceptionsThatAreNotCorbaExceptionsAreStillTyped() {
        CorbaAdapterException unexpected = RemoteFailures.translateUnexpected(new IllegalStateException("boom"), "x", OrbPlatform.OTHER);
        assertThat(unexpected).isInstanceOf(RemoteCallException.class).hasMessageContaining("inside the ORB");
        assertThat(unexpected.completion()).isEqualTo(Completion.MAYBE);
    }

    @Test
    void corbanameUrlsBecomeTheRootContextsCorbaloc() {
        assertThat(NamingLookup.rootContextLocation("corbaname::127.0.0.1:2809"))
                .isEqualTo("corbaloc::127.0.0.1:2809/NameService");
        assertThat(NamingLookup.rootContextLocation("CORBANAME:iiop:1.2@127.0.0.1:2809/Other"))
                .isEqualTo("corbaloc:iiop:1.2@127.0.0.1:2809/Other");
        assertThat(NamingLookup.rootContextLocation("corbaloc::127.0.0.1:2809/NameService"))
                .isEqualTo("corbaloc::127.0.0.1:2809/NameService");
    }

    private static CorbaAdapterException translate(SystemException e, long elapsedNanos) {
        return RemoteFailures.translate(e, "queryCatalog on 'Catalog'", TIMEOUT_5S, elapsedNanos);
    }

    @Test
    void aTimeOutReportedAsNotRunAfterTheRequestWentOutMayHaveRun() {
        CorbaAdapterException jacorbSays = RemoteFailures.translate(new TIMEOUT("reply timeout", 0,
                CompletionStatus.COMPLETED_NO), "echo on 'Warehouse'", Duration.ofSeconds(3), 3_000_000_000L);
        assertThat(jacorbSays).isInstanceOf(CallTimeoutException.class);
        assertThat(jacorbSays.completion()).isEqualTo(Completion.NO);

        CorbaAdapterException sent = RemoteFailures.sentAnyway(jacorbSays, true);
        assertThat(sent).isInstanceOf(CallTimeoutException.class).hasMessage(jacorbSays.getMessage());
        assertThat(sent.completion()).isEqualTo(Completion.MAYBE);
        assertThat(RemoteFailures.sentAnyway(jacorbSays, false)).as("nothing written: it cannot have run")
                .isSameAs(jacorbSays);
        ServerUnavailableException refused = new ServerUnavailableException("refused", Completion.NO, null);
        assertThat(RemoteFailures.sentAnyway(refused, true)).isSameAs(refused);
    }

    @Test
    void aWideCharacterBeforeTheCodeSetsWereKnownIsRecognisedOnlyAsOmniOrbSendsIt() {
        assertThat(RemoteFailures.isCodeSetNotYetNegotiated(new BAD_PARAM("WCharTCSNotKnown", 0x4f4d0017,
                CompletionStatus.COMPLETED_NO))).isTrue();
        assertThat(RemoteFailures.isCodeSetNotYetNegotiated(new BAD_PARAM("WCharTCSNotKnown", 0x4f4d0017,
                CompletionStatus.COMPLETED_MAYBE))).as("it may have run").isFalse();
        assertThat(RemoteFailures.isCodeSetNotYetNegotiated(new BAD_PARAM("another", 0x4f4d0016,
                CompletionStatus.COMPLETED_NO))).isFalse();
        assertThat(RemoteFailures.isCodeSetNotYetNegotiated(new COMM_FAILURE("x", 0x4f4d0017,
                CompletionStatus.COMPLETED_NO))).isFalse();
    }
}
