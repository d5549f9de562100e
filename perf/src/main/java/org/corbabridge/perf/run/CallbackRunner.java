package org.corbabridge.perf.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.Host;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.CallbackResult;
import org.corbabridge.perf.worker.CallbackWorker;
import org.corbabridge.perf.worker.WorkerMessages.CallbackRequest;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * The call-back part: one name service and one C++ warehouse_server; per ORB a worker JVM with
 * only that ORB's jars whose client exports a typed listener and a dynamic one
 * ({@link CallbackWorker}); and the native floor, callback_floor, an omniORB listener in a process
 * of its own. Each batch is one {@code timeCallbacks}: the server calls the listener back so many
 * times one after another and returns each call back's duration as it timed it, so every series is
 * timed by the same clock in the same process, and the Java series measure the serving side alone
 * (reading the request, the servant, writing the reply, the network), nothing of the client's call.
 * Round after round every series measures every size, in an order rotated each round, so that the
 * machine's drift spreads over all of them and the ratios can be taken round by round.
 */
public final class CallbackRunner {

    /**
     * The server's bound on each call back: far above a 1 MB call back on a cold JIT (tens of ms),
     * so that only a listener that is really stuck fails a batch.
     */
    private static final Duration CALLBACK_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration REQUEST_LIMIT = Duration.ofMinutes(3);

    private final CallbackPlan plan;
    private final RunContext context;

