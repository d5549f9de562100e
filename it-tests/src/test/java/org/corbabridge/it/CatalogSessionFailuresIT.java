package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.catalog.InvalidQueryException;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ServerProcess;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Failures reach the bean's caller as the adapter's typed exceptions (application exceptions:
 * unwrapped, and the session survives them), within the configured time-outs. Every test
 * leaves the shared server running and bound.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogSessionFailuresIT {

    private static final Duration SLACK = Duration.ofSeconds(1);
    private static final Duration CALL = Duration.ofMillis(CatalogServersForContainer.CALL_TIMEOUT_MILLIS);

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void killedServerIsATypedApplicationExceptionWithinTheBound(CatalogEjb.Bean bean) {
        ServerProcess server = CatalogServersForContainer.fixture().server();
        CatalogSession session = bean.newSession();
        try {
            session.queryCatalog("items=1");
            server.kill();
            // the call time-out bounds the whole call, retries (each with a new lookup) included
            Throwable thrown = timed(() -> session.queryCatalog("items=1"), CALL.plus(SLACK));
            assertThat(thrown).isInstanceOf(ServerUnavailableException.class).hasMessageContaining("'Catalog'");
            assertThat(session.stats().failures()).as("the session survived").isEqualTo(1);
        } finally {
            restart(server);
            session.remove();
        }
        CatalogSession fresh = bean.newSession();
        try {
            assertThat(fresh.queryCatalog("items=2").items()).hasSize(2);
        } finally {
            fresh.remove();
        }
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void unboundNameIsATypedApplicationExceptionNamingTheName(CatalogEjb.Bean bean) {
        ServerProcess server = CatalogServersForContainer.fixture().server();
        server.stop(); // SIGTERM: the server unbinds its name
        CatalogSession session = bean.newSession();
        try {
            Throwable thrown = timed(() -> session.queryCatalog("items=1"), CALL.plus(SLACK));
            assertThat(thrown).isInstanceOf(NameNotBoundException.class)
                    .hasMessageContaining("nothing is bound as 'Catalog'")
                    .hasMessageContaining(CatalogServersForContainer.fixture().nameServiceUrl());
        } finally {
            restart(server);
        }
        try {
            assertThat(session.queryCatalog("items=3").items()).as("the same session, once the name is back")
                    .hasSize(3);
        } finally {
            session.remove();
        }
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void stalledServerIsATypedTimeoutWithinTheCallTimeout(CatalogEjb.Bean bean) {
        ServerProcess server = CatalogServersForContainer.fixture().server();
        CatalogSession session = bean.newSession();
        try {
            session.queryCatalog("items=1");
            server.suspend();
            Throwable thrown;
            try {
                thrown = timed(() -> session.queryCatalog("items=1"), CALL.plus(SLACK));
            } finally {
                server.resume();
            }
            assertThat(thrown).isInstanceOf(CallTimeoutException.class);
            assertThat(session.queryCatalog("items=4").items()).hasSize(4);
        } finally {
            session.remove();
        }
    }

    @ParameterizedTest
    @EnumSource(CatalogEjb.Bean.class)
    void refusedQueryIsATypedApplicationExceptionAndTheSessionCarriesOn(CatalogEjb.Bean bean) {
        CatalogSession session = bean.newSession();
        try {
            Throwable thrown = catchThrowable(() -> session.queryCatalog("items=lots"));
            assertThat(thrown).isInstanceOfSatisfying(InvalidQueryException.class,
                    e -> assertThat(e.reason()).contains("whole number"));
            assertThat(session.queryCatalog("items=2").items()).hasSize(2);
            assertThat(session.stats().failures()).isEqualTo(1);
            assertThat(session.stats().calls()).isEqualTo(1);
        } finally {
            session.remove();
        }
    }

    private static Throwable timed(Runnable call, Duration bound) {
        long started = System.nanoTime();
        Throwable thrown = catchThrowable(call::run);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("time to fail with %s", thrown)
                .isLessThanOrEqualTo(bound);
        return thrown;
    }

    private static void restart(ServerProcess server) {
        if (server.isAlive()) {
            return;
        }
        server.restartOnNewPort();
    }
}
