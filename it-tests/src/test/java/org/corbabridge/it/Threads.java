package org.corbabridge.it;

import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;

/** Which threads are alive, and waiting for the ones started since a snapshot to end. */
final class Threads {

    private Threads() {
    }

    static Set<Thread> live() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
    }

    static Set<String> startedSince(Set<Thread> before) {
        Set<Thread> started = live();
        started.removeAll(before);
        return started.stream().map(Thread::getName).collect(Collectors.toSet());
    }

    /** Waits up to {@code wait} for every thread started since {@code before} to end; returns those still alive. */
    static Set<String> stillAliveAfter(Set<Thread> before, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Set<String> started = startedSince(before);
        while (!started.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            started = startedSince(before);
        }
        return started;
    }
}