    public CallbackRunner(CallbackPlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    /** One series: a Java listener (an ORB and a servant kind) or the native floor (no ORB). */
    record Key(OrbImplementation orb, String servant) {
        static Key nativeFloor() {
            return new Key(null, CallbackResult.NATIVE);
        }

        boolean isNative() {
            return orb == null;
        }

        String label() {
            return isNative() ? "C++ omniORB" : orb.displayName() + " " + servant;
        }
    }

    /** One batch of the measuring order: a series at a photo size in a round. */
    record Batch<K>(int round, K series, int photoBytes) {
    }

    /** Every series of the part: per ORB the typed listener, then the dynamic one; the native floor last. */
    static List<Key> series() {
        List<Key> keys = new ArrayList<>();
        for (String servant : CallbackWorker.SERVANTS) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                keys.add(new Key(orb, servant));
            }
        }
        keys.add(Key.nativeFloor());
        return keys;
    }

    /**
     * The measuring order: round after round, every series at every size, the series rotated by
     * one each round and the sizes within a series too, so that no series is always first after the
     * floor's fresh process nor always at the end of a round.
     */
    static <K> List<Batch<K>> order(List<K> series, List<Integer> sizes, int rounds) {
        List<Batch<K>> order = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (int s = 0; s < series.size(); s++) {
                K next = series.get((s + round) % series.size());
                for (int z = 0; z < sizes.size(); z++) {
                    order.add(new Batch<>(round, next, sizes.get((z + round) % sizes.size())));
                }
            }
        }
        return order;
    }

    public List<CallbackResult> run() {
        List<Key> keys = series();
        Map<Point, String> failures = new LinkedHashMap<>();
        Map<Key, Map<Integer, PointAccumulator>> timings = new LinkedHashMap<>();
        keys.forEach(key -> {
            Map<Integer, PointAccumulator> bySize = new LinkedHashMap<>();
            plan.photoBytes().forEach(photo -> bySize.put(photo, new PointAccumulator()));
            timings.put(key, bySize);
        });
        try (ServerFixture fixture = ServerFixture.start(ServerConfig.warehouse().toBuilder()
                .callbackTimeout(CALLBACK_TIMEOUT).build());
                OrbWorkers workers = OrbWorkers.start(context, CallbackWorker.class, "callbacks",
                        fixture.nameServiceUrl())) {
            context.progress().accept("callbacks: name service " + fixture.nameServiceUrl() + ", warehouse_server pid "
                    + fixture.server().pid());
            NativeFloors floors = new NativeFloors(fixture.nameServiceUrl(), Host.LOOPBACK,
                    context.logDir().resolve("callback-floor.log"));
            failures.putAll(warmUp(workers, keys));
            List<Batch<Key>> order = order(keys, plan.photoBytes(), plan.rounds()).stream()
                    .filter(b -> !failures.containsKey(new Point(b.series(), b.photoBytes()))).toList();
            RemainingTime remaining = new RemainingTime();
            for (int done = 0; done < order.size(); done++) {
                Batch<Key> batch = order.get(done);
                int calls = plan.callsPerBatch(batch.photoBytes());
                long started = System.nanoTime();
                long[] nanos = measure(workers, floors, batch.series(), batch.photoBytes(), calls);
                remaining.took(List.of(batch.series(), batch.photoBytes()), System.nanoTime() - started);
                timings.get(batch.series()).get(batch.photoBytes()).addBatch(nanos, new long[nanos.length]);
                boolean endOfRound = done + 1 == order.size() || order.get(done + 1).round() != batch.round();
                if (endOfRound) {
                    List<Object> ahead = order.subList(done + 1, order.size()).stream()
                            .map(b -> (Object) List.of(b.series(), b.photoBytes())).toList();
                    context.progress().accept(String.format(Locale.ROOT, "callbacks: round %d/%d, %s of the part",
                            batch.round() + 1, plan.rounds(), RemainingTime.left(remaining.secondsFor(ahead))));
                }
            }
        }
        List<CallbackResult> results = new ArrayList<>();
        timings.forEach((key, bySize) -> bySize.forEach((photo, samples) -> {
            String failure = failures.get(new Point(key, photo));
            results.add(failure != null ? CallbackResult.failed(key.orb(), key.servant(), photo, failure)
                    : samples.callbackResult(key.orb(), key.servant(), photo));
        }));
        return results;
    }

    /** A series at a photo size. */
    record Point(Key series, int photoBytes) {
    }

    /**
     * Every Java listener warmed up before any timing: many call backs of an empty photo (what
     * makes the JIT compile the serving path is how many calls pass through it), then a few at every
     * size. The floor warms up in each of its processes ({@link CallbackPlan#nativeWarmup}).
     *
     * <p>A listener that cannot be called back at a size with the adapter's defaults (the Eclipse
     * ORB's acceptor refuses a request beyond its read buffer threshold) is left out of the rounds
     * at that size, and the report says why, as the settings part does with a setting that fails:
     * that it fails is the finding.
     *
     * @return the points that failed, and their error
     */
    private Map<Point, String> warmUp(OrbWorkers workers, List<Key> keys) {
        Map<Point, String> failed = new LinkedHashMap<>();
        for (Key key : keys) {
            if (key.isNative()) {
                continue;
            }
            context.progress().accept("callbacks: warming up " + key.label());
            for (int photo : plan.photoBytes()) {
                int calls = plan.warmupCallsAt(photo);
                Reply reply = workers.request(key.orb(), new CallbackRequest(Op.WARMUP, key.servant(), calls, photo),
                        Reply.class, REQUEST_LIMIT);
                if (!reply.ok()) {
                    // the ORB says why only in its own log (the Eclipse ORB's acceptor: a WARNING with the threshold)
                    String error = reply.error() + " (the ORB's own log: worker-callbacks-"
                            + key.orb().name().toLowerCase(Locale.ROOT) + ".log)";
                    failed.put(new Point(key, photo), error);
                    context.progress().accept("callbacks: " + key.label() + " at " + CallbackPlan.label(photo)
                            + " fails, left out: " + error);
                } else {
                    checked(key, reply, calls, "warm-up");
                }
            }
        }
        return failed;
    }

    private long[] measure(OrbWorkers workers, NativeFloors floors, Key key, int photo, int calls) {
        if (key.isNative()) {
            long[] nanos = floors.callbacks(CallbackWorker.WAREHOUSE, photo, calls, plan.nativeWarmup(photo));
            if (nanos.length != calls) {
                throw new IllegalStateException("callback_floor printed " + nanos.length + " call backs, not " + calls);
            }
            return nanos;
        }
        CallbackRequest request = new CallbackRequest(Op.MEASURE, key.servant(), calls, photo);
        return checked(key, workers.request(key.orb(), request, Reply.class, REQUEST_LIMIT), calls, request.toString());
    }

    /** The server's durations of one batch, which must be ok and hold one per call back asked for. */
    private static long[] checked(Key key, Reply reply, int calls, String what) {
        if (!reply.ok()) {
            throw new IllegalStateException(key.label() + " " + what + ": " + reply.error());
        }
        if (reply.response() == null || reply.response().length != calls) {
            throw new IllegalStateException(key.label() + " " + what + ": " + (reply.response() == null ? 0
                    : reply.response().length) + " durations, not " + calls);
        }
        return reply.response();
    }
}
