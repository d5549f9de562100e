package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link CorbaClient#ping()}, what a readiness check asks: an answer, or a typed error within the call time-out. */
class PingTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(1);

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aLiveObjectAnswersAStoppedServerTimesOutAndAGoneOneIsUnavailable(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.startWarehouse();
                CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class,
                        TestOrbs.configFor(fixture).invocation(mode).callTimeout(CALL_TIMEOUT).build())) {
            client.ping();
            assertThat(client.proxy().site()).isEqualTo("depot-1");

            fixture.server().suspend();
            long started = System.nanoTime();
            try {
                assertThatThrownBy(client::ping).isInstanceOf(CallTimeoutException.class)
                        .hasMessageContaining("_non_existent");
            } finally {
                fixture.server().resume();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(CALL_TIMEOUT.plus(TestOrbs.SLACK));
            client.ping();

            fixture.server().kill();
            assertThatThrownBy(client::ping).isInstanceOf(ServerUnavailableException.class);
        }
    }
}
