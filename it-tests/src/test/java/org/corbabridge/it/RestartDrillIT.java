package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.catalog.CatalogItem;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ReferenceCatalog;
import org.corbabridge.fixture.ReferenceItem;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Sessions of all four configurations call in a loop while the C++ server is killed and
 * restarted several times (on a new port, then on the same one), and the name service once.
 * Every call must return the right data, checked field by field, or fail with a typed
 * exception; after each restart every session must succeed again within a bound.
 * Size with -Ddrill.sessions=100 -Ddrill.restarts=5 (defaults: 40 and 3).
 */
// the long versions (-Pdrills) run for minutes; still bounded
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class RestartDrillIT {

    private static final int SESSIONS = Integer.getInteger("drill.sessions", 40);
    private static final int RESTARTS = Integer.getInteger("drill.restarts", 3);
    private static final int THREADS = 16;
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(20);

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void everyCallIsRightOrTypedAndEverySessionRecoversAfterEachRestart() throws Exception {
        ServerFixture fixture = CatalogServersForContainer.fixture();
        List<CatalogSession> sessions = new ArrayList<>();
        CatalogEjb.Bean[] beans = CatalogEjb.Bean.values();
        for (int i = 0; i < SESSIONS; i++) {
            // three in four use the container's ORB: a hundred external ORBs would test the machine
            sessions.add((i % 4 == 3 ? beans[2 + (i / 4) % 2] : beans[(i / 4) % 2]).newSession());
        }
        AtomicLong calls = new AtomicLong();
        AtomicLong successes = new AtomicLong();
        AtomicLong typedFailures = new AtomicLong();
        AtomicLong wrongResults = new AtomicLong();
        AtomicLong untypedFailures = new AtomicLong();
        AtomicLongArray lastSuccess = new AtomicLongArray(SESSIONS);
        List<String> firstProblems = new ArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);

        ExecutorService callers = Executors.newFixedThreadPool(THREADS);
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            callers.submit(() -> {
                int round = 0;
                while (running.get()) {
                    // each session belongs to one thread: a stateful session takes one call at a time
                    for (int index = thread; index < SESSIONS && running.get(); index += THREADS) {
                        int count = (index + round) % 50;
                        calls.incrementAndGet();
                        try {
                            List<CatalogItem> items = sessions.get(index).queryCatalog("items=" + count).items();
                            var problem = ReferenceCatalog.firstDifference(ReferenceCatalog.firstItems(count),
                                    items.stream().map(i -> new ReferenceItem(i.id(), i.itemName(),
                                            i.description(), i.price())).toList());
                            if (problem.isPresent()) {
                                wrongResults.incrementAndGet();
                                note(firstProblems, "wrong result: " + problem.get());
                            } else {
                                successes.incrementAndGet();
                                lastSuccess.set(index, System.nanoTime());
                            }
                        } catch (CorbaAdapterException typed) {
                            typedFailures.incrementAndGet();
                        } catch (RuntimeException untyped) {
                            untypedFailures.incrementAndGet();
                            note(firstProblems, "untyped: " + untyped);
                        }
                    }
                    round++;
                }
                return null;
            });
        }

        List<Long> recoveryMillis = new ArrayList<>();
        try {
            Thread.sleep(1500);
            for (int restart = 0; restart < RESTARTS; restart++) {
                fixture.server().kill();
                Thread.sleep(500);
                if (restart % 2 == 0) {
                    fixture.server().restartOnNewPort();
                } else {
                    fixture.server().restart();
                }
                recoveryMillis.add(awaitAllRecovered(lastSuccess));
            }
            // the name service dies and comes back with its data; then the server moves once more,
            // so that finding it again goes through the restarted name service
            fixture.nameService().kill();
            Thread.sleep(500);
            fixture.nameService().restart();
            fixture.server().kill();
            fixture.server().restartOnNewPort();
            recoveryMillis.add(awaitAllRecovered(lastSuccess));
            Thread.sleep(1000);
        } finally {
            running.set(false);
            callers.shutdown();
            assertThat(callers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            sessions.forEach(CatalogSession::remove);
        }

        long maxRecovery = recoveryMillis.stream().mapToLong(Long::longValue).max().orElse(0);
        System.out.printf(Locale.ROOT, "[drill] %s: %d sessions, %d server restarts + 1 name service restart: "
                        + "%d calls, %d right, %d typed failures, %d wrong, %d untyped; recovery %s ms (max %d)%n",
                CatalogServersForContainer.orb(), SESSIONS, RESTARTS, calls.get(), successes.get(),
                typedFailures.get(), wrongResults.get(), untypedFailures.get(), recoveryMillis, maxRecovery);
        assertThat(firstProblems).isEmpty();
        assertThat(wrongResults.get()).isZero();
        assertThat(untypedFailures.get()).isZero();
        assertThat(successes.get()).isGreaterThan(SESSIONS * (RESTARTS + 2L));
        assertThat(Duration.ofMillis(maxRecovery)).isLessThan(RECOVERY_BOUND);
    }

    /** Waits until every session has succeeded since now; returns how long that took, in ms. */
    private static long awaitAllRecovered(AtomicLongArray lastSuccess) throws InterruptedException {
        long restarted = System.nanoTime();
        long deadline = restarted + RECOVERY_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            boolean all = true;
            for (int i = 0; i < lastSuccess.length() && all; i++) {
                all = lastSuccess.get(i) > restarted;
            }
            if (all) {
                return (System.nanoTime() - restarted) / 1_000_000;
            }
            Thread.sleep(20);
        }
        return RECOVERY_BOUND.toMillis();
    }

    private static synchronized void note(List<String> problems, String problem) {
        if (problems.size() < 5) {
            problems.add(problem);
        }
    }
}
