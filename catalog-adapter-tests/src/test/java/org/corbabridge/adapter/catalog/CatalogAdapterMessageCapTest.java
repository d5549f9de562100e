package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.MessageTooLargeException;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.TlsConfig;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cap on incoming messages against the real server, over plain IIOP and over TLS: a reply
 * over it is a {@link MessageTooLargeException}, not retried, and the same adapter goes on with
 * replies under it on a new connection. (Hostile peers, 2 GB headers and endless fragments, are
 * in {@link CatalogAdapterHostilePeerTest}.)
 */
class CatalogAdapterMessageCapTest {

    private static final long CAP = 64 << 10;
    private static final String OVER_THE_CAP = "bytes=102400";
    private static final String UNDER_THE_CAP = "bytes=32768";
    private static final Duration BOUND = TestOrbs.CALL_TIMEOUT.plus(TestOrbs.SLACK);

    private static ServerFixture server;

    @BeforeAll
    static void startServerOfferingBoth() {
        server = ServerFixture.start(ServerConfig.builder().tls(ServerTls.only().withPlainText()).build());
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aReplyOverTheCapIsRefusedAndTheNextOneUnderItArrives(InvocationMode mode) {
        assertCapHolds(mode, null);
    }

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void aReplyOverTheCapIsRefusedOverTlsToo(InvocationMode mode) {
        assertCapHolds(mode, CatalogAdapterTlsTest.trustOnly());
    }

    private static void assertCapHolds(InvocationMode mode, TlsConfig tls) {
        OrbConfig orb = OrbConfig.builder().implementation(TestOrbs.current()).tls(tls).maxIncomingMessageBytes(CAP)
                .build();
        AdapterConfig config = TestOrbs.configFor(server).orb(orb).invocation(mode).build();
        try (CatalogAdapter adapter = CatalogAdapter.create(config)) {
            long started = System.nanoTime();
            Throwable thrown = catchThrowable(() -> adapter.queryCatalog(OVER_THE_CAP));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(thrown).isInstanceOfSatisfying(MessageTooLargeException.class, e -> {
                // omniORB sends a reply this large in fragments: the first, whose status said
                // NO_EXCEPTION, passed before the fragments went over the cap
                assertThat(e.completion()).as("the server ran the query").isEqualTo(Completion.YES);
                assertThat(e).hasMessageContaining("over the cap of " + CAP + " bytes");
            });
            assertThat(took).isLessThan(BOUND);
            assertThat(adapter.retries()).isZero();
            assertThat(adapter.rebinds()).isZero();
            assertThat(adapter.queryCatalog(UNDER_THE_CAP).items()).isNotEmpty();
        }
    }
}
