package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.RemoteCallException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.junit.jupiter.api.Test;

/** The call engine on a real ORB with fake invocations: what reaches the caller, whatever an ORB throws. */
class RemoteObjectTest {

    /** A reference nothing is called on: the invocations here are fakes. */
    private static final String NOWHERE = "corbaloc::1.2@127.0.0.1:1/Nothing";

    private static RemoteObject<org.omg.CORBA.Object> open() {
        AdapterConfig config = AdapterConfig.builder().objectUrl(NOWHERE).orb(TestOrbs.current())
                .callTimeout(TestOrbs.CALL_TIMEOUT).connectTimeout(TestOrbs.CONNECT_TIMEOUT).build();
        return RemoteObject.open(config, "Nothing", OrbLease.create(config.orb(), config.callTimeout(),
                config.connectTimeout()), "IDL:Nothing:1.0", reference -> reference);
    }

    @Test
    void anErrorThrownInsideTheOrbReachesTheCallerTypedWithItAsTheCause() {
        try (RemoteObject<org.omg.CORBA.Object> remote = open()) {
            StackOverflowError recursion = new StackOverflowError("the ORB's forward recursion");
            Throwable thrown = catchThrowable(() -> remote.call("op", true, target -> {
                throw recursion;
            }));
            assertThat(thrown).isInstanceOf(RemoteCallException.class).hasCause(recursion);
            assertThat(((RemoteCallException) thrown).completion()).isEqualTo(Completion.MAYBE);
            assertThat(remote.retries()).isZero();
        }
    }

    @Test
    void eachAttemptIsItsThreadsCurrentAttemptAndNoneIsLeftBehind() {
        try (RemoteObject<org.omg.CORBA.Object> remote = open()) {
            CurrentAttempt seen = remote.call("op", true, target -> CurrentAttempt.current());
            assertThat(seen).isNotNull();
            assertThat(seen.deadline().timeout()).isEqualTo(TestOrbs.CALL_TIMEOUT);
            assertThat(CurrentAttempt.current()).isNull();
        }
    }
}
