package org.corbabridge.perf.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.TestNetwork;
import org.corbabridge.perf.report.PulledLinkResult;
import org.corbabridge.perf.report.ReplicaResult;
import org.corbabridge.perf.worker.ReplicaWorker;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.ReplicaReply;
import org.corbabridge.perf.worker.WorkerMessages.ReplicaRequest;

/**
 * The replicas part, on a network of namespaces (a bridge and veth pairs, as the drills use):
 * omniNames and three catalog_server replicas each in a namespace of its own, one worker JVM per
 * ORB. Per ORB, 1, 2 and 3 replicas, sessions sharing one ORB or each with its own, round after
 * round in a rotated order; then one replica's cable pulled under load. Needs root for the
 * namespaces; without, the part says why and measures nothing.
 */
public final class ReplicaRunner {

    /** The part's results, or why it measured nothing. */
    public record Results(List<ReplicaResult> replicas, List<PulledLinkResult> pulledLinks, String skipped) {
    }

    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(2);
    private static final long REPLY_BUDGET = 1024;
    /** When, into the timed window, the cable is pulled; the window goes on 1.5 s after it. */
    private static final long PULL_AFTER_MILLIS = 500;

    private final ReplicaPlan plan;
    private final RunContext context;

    public ReplicaRunner(ReplicaPlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    public Results run() {
        String unavailable = TestNetwork.unavailableBecause();
        if (unavailable != null) {
            context.progress().accept("replicas: left out, " + unavailable);
            return new Results(List.of(), List.of(), unavailable);
        }
        SizePoint size = SizePoint.ofBudget(REPLY_BUDGET);
        try (TestNetwork network = TestNetwork.create();
                ServerFixture fixture = ServerFixture.startNameServiceOnly(network.addHost("naming"))) {
            List<TestNetwork.NamespaceHost> hosts = new ArrayList<>();
            List<ServerProcess> servers = new ArrayList<>();
            for (int r = 1; r <= 3; r++) {
                TestNetwork.NamespaceHost host = network.addHost("replica-" + r);
                hosts.add(host);
                servers.add(fixture.startServer(ServerConfig.builder().name("Catalog-" + r).build(), host));
            }
            try (OrbWorkers workers = OrbWorkers.start(context, ReplicaWorker.class, "replicas",
                    fixture.nameServiceUrl())) {
                return new Results(measure(workers, size), pulledLinks(workers, hosts.get(1), servers.get(1), size),
                        null);
            }
        }
    }

    /** One series: an ORB, how many replicas, one ORB for the sessions or one each. */
    private record Key(OrbImplementation orb, int replicas, boolean ownOrbs) {
        String mode() {
            return ownOrbs ? "external" : "built-in";
        }
    }

    private List<ReplicaResult> measure(OrbWorkers workers, SizePoint size) {
        List<Key> keys = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (int replicas : plan.counts()) {
                for (boolean ownOrbs : plan.orbModes()) {
                    keys.add(new Key(orb, replicas, ownOrbs));
                }
            }
        }
        Map<Key, double[]> throughputs = new LinkedHashMap<>();
        Map<Key, long[]> latencies = new LinkedHashMap<>();
        Map<Key, Map<String, Long>> spreads = new LinkedHashMap<>();
        keys.forEach(key -> {
            throughputs.put(key, new double[plan.rounds()]);
            latencies.put(key, new long[2]);
            spreads.put(key, new TreeMap<>());
        });
        for (int round = 0; round < plan.rounds(); round++) {
            for (int k = 0; k < keys.size(); k++) {
                Key key = keys.get((k + round) % keys.size());
                ReplicaReply reply = ask(workers, key.orb(), new ReplicaRequest(Op.MEASURE, key.replicas(),
                        key.ownOrbs(), plan.sessions(), plan.warmupMillis(), plan.windowMillis(), size.query(),
                        size.items()));
                throughputs.get(key)[round] = reply.calls() / (plan.windowMillis() / 1000.0);
                long[] worst = latencies.get(key);
                // the rounds' medians and 99th percentiles, their highest kept: the table's is the round that did worst
                worst[0] = Math.max(worst[0], reply.p50Nanos());
                worst[1] = Math.max(worst[1], reply.p99Nanos());
                reply.spread().forEach((replica, calls) -> spreads.get(key).merge(replica, calls, Long::sum));
                context.progress().accept(String.format(Locale.ROOT, "replicas: round %d/%d %s %d %s: %.0f calls/s",
                        round + 1, plan.rounds(), key.orb().displayName(), key.replicas(), key.mode(),
                        throughputs.get(key)[round]));
            }
        }
        List<ReplicaResult> results = new ArrayList<>();
        for (Key key : keys) {
            results.add(new ReplicaResult(key.orb(), key.replicas(), key.mode(), plan.sessions(), throughputs.get(key),
                    latencies.get(key)[0] / 1000.0, latencies.get(key)[1] / 1000.0, spreads.get(key)));
        }
        return results;
    }

    /**
     * Per ORB, three replicas under load from sessions sharing one ORB; half a second into the
     * window the second replica's cable is pulled, and plugged back in after it.
     */
    private List<PulledLinkResult> pulledLinks(OrbWorkers workers, TestNetwork.NamespaceHost pulled,
            ServerProcess server, SizePoint size) {
        List<PulledLinkResult> results = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            long[] pulledAt = {-1};
            Thread puller = new Thread(() -> {
                try {
                    Thread.sleep(plan.warmupMillis() + PULL_AFTER_MILLIS);
                    pulledAt[0] = System.currentTimeMillis();
                    pulled.linkDown();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "pull-link");
            puller.start();
            ReplicaReply reply;
            try {
                reply = ask(workers, orb, new ReplicaRequest(Op.MEASURE, 3, false, plan.sessions(), plan.warmupMillis(),
                        Math.max(PULL_AFTER_MILLIS + 1500, plan.windowMillis()), size.query(), size.items()));
            } finally {
                try {
                    puller.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                pulled.linkUp();
                awaitReachable(pulled, server);
            }
            // its first ejection after the pull (one during the warm-up, on a fresh connection, says nothing of it)
            long ejected = reply.ejections().entrySet().stream().filter(e -> e.getKey().contains("'Catalog-2'"))
                    .flatMap(e -> e.getValue().stream()).filter(at -> pulledAt[0] >= 0 && at >= pulledAt[0])
                    .mapToLong(Long::longValue).min().orElse(-1);
            PulledLinkResult result = new PulledLinkResult(orb, ejected < 0 ? -1 : ejected - pulledAt[0],
                    reply.calls(), reply.failed(), reply.worstNanos() / 1_000_000);
            context.progress().accept("replicas: pulled link on " + orb.displayName() + ": " + result);
            results.add(result);
        }
        return results;
    }

    /**
     * Waits, at most 10 s, until a connection to the server whose cable was plugged back in is
     * accepted: the bridge learns the port again and the neighbour entries recover in a second or
     * two, and the next ORB's series must start with every replica reachable.
     */
    private static void awaitReachable(TestNetwork.NamespaceHost host, ServerProcess server) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < giveUp) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host.address(), server.port()), 200);
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static ReplicaReply ask(OrbWorkers workers, OrbImplementation orb, ReplicaRequest request) {
        ReplicaReply reply = workers.request(orb, request, ReplicaReply.class, REQUEST_LIMIT);
        if (!reply.ok()) {
            throw new IllegalStateException(orb.displayName() + " " + request + ": " + reply.error());
        }
        return reply;
    }
}
