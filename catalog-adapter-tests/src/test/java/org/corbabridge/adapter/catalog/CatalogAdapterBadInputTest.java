package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import java.util.List;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Queries no one should send: each gets a typed error or a correct answer, and nothing crashes. */
@ExtendWith(ServerFixtureExtension.class)
class CatalogAdapterBadInputTest {

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aMegabyteQueryIsRefusedByItsLength(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = adapter(fixture, mode)) {
            Throwable thrown = failsAtOnce(() -> adapter.queryCatalog("x".repeat(1024 * 1024)));
            assertThat(thrown).isInstanceOfSatisfying(InvalidQueryException.class, e -> {
                assertThat(e.reason()).contains("1048576 bytes long; the limit is 1024");
                assertThat(e.getMessage()).contains("(1048576 characters)").hasSizeLessThan(500);
            });
            assertStillServing(adapter, fixture);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aQueryOverTheServersMessageLimitFailsTypedAndTheServerCarriesOn(InvocationMode mode,
            ServerFixture fixture) {
        String query = "y".repeat(3 * 1024 * 1024);
        try (CatalogAdapter adapter = adapter(fixture, mode)) {
            // 3 MB is marshalled and written before the server refuses it: on two busy cores that
            // took 1.1 s once (JacORB, DII). Half the call time-out still tells the refusal from the deadline.
            Throwable thrown = failsWithin(TestOrbs.CALL_TIMEOUT.dividedBy(2), () -> adapter.queryCatalog(query));
            assertThat(thrown).isInstanceOf(CorbaAdapterException.class);
            assertStillServing(adapter, fixture);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void emptyBlankAndControlCharacterQueriesAreRefusedWithAReason(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = adapter(fixture, mode)) {
            for (String query : List.of("", "   ", "\t", "items=1\u0007", "items=\u001b[31m1", "items=1\r\n")) {
                Throwable thrown = failsAtOnce(() -> adapter.queryCatalog(query));
                assertThat(thrown).as("'%s'", query).isInstanceOfSatisfying(InvalidQueryException.class,
                        e -> assertThat(e.reason()).isNotBlank().matches("\\p{Print}+"));
            }
            assertStillServing(adapter, fixture);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void nonAsciiQueriesGetATypedErrorOrACorrectAnswer(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = adapter(fixture, mode)) {
            // Latin-1 travels in the ORBs' default code set; the rest may not be sendable at all
            for (String query : List.of("name~café", "name~名前", "name~\ud83d\ude00", "items=\u0661")) {
                Throwable thrown = failsAtOnce(() -> adapter.queryCatalog(query));
                assertThat(thrown).as("'%s'", query).isInstanceOf(CorbaAdapterException.class);
                if (query.chars().anyMatch(c -> c > 0xFF)) {
                    // never sent cut (JacORB cut each character to its low byte): refused before
                    // sending, or DATA_CONVERSION from the ORB's own conversion
                    assertThat(((CorbaAdapterException) thrown).completion()).as("'%s'", query).isEqualTo(Completion.NO);
                }
            }
            assertStillServing(adapter, fixture);
        }
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aQueryWithANulCharacterIsRefusedBeforeItIsSentNotCutShort(InvocationMode mode, ServerFixture fixture) {
        try (CatalogAdapter adapter = adapter(fixture, mode)) {
            Throwable thrown = failsAtOnce(() -> adapter.queryCatalog("items=1\u0000 delay=5000"));
            assertThat(thrown).isInstanceOfSatisfying(InvalidQueryException.class,
                    e -> assertThat(e.reason()).contains("NUL character", "index 7", "Nothing was sent"));
            assertStillServing(adapter, fixture);
        }
    }

    private static CatalogAdapter adapter(ServerFixture fixture, InvocationMode mode) {
        return CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build());
    }

    /** delay= parks a server thread for up to a minute: only a server started for tests takes it. */
    @Test
    void aServerStartedWithoutTestHooksRefusesTheDelayHookAtOnce() {
        try (ServerFixture production = ServerFixture.start(ServerConfig.builder().testHooks(false).build());
                CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(production).build())) {
            long started = System.nanoTime();
            Throwable thrown = failsAtOnce(() -> adapter.queryCatalog("items=1 delay=30000"));

            assertThat(thrown).isInstanceOfSatisfying(InvalidQueryException.class,
                    refused -> assertThat(refused.reason()).contains("--test-hooks"));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
            assertThat(adapter.queryCatalog("items=2").items()).hasSize(2);
        }
    }

    /**
     * Runs a call that must fail, and checks that it failed within the bound docs/faults.md gives
     * bad input: one second (the refusal is one round trip, or none).
     */
    private static Throwable failsAtOnce(ThrowingCallable call) {
        return failsWithin(Duration.ofSeconds(1), call);
    }

    private static Throwable failsWithin(Duration bound, ThrowingCallable call) {
        long started = System.nanoTime();
        Throwable thrown = catchThrowable(call);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("time to refuse").isLessThan(bound);
        return thrown;
    }

    private static void assertStillServing(CatalogAdapter adapter, ServerFixture fixture) {
        assertThat(fixture.server().isAlive()).isTrue();
        assertThat(adapter.queryCatalog("items=2").items()).hasSize(2);
    }
}
