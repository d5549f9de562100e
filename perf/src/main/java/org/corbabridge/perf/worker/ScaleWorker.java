package org.corbabridge.perf.worker;

import jakarta.ejb.embeddable.EJBContainer;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import javax.naming.NamingException;
import org.HdrHistogram.Histogram;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.ejb.ResourceOverrides;
import org.corbabridge.fixture.ProcFs;
import org.corbabridge.perf.worker.ScaleMessages.Ready;
import org.corbabridge.perf.worker.ScaleMessages.Setup;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.ScaleMessages.StepRequest;
import org.corbabridge.perf.worker.WorkerMessages.Op;

/**
 * The session-scaling side of the study in a JVM of its own: the built EJB jar in embedded
 * OpenEJB, and a growing number of stateful sessions of one bean (static invocation, built-in
 * or external ORB) calling the Catalog with a think time between calls. Answers one step
 * request at a time with what the step measured in this JVM.
 * Its set-up ({@link Setup}) is the first line it reads.
 */
public final class ScaleWorker {

    private ScaleWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        Setup setup = channel.setup(Setup.class);
        OrbMode orbMode = OrbMode.fromConfig(setup.orbMode());
        AdapterConfig config = WorkerChannel.adapterConfig(setup.orb(), setup.nameServiceUrl(), setup.catalogName(),
                Duration.ofSeconds(10), Duration.ofSeconds(3));
        int serverPort = setup.serverPort();
        ProcFs server = ProcFs.of(setup.serverPid());
        String bean = "java:global/catalog-ejb/CatalogSession" + (orbMode == OrbMode.EXTERNAL ? "External" : "")
                + "!" + CatalogSession.class.getName();

        Map<String, Object> properties = new HashMap<>(ResourceOverrides.of(config));
        properties.put(EJBContainer.MODULES, new File(setup.ejbJar()));
        EJBContainer container;
        long started = System.nanoTime();
        try {
            container = EJBContainer.createEJBContainer(properties);
        } catch (RuntimeException e) {
            e.printStackTrace();
            channel.reply(new Ready(false, "container: " + e, 0));
            return;
        }
        channel.reply(new Ready(true, null, (System.nanoTime() - started) / 1_000_000));

        SessionLoad load = new SessionLoad(() -> lookup(container, bean), setup.query(), setup.items(),
                Duration.ofMillis(setup.thinkMillis()));
        try {
            StepRequest request;
            while ((request = channel.next(StepRequest.class)) != null && request.op() != Op.QUIT) {
                channel.reply(request.op() == Op.WARMUP
                        ? warmUp(() -> lookup(container, bean), setup.query(), request)
                        : step(load, request, serverPort, server));
            }
        } finally {
            int left = load.stop(Duration.ofSeconds(60));
            if (left > 0) {
                System.err.println("scale worker: " + left + " sessions not removed in time");
            }
            container.close();
        }
        channel.reply(new Ready(true, null, 0));
    }

    private static StepReply step(SessionLoad load, StepRequest request, int serverPort, ProcFs server) {
        ProcFs self = ProcFs.self();
        long growStarted = System.nanoTime();
        String growError = null;
        try {
            load.growTo(request.sessions(), growStarted + request.growMillis() * 1_000_000);
            if (load.sessions() < request.sessions()) {
                growError = "only " + load.sessions() + " sessions created within " + request.growMillis() + " ms";
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            e.printStackTrace();
            growError = "session " + (load.sessions() + 1) + ": " + e;
        }
        long growMillis = (System.nanoTime() - growStarted) / 1_000_000;
        try {
            Thread.sleep(request.rampMillis());
            load.reset();
            long cpuBefore = self.cpuNanos();
            long serverCpuBefore = server.cpuNanos();
            long windowStarted = System.nanoTime();
            Thread.sleep(request.windowMillis());
            SessionLoad.Window window = load.window();
            double seconds = (System.nanoTime() - windowStarted) / 1e9;
            double cpuPercent = (self.cpuNanos() - cpuBefore) / 1e9 / seconds * 100;
            double serverCpuPercent = (server.cpuNanos() - serverCpuBefore) / 1e9 / seconds * 100;
            int threads = ManagementFactory.getThreadMXBean().getThreadCount();
            long resident = self.residentBytes();
            int connections = self.establishedConnections(serverPort);
            int openFiles = self.openFiles();
            long heap = heapAfterGc();
            HeapHistogram histogram = HeapHistogram.take();
            Histogram h = window.responses();
            Histogram hiccups = window.hiccups();
            long calls = h.getTotalCount();
            return new StepReply(true, null, load.sessions(), growError, growMillis, seconds, calls, window.failures(),
                    micros(h.getValueAtPercentile(50)), micros(h.getValueAtPercentile(90)),
                    micros(h.getValueAtPercentile(99)), micros(h.getMaxValue()),
                    calls == 0 ? 0 : window.serviceNanos() / 1000.0 / calls, cpuPercent, heap, histogram.totalBytes(),
                    resident, threads,
                    connections, openFiles, serverCpuPercent, server.residentBytes(), server.threads(),
                    server.establishedConnections(serverPort), micros(hiccups.getValueAtPercentile(99)),
                    micros(hiccups.getMaxValue()), List.of(), histogram.counts());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return StepReply.failed("interrupted");
        } catch (RuntimeException | OutOfMemoryError e) {
            e.printStackTrace();
            return StepReply.failed("step " + request.sessions() + ": " + e);
        }
    }

    /**
     * Calls back to back from {@code request.sessions()} sessions of their own, for
     * {@code request.windowMillis()}, then removes them: the JIT compiles the call path before the
     * first step, whose few calls a second would otherwise all run cold.
     */
    private static StepReply warmUp(Supplier<CatalogSession> newSession, String query,
            StepRequest request) {
        long deadline = System.nanoTime() + request.windowMillis() * 1_000_000;
        LongAdder calls = new LongAdder();
        List<Thread> threads = new ArrayList<>();
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < request.sessions(); i++) {
            Thread thread = new Thread(() -> {
                CatalogSession session = newSession.get();
                try {
                    while (System.nanoTime() < deadline) {
                        session.queryCatalog(query);
                        calls.increment();
                    }
                } catch (RuntimeException e) {
                    errors.add(e.toString());
                } finally {
                    session.remove();
                }
            }, "warm-up-" + i);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            try {
                thread.join(request.windowMillis() + 30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return StepReply.failed("warm-up interrupted");
            }
        }
        if (!errors.isEmpty()) {
            return StepReply.failed("warm-up: " + errors.get(0));
        }
        return new StepReply(true, null, request.sessions(), null, 0, request.windowMillis() / 1000.0, calls.sum(),
                Map.of(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of());
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 2; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }

    private static CatalogSession lookup(EJBContainer container, String name) {
        try {
            return (CatalogSession) container.getContext().lookup(name);
        } catch (NamingException e) {
            throw new IllegalStateException("no session bean at " + name, e);
        }
    }
}
