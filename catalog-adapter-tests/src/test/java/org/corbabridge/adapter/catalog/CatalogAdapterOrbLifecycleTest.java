package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.fixture.Threads;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
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
        ORB orb = TestOrbs.plainOrb(TestOrbs.current().boundingProperties(TestOrbs.CALL_TIMEOUT,
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
        assertStalledCallTimesOutThrough(TestOrbs.plainOrb(new Properties()), fixture);
    }

    /**
     * What bounds a call on a borrowed JacORB ORB created without a reply time-out: the reply wait
     * of the adapter's own reference, which ends at the call's deadline (not earlier, and not a
     * slice later), in every invocation mode, with no thread per call. A Messaging time-out policy
     * made JacORB start a {@code ReplyReceiver} timer thread for each request, which made every
     * call several times dearer. The time-out says the server may have run the call.
     */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    @Tag(TestOrbs.JACORB_ONLY)
    void aBorrowedJacorbOrbWithoutTimeoutsEndsEachCallAtItsDeadlineWithNoThreadPerCall(InvocationMode mode,
            ServerFixture fixture) throws Exception {
        ORB borrowed = TestOrbs.plainOrb(new Properties());
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).invocation(mode).callTimeout(BORROWED_CALL_TIMEOUT).build(), borrowed)) {
            assertThat(adapter.queryCatalog("items=1").items()).hasSize(1);
            Set<String> timers = ConcurrentHashMap.newKeySet();
            AtomicBoolean calling = new AtomicBoolean(true);
            Thread watcher = new Thread(() -> {
                while (calling.get()) {
                    Threads.live().stream().map(Thread::getName).filter(n -> n.contains("ReplyReceiver")).forEach(timers::add);
                    LockSupport.parkNanos(2_000_000);
                }
            }, "reply-timer-watcher");
            watcher.start();
            long started = System.nanoTime();
            CallTimeoutException timeout;
            try {
                timeout = catchThrowableOfType(() -> adapter.queryCatalog("items=1 delay=4000"), CallTimeoutException.class);
            } finally {
                calling.set(false);
                watcher.join();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(timeout).as("a stalled call through a borrowed JacORB ORB").isNotNull();
            assertThat(timeout.completion()).isEqualTo(Completion.MAYBE);
            assertThat(took).isBetween(BORROWED_CALL_TIMEOUT.minusMillis(50), BORROWED_CALL_TIMEOUT.plus(TestOrbs.SLACK));
            assertThat(timers).as("JacORB threads started to time a call").isEmpty();
            assertThat(adapter.queryCatalog("items=2").items()).as("the next call").hasSize(2);
        } finally {
            Orbs.destroy(borrowed);
        }
    }

    /** The adapter bounds its own references only: the ORB's owner still waits as long as it created the ORB to. */
    @Test
    @Tag(TestOrbs.JACORB_ONLY)
    void theOwnerOfABorrowedJacorbOrbKeepsItsOwnWaits(ServerFixture fixture) throws Exception {
        ORB borrowed = TestOrbs.plainOrb(new Properties());
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).callTimeout(BORROWED_CALL_TIMEOUT).build(), borrowed)) {
            assertThat(adapter.queryCatalog("items=1").items()).hasSize(1);
            Catalog owners = CatalogHelper.narrow(borrowed.string_to_object(fixture.catalogUrl()));

            long slower = BORROWED_CALL_TIMEOUT.toMillis() + 500;
            assertThat(owners.queryCatalog("items=1 delay=" + slower).items).hasSize(1);
            assertThatThrownBy(() -> adapter.queryCatalog("items=1 delay=" + slower)).isInstanceOf(CallTimeoutException.class);
        } finally {
            Orbs.destroy(borrowed);
        }
    }

    @Test
    void borrowedOrbCreatedWithTheBoundingPropertiesBoundsCalls(ServerFixture fixture) {
        assertStalledCallTimesOutThrough(TestOrbs.plainOrb(
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
}
