package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.TestOrbs.OwnedOrb;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.HostileGiopServer.Behaviour;
import org.corbabridge.fixture.HostileGiopServer;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.Threads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

/**
 * A legitimate {@code LOCATION_FORWARD} (what an implementation repository or a load manager
 * answers) is followed to the real server, one hop or a chain of them, on every ORB in every
 * invocation mode: the OpenJDK ORB's stubs could not follow even one before its client delegate
 * balanced the releases ({@code OpenJdkClientDelegate}). The ORB is closed cleanly after it.
 */
class CatalogAdapterForwardTest {

    private static ServerFixture fixture;

    @BeforeAll
    static void startServer() {
        fixture = ServerFixture.start();
    }

    @AfterAll
    static void stopServer() {
        fixture.close();
    }

    static Stream<Arguments> hopsAndModes() {
        return Stream.of(1, 3).flatMap(hops -> Stream.of(InvocationMode.values()).map(mode -> Arguments.of(hops, mode)));
    }

    @ParameterizedTest(name = "{0} hop(s), {1}")
    @MethodSource("hopsAndModes")
    void aForwardIsFollowedToTheServerThatAnswersAndTheOrbClosesCleanly(int hops, InvocationMode mode)
            throws Exception {
        List<HostileGiopServer> chain = new ArrayList<>();
        try (OwnedOrb orb = TestOrbs.newOrb()) {
            NamingContextExt root = NamingContextExtHelper.narrow(
                    orb.orb().string_to_object(fixture.nameService().corbalocUrl()));
            String target = orb.orb().object_to_string(root.resolve_str(fixture.catalogName()));
            for (int i = 0; i < hops; i++) {
                HostileGiopServer forwarder = HostileGiopServer.forwarding(target);
                chain.add(forwarder);
                target = forwarder.ior("Catalog");
            }
            String name = "Forwarded" + hops + mode;
            root.rebind(root.to_name(name), orb.orb().string_to_object(target));

            AdapterConfig config = TestOrbs.configFor(fixture).name(name).invocation(mode).build();
            var threadsBefore = Threads.live();
            CatalogAdapter adapter = CatalogAdapter.create(config);
            try {
                for (int call = 0; call < 3; call++) {
                    CatalogAdapterDataTest.assertSameItems(adapter.queryCatalog("items=3").items(),
                            ReferenceCatalog.firstItems(3));
                }
                assertThat(adapter.retries()).isZero();
            } finally {
                // an ORB whose count of invocations went wrong waits for ever to shut down
                assertTimeoutPreemptively(Duration.ofSeconds(10), adapter::close);
            }
            assertThat(Threads.stillAliveAfter(threadsBefore, Duration.ofSeconds(10))).isEmpty();
            for (HostileGiopServer forwarder : chain) {
                assertThat(forwarder.requestsSeen()).as("requests forwarded by each hop").isPositive();
            }
        } finally {
            chain.forEach(HostileGiopServer::close);
        }
    }

    /**
     * A forward that comes late, to a server that never answers: the ORB would wait its whole
     * reply time-out again from the forward, past the call's deadline. The re-send is moved off
     * the caller's thread instead, and the call ends by its deadline.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aLateForwardToASilentServerStillEndsByTheCallsDeadline(InvocationMode mode) throws Exception {
        // the forward 2.5 s into a 3 s call: an ORB waiting its reply time-out again would end
        // 5.5 s in, well past the bound with its slack
        Duration callTimeout = Duration.ofSeconds(3);
        try (HostileGiopServer silent = HostileGiopServer.start(Behaviour.SILENT);
                HostileGiopServer forwarder = HostileGiopServer.forwarding(silent.ior("Catalog"),
                        Duration.ofMillis(2500));
                OwnedOrb orb = TestOrbs.newOrb()) {
            NamingContextExt root = NamingContextExtHelper.narrow(
                    orb.orb().string_to_object(fixture.nameService().corbalocUrl()));
            String name = "LateForward" + mode;
            root.rebind(root.to_name(name), orb.orb().string_to_object(forwarder.ior("Catalog")));
            AdapterConfig config = TestOrbs.configFor(fixture).name(name).invocation(mode).callTimeout(callTimeout)
                    .build();
            try (CatalogAdapter adapter = CatalogAdapter.create(config)) {
                long started = System.nanoTime();
                Throwable thrown = catchThrowable(() -> adapter.queryCatalog("items=1"));
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertThat(thrown).isInstanceOf(CallTimeoutException.class);
                assertThat(took).isLessThan(callTimeout.plus(TestOrbs.SLACK));
                assertThat(silent.requestsSeen()).as("the forward was followed").isPositive();
            }
        }
    }
}
