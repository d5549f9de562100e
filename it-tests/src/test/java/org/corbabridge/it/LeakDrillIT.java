package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.CatalogSession;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many external-ORB sessions created, used and removed; then a long run of calls on one
 * built-in-mode session. Live threads, open file descriptors and heap after GC must come back
 * to where they were. Size with -Ddrill.externalSessions=2000 -Ddrill.builtInCalls=200000
 * (defaults: 200 and 20000).
 */
// the long versions (-Pdrills) run for minutes; still bounded
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@ExtendWith({CatalogServersForContainer.class, ArquillianExtension.class})
class LeakDrillIT {

    private static final int EXTERNAL_SESSIONS = Integer.getInteger("drill.externalSessions", 200);
    private static final int BUILT_IN_CALLS = Integer.getInteger("drill.builtInCalls", 20000);
    private static final int THREAD_TOLERANCE = 3;
    private static final int FD_TOLERANCE = 10;
    private static final long HEAP_TOLERANCE_BYTES = 32L * 1024 * 1024;

    @Deployment
    static JavaArchive deployment() {
        return CatalogEjb.asBuilt();
    }

    @Test
    void externalOrbSessionsComeAndGoWithoutLeavingThreadsSocketsOrMemory() throws Exception {
        for (int i = 0; i < 10; i++) {
            useAndRemove(CatalogEjb.Bean.values()[2 + i % 2]);
        }
        Resources before = Resources.measure();
        long started = System.nanoTime();
        for (int i = 0; i < EXTERNAL_SESSIONS; i++) {
            useAndRemove(CatalogEjb.Bean.values()[2 + i % 2]);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        // The Eclipse ORB 5.0 leaves up to one socket descriptor open for each connection an ORB
        // still had when destroyed (not reclaimed by GC; JacORB leaves none). A session's ORB has
        // two, to the name service and to the server: bounded here to that, so any other leak
        // still fails. README, "Faults", says what it means for external mode.
        int knownOrbLeak = CatalogServersForContainer.orb() == OrbImplementation.ECLIPSE_ORB
                ? 2 * EXTERNAL_SESSIONS : 0;
        Resources after = Resources.settled(before.allowingFds(knownOrbLeak));
        report("external sessions", EXTERNAL_SESSIONS, seconds, before, after);
        after.assertWithinToleranceOf(before.allowingFds(knownOrbLeak));
    }

    @Test
    void aLongRunOfCallsOnTheContainersOrbLeavesNothingBehind() throws Exception {
        CatalogSession warm = CatalogEjb.Bean.STATIC_BUILT_IN.newSession();
        for (int i = 0; i < 500; i++) {
            warm.queryCatalog("items=" + (i % 20));
        }
        Resources before = Resources.measure();
        long started = System.nanoTime();
        for (int i = 0; i < BUILT_IN_CALLS; i++) {
            warm.queryCatalog("items=" + (i % 20));
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        warm.remove();
        Resources after = Resources.settled(before);
        report("built-in calls", BUILT_IN_CALLS, seconds, before, after);
        after.assertWithinToleranceOf(before);
    }

    private static void useAndRemove(CatalogEjb.Bean bean) {
        CatalogSession session = bean.newSession();
        try {
            assertThat(session.queryCatalog("items=3").items()).hasSize(3);
        } finally {
            session.remove();
        }
    }

    private static void report(String what, int count, double seconds, Resources before, Resources after) {
        System.out.printf(Locale.ROOT, "[leak] %s: %d %s in %.1f s; threads %d -> %d, fds %d -> %d, heap %.1f -> %.1f MB%n",
                CatalogServersForContainer.orb(), count, what, seconds, before.threads, after.threads, before.fds,
                after.fds, before.heapBytes / 1048576.0, after.heapBytes / 1048576.0);
    }

    /** What a leak would grow: live threads, open file descriptors, heap in use after a full GC. */
    private record Resources(int threads, long fds, long heapBytes) {

        /** This baseline with {@code extra} more file descriptors allowed. */
        Resources allowingFds(int extra) {
            return new Resources(threads, fds + extra, heapBytes);
        }

        static Resources measure() throws IOException, InterruptedException {
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(100);
            }
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                return new Resources(Thread.activeCount(), fds.count(),
                        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            }
        }

        /** Measures again until within tolerance of {@code before}, for up to 15 s: ORB threads end asynchronously. */
        static Resources settled(Resources before) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + 15_000_000_000L;
            Resources now = measure();
            while (!now.isWithinToleranceOf(before) && System.nanoTime() < deadline) {
                Thread.sleep(500);
                now = measure();
            }
            return now;
        }

        boolean isWithinToleranceOf(Resources before) {
            return threads <= before.threads + THREAD_TOLERANCE && fds <= before.fds + FD_TOLERANCE
                    && heapBytes <= before.heapBytes + HEAP_TOLERANCE_BYTES;
        }

        void assertWithinToleranceOf(Resources before) {
            assertThat(threads).as("live threads").isLessThanOrEqualTo(before.threads + THREAD_TOLERANCE);
            assertThat(fds).as("open file descriptors").isLessThanOrEqualTo(before.fds + FD_TOLERANCE);
            assertThat(heapBytes).as("heap after GC").isLessThanOrEqualTo(before.heapBytes + HEAP_TOLERANCE_BYTES);
        }
    }
}
