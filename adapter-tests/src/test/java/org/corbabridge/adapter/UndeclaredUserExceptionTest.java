package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.HostileGiopServer;
import org.corbabridge.fixture.HostileGiopServer.Behaviour;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A server built from another version of the IDL raises a user exception the client's IDL does
 * not declare for the operation: a typed error, completion YES, on every path, and never a
 * success. Through DII, JacORB told nothing of it: the call looked like a success whose result
 * was never read (a void operation without out parameters would have returned as if it ran).
 */
class UndeclaredUserExceptionTest {

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void anExceptionTheIdlDoesNotDeclareIsATypedErrorAndNeverASuccess(InvocationMode mode) {
        try (HostileGiopServer server = HostileGiopServer.start(Behaviour.UNDECLARED_USER_EXCEPTION);
                CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        AdapterConfig.builder().objectUrl(server.corbaloc("Warehouse")).invocation(mode)
                                .orb(TestOrbs.current()).callTimeout(TestOrbs.CALL_TIMEOUT)
                                .connectTimeout(TestOrbs.CONNECT_TIMEOUT).build())) {
            // fetch: its request has no wide characters, which a corbaloc reference (no code sets) cannot carry
            Throwable thrown = catchThrowable(() -> client.proxy().fetch("P-1"));

            assertThat(thrown).isInstanceOfSatisfying(RemoteCallException.class, e -> {
                assertThat(e.completion()).as("a user exception ends the operation").isEqualTo(Completion.YES);
                assertThat(e).hasMessageContaining("which the operation's IDL does not declare");
            });
            // DII: the ORBs do not say which exception it was
            if (mode != InvocationMode.DII) {
                assertThat(thrown).hasMessageContaining("IDL:example/NotDeclared:1.0");
            }
            assertThat(server.requestsSeen()).isEqualTo(1);
        }
    }
}
