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
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.CatalogFixture;
import org.corbabridge.fixture.CatalogFixtureExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CORBA.ORB;

/** An owned ORB dies with its adapter; a borrowed one outlives it and keeps its time-outs. */
@ExtendWith(CatalogFixtureExtension.class)
class CatalogAdapterOrbLifecycleTest {

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingDestroysTheOwnedOrbAndAllItsThreads(InvocationMode mode, CatalogFixture fixture) throws Exception {
        Set<Thread> before = TestOrbs.liveThreads();
        CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build());
        adapter.queryCatalog("bytes=102400");
        Set<Thread> during = TestOrbs.liveThreads();
        during.removeAll(before);
        assertThat(adapter.ownsOrb()).isTrue();
        assertThat(during).as("threads the ORB started").isNotEmpty();

        adapter.close();

        assertThat(TestOrbs.threadsStillAliveAfter(before, Duration.ofSeconds(10))).isEmpty();
    }

    private static final int ORBS = 5;

    /** The Eclipse ORB's destroy() alone leaves its listening socket open; the adapter closes it first. */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingReleasesEverySocketTheOwnedOrbOpened(InvocationMode mode, CatalogFixture fixture) throws Exception {
        closeAdapterAfterOneCall(mode, fixture); // the first ORB of a JVM opens class files for good
        long before = openFileDescriptors();
        for (int i = 0; i < ORBS; i++) {
            closeAdapterAfterOneCall(mode, fixture);
        }
        // a leak of one descriptor per ORB would show as +5; a lazily opened jar or a close still
        // under way in the JVM may show as +1
        assertThat(openFileDescriptors()).isLessThanOrEqualTo(before + 2);
    }

    private static void closeAdapterAfterOneCall(InvocationMode mode, CatalogFixture fixture) {
        try (CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            adapter.queryCatalog("items=1");
        }
    }

    private static long openFileDescriptors() throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> fds = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closingLeavesABorrowedOrbWorking(InvocationMode mode, CatalogFixture fixture) {
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
            orb.shutdown(true);
            orb.destroy();
        }
    }

    /** Only JacORB takes a time-out policy per reference; the Eclipse ORB's own properties bound it. */
    @Test
    @Tag(TestOrbs.JACORB_ONLY)
    void borrowedOrbCreatedWithoutTimeoutsStillBoundsCallsOnJacorb(CatalogFixture fixture) {
        assertThat(TestOrbs.current()).isEqualTo(OrbImplementation.JACORB);
        ORB unbounded = newBorrowableOrb(new Properties());
        Duration callTimeout = Duration.ofMillis(700);
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).callTimeout(callTimeout).build(), unbounded)) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> adapter.queryCatalog("items=1 delay=4000"))
                    .isInstanceOf(CallTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(callTimeout.plusSeconds(1));
        } finally {
            unbounded.shutdown(true);
            unbounded.destroy();
        }
    }

    @Test
    void borrowedOrbCreatedWithTheBoundingPropertiesBoundsCalls(CatalogFixture fixture) {
        Duration callTimeout = Duration.ofMillis(700);
        ORB orb = newBorrowableOrb(TestOrbs.current().boundingProperties(callTimeout, TestOrbs.CONNECT_TIMEOUT));
        try (CatalogAdapter adapter = CatalogAdapter.create(
                TestOrbs.configFor(fixture).callTimeout(callTimeout).build(), orb)) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> adapter.queryCatalog("items=1 delay=4000"))
                    .isInstanceOf(CallTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(callTimeout.plusSeconds(1));
        } finally {
            orb.shutdown(true);
            orb.destroy();
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
