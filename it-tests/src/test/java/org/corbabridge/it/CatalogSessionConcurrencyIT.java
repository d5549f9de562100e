package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ReferenceCatalog;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Fifty sessions of all four configurations, called from many threads at once. */
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class CatalogSessionConcurrencyIT {

    private static final int SESSIONS = 50;
    private static final int THREADS = 12;
    private static final int CALLS_PER_SESSION = 6;

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void fiftySessionsCalledConcurrentlyAllGetTheirOwnCorrectData() throws Exception {
        List<CatalogSession> sessions = new ArrayList<>();
        CatalogEjb.Bean[] beans = CatalogEjb.Bean.values();
        for (int i = 0; i < SESSIONS; i++) {
            sessions.add(beans[i % beans.length].newSession());
        }
        // each session is called by one thread at a time, as a client's conversation would be,
        // but by whichever thread is free
        List<Semaphore> turns = new ArrayList<>();
        for (int i = 0; i < SESSIONS; i++) {
            turns.add(new Semaphore(1));
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int round = 0; round < CALLS_PER_SESSION; round++) {
                for (int i = 0; i < SESSIONS; i++) {
                    int index = i;
                    int count = (index * 7 + round * 13) % 200;
                    calls.add(pool.submit(() -> {
                        turns.get(index).acquire();
                        try {
                            CatalogSessionMatrixIT.assertSameItems(
                                    sessions.get(index).queryCatalog("items=" + count).items(),
                                    ReferenceCatalog.firstItems(count));
                        } finally {
                            turns.get(index).release();
                        }
                        return null;
                    }));
                }
            }
            for (Future<?> call : calls) {
                call.get(120, TimeUnit.SECONDS);
            }
            for (CatalogSession session : sessions) {
                assertThat(session.stats().calls()).isEqualTo(CALLS_PER_SESSION);
                assertThat(session.stats().failures()).isZero();
            }
        } finally {
            pool.shutdownNow();
            sessions.forEach(CatalogSession::remove);
        }
    }
}
