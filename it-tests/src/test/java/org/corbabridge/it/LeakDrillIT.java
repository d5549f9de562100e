package org.corbabridge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.fixture.ProcFs;
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
        Resources after = Resources.settled(before);
        report("external sessions", EXTERNAL_SESSIONS, seconds, before, after);
        after.assertWithinToleranceOf(before);
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
        System.out.printf(Locale.ROOT, "[leak] %s: %d %s in %.1f s; threads %d -> %d, fds %d -> %d (grown: %s), "
                        + "heap %.1f -> %.1f MB%n", CatalogServersForContainer.orb(), count, what, seconds, before.threads,
                after.threads, before.fds, after.fds, after.grownKinds(before), before.heapBytes / 1048576.0,
                after.heapBytes / 1048576.0);
    }

    /** What a leak would grow: live threads, open file descriptors, heap in use after a full GC. */
    private record Resources(int threads, long fds, long heapBytes, Map<String, Long> fdKinds) {

        static Resources measure() throws IOException, InterruptedException {
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(100);
            }
            Map<String, String> socketStates = ProcFs.self().tcpSockets().stream().collect(
                    Collectors.toMap(ProcFs.TcpSocket::inode, ProcFs.TcpSocket::state, (a, b) -> a));
            try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                Map<String, Long> kinds = fds.map(fd -> kind(fd, socketStates)).collect(
                        Collectors.groupingBy(k -> k, TreeMap::new,
                                Collectors.counting()));
                long count = kinds.values().stream().mapToLong(Long::longValue).sum();
                return new Resources(Thread.activeCount(), count,
                        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), kinds);
            }
        }

        /**
         * What a descriptor is open on: "socket" with its TCP state (LISTEN, ESTABLISHED, ...), "pipe",
         * "anon_inode:[eventpoll]", or the file's extension.
         */
        private static String kind(Path fd, Map<String, String> socketStates) {
            try {
                String target = Files.readSymbolicLink(fd).toString();
                if (target.startsWith("socket:[")) {
                    String inode = target.substring("socket:[".length(), target.length() - 1);
                    return "socket " + socketStates.getOrDefault(inode, "other");
                }
                if (target.startsWith("anon_inode:")) {
                    return target;
                }
                int bracket = target.indexOf(":[");
                if (bracket > 0) {
                    return target.substring(0, bracket);
                }
                int dot = target.lastIndexOf('.');
                return dot > target.lastIndexOf('/') ? target.substring(dot) : target;
            } catch (IOException e) {
                return "closed meanwhile";
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

        /** Kinds of descriptor that grew, for the message of a failing check. */
        String grownKinds(Resources before) {
            StringBuilder grown = new StringBuilder();
            fdKinds.forEach((kind, count) -> {
                long was = before.fdKinds.getOrDefault(kind, 0L);
                if (count > was) {
                    grown.append(kind).append(" +").append(count - was).append(' ');
                }
            });
            return grown.toString().trim();
        }

        void assertWithinToleranceOf(Resources before) {
            assertThat(threads).as("live threads").isLessThanOrEqualTo(before.threads + THREAD_TOLERANCE);
            assertThat(fds).as("open file descriptors (grown: %s)", grownKinds(before))
                    .isLessThanOrEqualTo(before.fds + FD_TOLERANCE);
            assertThat(heapBytes).as("heap after GC").isLessThanOrEqualTo(before.heapBytes + HEAP_TOLERANCE_BYTES);
        }
    }
}
