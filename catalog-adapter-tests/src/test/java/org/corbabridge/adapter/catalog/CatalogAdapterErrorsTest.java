package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.awaitility.Awaitility;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.WrongObjectTypeException;
import org.corbabridge.adapter.TestOrbs.OwnedOrb;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.FreePorts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.omg.CosNaming.NameComponent;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;

/** Each way a call can fail reaches the caller as its own typed exception, within its bound. */
class CatalogAdapterErrorsTest {

    /** The bound docs/faults.md states for a failure that needs no waiting: one answer from a live peer. */
    private static final Duration AT_ONCE = Duration.ofSeconds(1);

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void unboundNameIsReportedWithTheNameAndTheUrl(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start()) {
            AdapterConfig config = TestOrbs.configFor(fixture).name("NoSuchCatalog").invocation(mode).build();
            // the ORB is made first: the first ORB.init of a JVM loads classes for a while
            try (OwnedOrb orb = TestOrbs.newOrb()) {
                NameNotBoundException unbound = assertFailsWithin(AT_ONCE,
                        () -> CatalogAdapter.create(config, orb.orb()), NameNotBoundException.class, "'NoSuchCatalog'");
                assertThat(unbound).hasMessageContaining(fixture.nameServiceUrl());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void deadNameServiceIsReportedWithinTheConnectTimeout(InvocationMode mode) {
        String nobodyListens = "corbaname::127.0.0.1:" + FreePorts.find();
        AdapterConfig config = AdapterConfig.builder()
                .nameService(nobodyListens)
                .invocation(mode)
                .connectTimeout(TestOrbs.CONNECT_TIMEOUT)
                .callTimeout(TestOrbs.CALL_TIMEOUT)
                .build();
        // the ORB is made first: the first ORB.init of a JVM loads classes for a while
        try (OwnedOrb orb = TestOrbs.newOrb()) {
            assertFailsWithin(TestOrbs.CONNECT_TIMEOUT.plus(TestOrbs.SLACK), () -> CatalogAdapter.create(config, orb.orb()),
                    NameServiceUnavailableException.class, nobodyListens);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void objectThatIsNotACatalogIsReportedAsTheWrongType(InvocationMode mode) throws Exception {
        try (ServerFixture fixture = ServerFixture.start(); OwnedOrb orb = TestOrbs.newOrb()) {
            NamingContextExt root = NamingContextExtHelper.narrow(
                    orb.orb().string_to_object(fixture.nameService().corbalocUrl()));
            root.bind_new_context(new NameComponent[] {new NameComponent("NotACatalog", "")});

            AdapterConfig config = TestOrbs.configFor(fixture).name("NotACatalog").invocation(mode).build();
            WrongObjectTypeException wrong = assertFailsWithin(AT_ONCE, () -> CatalogAdapter.create(config, orb.orb()),
                    WrongObjectTypeException.class, "'NotACatalog'");
            assertThat(wrong).hasMessageContaining("IDL:shop/Catalog:1.0");
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void killedServerIsReportedAsUnavailableWithinTheBound(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start();
                CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            assertThat(adapter.queryCatalog("items=1").items()).hasSize(1);
            fixture.server().kill();
            // retries included: the call time-out bounds the whole call
            assertFailsWithin(TestOrbs.CALL_TIMEOUT.plus(TestOrbs.SLACK), () -> adapter.queryCatalog("items=1"),
                    ServerUnavailableException.class, "'Catalog'");
        }
    }

    /** The type check may be answered from the reference itself (JacORB does), so the first call may be the one to fail. */
    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void nameBoundToADeadServerIsReportedAsUnavailableByTheFirstCall(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start()) {
            fixture.server().kill();
            AdapterConfig config = TestOrbs.configFor(fixture).invocation(mode).build();
            assertFailsWithin(TestOrbs.CALL_TIMEOUT.plus(TestOrbs.SLACK), () -> {
                try (CatalogAdapter adapter = CatalogAdapter.create(config)) {
                    adapter.queryCatalog("items=1");
                }
            }, ServerUnavailableException.class, "'Catalog'");
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void slowCallTimesOutWithinTheCallTimeoutAndTheAdapterStaysUsable(InvocationMode mode) {
        Duration callTimeout = Duration.ofMillis(800);
        try (ServerFixture fixture = ServerFixture.start();
                CatalogAdapter adapter = CatalogAdapter.create(
                        TestOrbs.configFor(fixture).invocation(mode).callTimeout(callTimeout).build())) {
            CallTimeoutException timeout = assertFailsWithin(callTimeout.plus(TestOrbs.SLACK),
                    () -> adapter.queryCatalog("items=1 delay=2000"), CallTimeoutException.class, "800 ms");
            assertThat(timeout.getMessage()).contains("queryCatalog on 'Catalog'");

            // usable: a later call is answered. Not necessarily the very next one: the ORB may have
            // closed the connection the late reply was due on, and on a loaded machine reconnecting
            // can outlast this client's 800 ms (a typed error within it, which is the bound)
            Awaitility.await().atMost(Duration.ofSeconds(10)).ignoreException(ServerUnavailableException.class)
                    .ignoreException(CallTimeoutException.class)
                    .untilAsserted(() -> assertThat(adapter.queryCatalog("items=3").items()).hasSize(3));
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void stoppedServerProcessTimesOutWithinTheCallTimeout(InvocationMode mode) {
        Duration callTimeout = Duration.ofMillis(800);
        try (ServerFixture fixture = ServerFixture.start();
                CatalogAdapter adapter = CatalogAdapter.create(
                        TestOrbs.configFor(fixture).invocation(mode).callTimeout(callTimeout).build())) {
            fixture.server().suspend();
            assertFailsWithin(callTimeout.plus(TestOrbs.SLACK), () -> {
                // seen once beside another build (JacORB, STATIC): an answer here; say whose, if ever again
                CatalogResult answered = adapter.queryCatalog("items=1");
                throw new AssertionError("a suspended server answered " + answered + " (server: "
                        + fixture.server() + ", threads: " + ProcFs.of(fixture.server().pid()).threadStates() + ")");
            }, CallTimeoutException.class, "no reply within 800 ms");
            fixture.server().resume();
            assertThat(adapter.queryCatalog("items=2").items()).hasSize(2);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void queriesTheServerRefusesCarryItsReason(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start();
                CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            assertThatThrownBy(() -> adapter.queryCatalog("colour=red"))
                    .isInstanceOfSatisfying(InvalidQueryException.class, e -> {
                        assertThat(e.reason()).startsWith("unknown term 'colour=red'");
                        assertThat(e.getMessage()).contains("refused 'colour=red'");
                    });
            assertThatThrownBy(() -> adapter.queryCatalog(""))
                    .isInstanceOf(InvalidQueryException.class).hasMessageContaining("empty query");
            assertThatThrownBy(() -> adapter.queryCatalog(null))
                    .isInstanceOf(InvalidQueryException.class).hasMessageContaining("null");
            assertThat(adapter.queryCatalog("items=1").items()).hasSize(1);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void replyOverTheServerCapIsRefusedNotCrashed(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start();
                CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            long started = System.nanoTime();
            assertThatThrownBy(() -> adapter.queryCatalog("items=100000"))
                    .isInstanceOf(InvalidQueryException.class)
                    .hasMessageContaining("over the server's cap of " + fixture.server().replyCap() + " bytes");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(AT_ONCE);
            assertThatThrownBy(() -> adapter.queryCatalog("bytes=" + (fixture.server().replyCap() + 1)))
                    .isInstanceOf(InvalidQueryException.class);
            assertThat(fixture.server().isAlive()).isTrue();
            assertThat(adapter.queryCatalog("bytes=" + fixture.server().replyCap()).items()).isNotEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void smallerServerCapRefusesEarlier(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start(ServerConfig.builder().maxReplyBytes(10_000).build());
                CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            assertThat(adapter.queryCatalog("bytes=10000").items()).isNotEmpty();
            assertThatThrownBy(() -> adapter.queryCatalog("bytes=10001"))
                    .isInstanceOf(InvalidQueryException.class).hasMessageContaining("cap of 10000 bytes");
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void closedAdapterRefusesCalls(InvocationMode mode) {
        try (ServerFixture fixture = ServerFixture.start()) {
            CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build());
            adapter.close();
            adapter.close();
            assertThat(adapter.isClosed()).isTrue();
            assertThatThrownBy(() -> adapter.queryCatalog("items=1")).isInstanceOf(AdapterClosedException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void malformedNameServiceUrlIsReported(InvocationMode mode) {
        AdapterConfig config = AdapterConfig.builder()
                .nameService("corbaname:no-such-protocol:nowhere")
                .orb(TestOrbs.current())
                .invocation(mode)
                .connectTimeout(TestOrbs.CONNECT_TIMEOUT)
                .build();
        assertFailsWithin(TestOrbs.CONNECT_TIMEOUT.plus(TestOrbs.SLACK), () -> CatalogAdapter.create(config),
                NameServiceUnavailableException.class, "corbaname:no-such-protocol:nowhere");
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void missingOrbClassIsReportedBeforeAnyCall(InvocationMode mode) {
        AdapterConfig config = AdapterConfig.builder()
                .nameService("corbaname::127.0.0.1:1")
                .invocation(mode)
                .orb(OrbConfig.builder().orbClass("com.example.NoSuchOrb", "com.example.NoSuchOrbSingleton").build())
                .build();
        assertThatThrownBy(() -> CatalogAdapter.create(config))
                .isInstanceOf(OrbInitializationException.class)
                .hasMessageContaining("com.example.NoSuchOrb");
    }

    private static <T extends CorbaAdapterException> T assertFailsWithin(Duration bound, ThrowingCallable call,
            Class<T> type, String messagePart) {
        long started = System.nanoTime();
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(thrown).isInstanceOf(type).hasMessageContaining(messagePart);
        assertThat(took).as("time to fail with %s", thrown).isLessThanOrEqualTo(bound);
        return type.cast(thrown);
    }
}
