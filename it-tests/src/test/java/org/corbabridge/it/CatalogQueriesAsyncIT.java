package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.ejb.CatalogQueries;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ServerProcess;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The stateless facade's {@code @Asynchronous} query: futures return at once, run on the
 * container's executor, overlap, and end within the call time-out when the server hangs.
 */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogQueriesAsyncIT {

    private static final Duration CALL = Duration.ofMillis(CatalogServersForContainer.CALL_TIMEOUT_MILLIS);

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    private static CatalogQueries queries() throws Exception {
        return (CatalogQueries) new InitialContext()
                .lookup("java:global/catalog-ejb/CatalogQueries!" + CatalogQueries.class.getName());
    }

    @Test
    void eightQueriesInFlightEachCompleteWithTheirOwnItems() throws Exception {
        CatalogQueries queries = queries();
        List<Future<CatalogResult>> inFlight = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            inFlight.add(queries.queryCatalog("items=" + (i * 25)));
        }
        for (int i = 0; i < 8; i++) {
            CatalogSessionMatrixIT.assertSameItems(inFlight.get(i).get(30, TimeUnit.SECONDS).items(),
                    ReferenceCatalog.firstItems(i * 25));
        }
    }

    @Test
    void aFutureReturnsAtOnceAndFailsWithTheTypedTimeOutAtItsRootWhenTheServerHangs() throws Exception {
        CatalogQueries queries = queries();
        queries.queryCatalog("items=1").get(30, TimeUnit.SECONDS);
        ServerProcess server = CatalogServersForContainer.fixture().server();
        server.suspend();
        try {
            long started = System.nanoTime();
            Future<CatalogResult> hanging = queries.queryCatalog("items=1");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the caller is not held").isLessThan(CALL.dividedBy(2));

            // outside a bean OpenEJB wraps what the method threw in an EJBException; the typed
            // exception is the root cause (see AsyncFailures in the EJB)
            assertThatThrownBy(() -> hanging.get(CALL.multipliedBy(3).toMillis(), TimeUnit.MILLISECONDS))
                    .isInstanceOf(ExecutionException.class).hasRootCauseInstanceOf(CallTimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(CALL.plusSeconds(2));
        } finally {
            server.resume();
        }
        assertThat(queries.queryCatalog("items=2").get(30, TimeUnit.SECONDS).items()).hasSize(2);
    }
}
