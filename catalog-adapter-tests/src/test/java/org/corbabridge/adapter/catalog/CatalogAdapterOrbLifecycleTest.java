package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.fixture.Threads;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.ORB;

/** An owned ORB dies with its adapter; a borrowed one outlives it and keeps its time-outs. */
@ExtendWith(ServerFixtureExtension.class)
class CatalogAdapterOrbLifecycleTest {

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingDestroysTheOwnedOrbAndAllItsThreads(InvocationMode mode, ServerFixture fixture) throws Exception {
        Set<Thread> before = Threads.live();
        CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build());
        adapter.queryCatalog("bytes=102400");
        Set<Thread> during = Threads.live();
        during.removeAll(before);
        assertThat(adapter.ownsOrb()).isTrue();
        assertThat(during).as("threads the ORB started").isNotEmpty();

        adapter.close();

        assertThat(Threads.stillAliveAfter(before, Duration.ofSeconds(10))).isEmpty();
    }

    private static final int ORBS = 5;
    private static final Duration BORROWED_CALL_TIMEOUT = Duration.ofMillis(700);

    /**
     * The Eclipse ORB opens a listening socket on its first call and its destroy() alone leaves
     * it open; the adapter closes it first. (Other descriptors: see the leak drill.)
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingLeavesNoListeningSocketBehind(InvocationMode mode, ServerFixture fixture) throws Exception {
        long before = listeningSockets();
        for (int i = 0; i < ORBS; i++) {
            closeAdapterAfterOneCall(mode, fixture);
        }
        // a closed channel still registered with a selector closes when that selector's thread
        // next runs: give it a moment, bounded; a leak of one per ORB would show as +5
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        long after = listeningSockets();
        while (after > before && System.nanoTime() < deadline) {
            Thread.sleep(50);
            after = listeningSockets();
        }
        assertThat(after).isEqualTo(before);
    }

    /**
     * Nothing the tests start listens beyond loopback: not omniNames, not the server, and not
     * the Eclipse ORB's acceptor, which listens from the first call (on every interface, unless
     * the adapter names a host).
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void nothingListensBeyondLoopback(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            adapter.queryCatalog("items=1");
            assertThat(ProcFs.self().listeningBeyondLoopback()).isEmpty();
        }
        assertThat(ProcFs.of(fixture.server().pid()).listeningBeyondLoopback()).isEmpty();
        assertThat(ProcFs.of(fixture.nameService().pid()).listeningBeyondLoopback()).isEmpty();
    }

    private static void closeAdapterAfterOneCall(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            adapter.queryCatalog("items=1");
        }
    }

    private static long listeningSockets() {
        return ProcFs.self().tcpSockets("LISTEN");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingLeavesABorrowedOrbWorking(InvocationMode mode, ServerFixture fixture) {
        ORB orb = newBorrowableOrb(TestOrbs.current().boundingProperties(TestOrbs.CALL_TIMEOUT,
                TestOrbs.CONNECT_TIMEOUT));
        try {
            AdapterConfig config = TestOrbs.configFor(fixture).invocation(mode).build();
            CatalogAdapter first = CatalogAdapter.create(config, orb);
            assertThat(first.ownsOrb()).isFalse();
            assertThat(first.queryCatalog("items=2").items()).hasSize(2);
            first.close();

            try (CatalogAdapter second = CatalogAdapter.create(config, orb)) {
                assertThat(second.queryCatalog("items=3").items()).hasSize(3);
            }
            assertThat(orb.string_to_object(fixture.nameService().corbalocUrl())).isNotNull();
        } finally {
            Orbs.destroy(orb);
        }
    }

    /** Only JacORB takes a time-out policy per reference; the Eclipse ORB's own properties bound it. */
    @Test
    @Tag(TestOrbs.JACORB_ONLY)
    void borrowedOrbCreatedWithoutTimeoutsStillBoundsCallsOnJacorb(ServerFixture fixture) {
        assertThat(TestOrbs.current()).isEqualTo(OrbImplementation.JACORB);
        assertStalledCallTimesOutThrough(newBorrowableOrb(new Properties()), fixture);
    }

    @Test
    void borrowedOrbCreatedWithTheBoundingPropertiesBoundsCalls(ServerFixture fixture) {
        assertStalledCallTimesOutThrough(newBorrowableOrb(
                TestOrbs.current().boundingProperties(BORROWED_CALL_TIMEOUT, TestOrbs.CONNECT_TIMEOUT)), fixture);
    }

    /** A call the server takes 4 s over, through a borrowed ORB, fails typed within the adapter's time-out. */
    private static void assertStalledCallTimesOutThrough(ORB borrowed, ServerFixture fixture) {
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).callTimeout(BORROWED_CALL_TIMEOUT).build(), borrowed)) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> adapter.queryCatalog("items=1 delay=4000"))
                    .isInstanceOf(CallTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isLessThan(BORROWED_CALL_TIMEOUT.plusSeconds(1));
        } finally {
            Orbs.destroy(borrowed);
        }
    }

    private static ORB newBorrowableOrb(Properties extra) {
        Properties properties = new Properties();
        properties.putAll(extra);
        properties.setProperty("org.omg.CORBA.ORBClass", TestOrbs.current().orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", TestOrbs.current().orbSingletonClass());
        return ORB.init(new String[0], properties);
    }
}
