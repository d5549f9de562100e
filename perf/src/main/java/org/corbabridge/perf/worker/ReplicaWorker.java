package org.corbabridge.perf.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.ReplicaReply;
import org.corbabridge.perf.worker.WorkerMessages.ReplicaRequest;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.QueryResult;

/**
 * The replicas part's worker, one JVM per ORB: sessions calling {@code queryCatalog} (declared
 * idempotent) over one to three catalog_server replicas, on one client and ORB for all of them or
 * on a client and ORB each, for a timed window; what each replica answered, every call's latency,
 * failures and ejections come back.
 */
public final class ReplicaWorker {

    /** The replicas' policy in the part: a stalled replica costs a call 300 ms, an ejection lasts 1 s. */
    static final ReplicaPolicy POLICY = ReplicaPolicy.builder().ejectFor(Duration.ofSeconds(1))
            .attemptTimeout(Duration.ofMillis(300)).build();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

    private ReplicaWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        FeatureSetup setup = channel.setup(FeatureSetup.class);
        channel.reply(new Reply(true, null, Map.of(), null, null));
        ReplicaRequest request;
        while ((request = channel.next(ReplicaRequest.class)) != null && request.op() != Op.QUIT) {
            try {
                channel.reply(serve(setup, request));
            } catch (Exception e) {
                e.printStackTrace();
                channel.reply(ReplicaReply.failed(request + ": " + e));
            }
        }
        channel.reply(new Reply(true, null, null, null, null));
    }

    private static ReplicaReply serve(FeatureSetup setup, ReplicaRequest request) throws Exception {
        Map<String, LongAdder> spread = new ConcurrentHashMap<>();
        Map<String, List<Long>> ejections = new ConcurrentHashMap<>();
        AtomicBoolean timing = new AtomicBoolean();
        CallObserver observer = new CallObserver() {
            @Override
            public Observation start(String repositoryId, String operation) {
                return new Observation() {
                    private String last;

                    @Override
                    public void replica(String replica) {
                        last = replica;
                    }

                    @Override
                    public void succeeded() {
                        if (timing.get() && last != null) {
                            spread.computeIfAbsent(last, k -> new LongAdder()).increment();
                        }
                    }
                };
            }

            @Override
            public void replicaEjected(String replica, CorbaAdapterException cause) {
                ejections.computeIfAbsent(replica, k -> new CopyOnWriteArrayList<>()).add(System.currentTimeMillis());
            }
        };
        List<String> names = new ArrayList<>();
        for (int r = 1; r <= request.replicas(); r++) {
            names.add("Catalog-" + r);
        }
        AdapterConfig config = AdapterConfig.builder().nameService(setup.nameServiceUrl())
                .replicas(names.toArray(String[]::new)).replicaPolicy(POLICY).idempotent("queryCatalog")
                .orb(setup.orb()).callTimeout(CALL_TIMEOUT).connectTimeout(Duration.ofMillis(500))
                .observers(observer).build();
        List<CorbaClient<CatalogOperations>> clients = new ArrayList<>();
        try {
            for (int s = 0; s < (request.ownOrbs() ? request.sessions() : 1); s++) {
                clients.add(CorbaClient.create(CatalogOperations.class, config));
            }
            Recorder latencies = new Recorder(3);
            LongAdder calls = new LongAdder();
            LongAdder failed = new LongAdder();
            long[] worst = new long[request.sessions()];
            long warmEnd = System.nanoTime() + request.warmupMillis() * 1_000_000;
            long end = warmEnd + request.windowMillis() * 1_000_000;
            List<Thread> sessions = new ArrayList<>();
            for (int s = 0; s < request.sessions(); s++) {
                CatalogOperations catalog = clients.get(request.ownOrbs() ? s : 0).proxy();
                int session = s;
                Thread thread = new Thread(() -> {
                    long now;
                    while ((now = System.nanoTime()) < end) {
                        boolean timed = now >= warmEnd;
                        timing.compareAndSet(false, timed);
                        try {
                            QueryResult result = catalog.queryCatalog(request.query());
                            long took = System.nanoTime() - now;
                            if (result.items.length != request.expectItems()) {
                                throw new IllegalStateException(result.items.length + " items, not "
                                        + request.expectItems());
                            }
                            if (timed) {
                                latencies.recordValue(took);
                                calls.increment();
                                worst[session] = Math.max(worst[session], took);
                            }
                        } catch (CorbaAdapterException e) {
                            if (timed) {
                                failed.increment();
                                worst[session] = Math.max(worst[session], System.nanoTime() - now);
                            }
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }, "replica-session-" + s);
                sessions.add(thread);
                thread.start();
            }
            for (Thread thread : sessions) {
                thread.join();
            }
            var histogram = latencies.getIntervalHistogram();
            Map<String, Long> answered = new TreeMap<>();
            spread.forEach((replica, count) -> answered.put(replica, count.sum()));
            long worstNanos = 0;
            for (long w : worst) {
                worstNanos = Math.max(worstNanos, w);
            }
            return new ReplicaReply(true, null, calls.sum(), failed.sum(), histogram.getValueAtPercentile(50),
                    histogram.getValueAtPercentile(99), worstNanos, answered, new TreeMap<>(ejections));
        } finally {
            clients.forEach(CorbaClient::close);
        }
    }
}
