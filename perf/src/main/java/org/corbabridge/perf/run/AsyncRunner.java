package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.InFlightResult;
import org.corbabridge.perf.worker.AsyncWorker;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.InFlightRequest;
import org.corbabridge.perf.worker.WorkerMessages.Style;

/**
 * The asynchronous-call part: per ORB, one session with 1, 8 and 64 calls of 1 KB in flight,
 * blocking calls from that many threads against asynchronous calls kept in flight by one; every
 * series in every round, in an order rotated from round to round.
 */
public final class AsyncRunner {

    private final FeaturePlan plan;
    private final RunContext context;

    public AsyncRunner(FeaturePlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    /** One series: an ORB, how many in flight, sync or async. */
    private record Key(OrbImplementation orb, int inFlight, Style style) {
        InFlightRequest request(Op op, SizePoint size, int calls) {
            return new InFlightRequest(op, style, inFlight, size.query(), calls, size.items());
        }
    }

    /** A series' throughput per round and every call's latency. */
    private static final class Samples {
        final double[] throughputs;
        final Histogram latencyMicros = new Histogram(3);

        Samples(int rounds) {
            throughputs = new double[rounds];
        }
    }

    public List<InFlightResult> run() {
        SizePoint size = SizePoint.ofBudget(FeaturePlan.IN_FLIGHT_BUDGET);
        Map<Key, Samples> samples = new LinkedHashMap<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (int inFlight : FeaturePlan.IN_FLIGHT) {
                for (Style style : Style.values()) {
                    samples.put(new Key(orb, inFlight, style), new Samples(plan.rounds()));
                }
            }
        }
        List<Key> keys = new ArrayList<>(samples.keySet());
        try (ServerFixture fixture = ServerFixture.start();
                OrbWorkers workers = OrbWorkers.start(context, AsyncWorker.class, "async", fixture.nameServiceUrl())) {
            for (Key key : keys) {
                context.progress().accept("async: warming up " + key.orb().displayName() + " " + key.style().label()
                        + " " + key.inFlight());
                workers.request(key.orb(), key.request(Op.WARMUP, size,
                        Math.max(plan.warmupCalls(), plan.inFlightCalls(key.inFlight()))));
            }
            RemainingTime remaining = new RemainingTime();
            for (int round = 0; round < plan.rounds(); round++) {
                long roundStarted = System.nanoTime();
                for (int k = 0; k < keys.size(); k++) {
                    Key key = keys.get((k + round) % keys.size());
                    int calls = plan.inFlightCalls(key.inFlight());
                    Reply reply = workers.request(key.orb(), key.request(Op.MEASURE, size, calls));
                    Samples series = samples.get(key);
                    series.throughputs[round] = calls / (reply.server()[0] / 1e9);
                    for (long nanos : reply.response()) {
                        series.latencyMicros.recordValue(Math.max(1, nanos / 1000));
                    }
                }
                remaining.took("round", System.nanoTime() - roundStarted);
                context.progress().accept(String.format(Locale.ROOT, "async: round %d/%d, %s of the part",
                        round + 1, plan.rounds(), RemainingTime.left(remaining.secondsFor(
                                Collections.nCopies(plan.rounds() - round - 1, "round")))));
            }
        }
        List<InFlightResult> results = new ArrayList<>();
        samples.forEach((key, series) -> results.add(new InFlightResult(key.orb(), key.inFlight(), key.style().label(),
                series.throughputs, series.latencyMicros.getValueAtPercentile(50),
                series.latencyMicros.getValueAtPercentile(99))));
        return results;
    }
}
