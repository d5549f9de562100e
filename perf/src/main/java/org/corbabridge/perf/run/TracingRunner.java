package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.TracingResult;
import org.corbabridge.perf.worker.TracingWorker;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;

/**
 * The tracing part: per ORB, the adapter without tracing and metrics, with them but nothing set
 * up, and traced by an OpenTelemetry SDK, at 1 KB and 300 KB; the three modes take turns within
 * every round, in an order rotated from round to round.
 */
public final class TracingRunner {

    private final FeaturePlan plan;
    private final RunContext context;

    public TracingRunner(FeaturePlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    public List<TracingResult> run() {
        List<SizePoint> sizes = FeaturePlan.TRACING_BUDGETS.stream().map(SizePoint::ofBudget).toList();
        List<String> modes = TracingWorker.MODES;
        Map<OrbImplementation, Map<SizePoint, Map<String, double[]>>> medians = new LinkedHashMap<>();
        try (ServerFixture fixture = ServerFixture.start();
                OrbWorkers workers = OrbWorkers.start(context, TracingWorker.class, "tracing", fixture.nameServiceUrl())) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                context.progress().accept("tracing: warming up " + orb.displayName());
                for (String mode : modes) {
                    for (SizePoint size : sizes) {
                        int calls = size.budget() <= 10 * 1024 ? plan.warmupCalls() : Math.max(10, plan.warmupCalls() / 20);
                        workers.request(orb, new Request("warmup", mode, size.query(), calls, size.items()));
                    }
                }
                Map<SizePoint, Map<String, double[]>> bySize = new LinkedHashMap<>();
                sizes.forEach(size -> {
                    Map<String, double[]> byMode = new HashMap<>();
                    modes.forEach(mode -> byMode.put(mode, new double[plan.rounds()]));
                    bySize.put(size, byMode);
                });
                medians.put(orb, bySize);
            }
            RemainingTime remaining = new RemainingTime();
            for (int round = 0; round < plan.rounds(); round++) {
                long roundStarted = System.nanoTime();
                for (OrbImplementation orb : OrbImplementation.values()) {
                    for (SizePoint size : sizes) {
                        for (int m = 0; m < modes.size(); m++) {
                            String mode = modes.get((m + round) % modes.size());
                            Reply reply = workers.request(orb, new Request("measure", mode, size.query(),
                                    plan.tracingCalls(size), size.items()));
                            medians.get(orb).get(size).get(mode)[round] = OrbWorkers.medianMicros(reply.response());
                        }
                    }
                }
                remaining.took("round", System.nanoTime() - roundStarted);
                context.progress().accept(String.format(java.util.Locale.ROOT, "tracing: round %d/%d, %s of the part",
                        round + 1, plan.rounds(), RemainingTime.left(remaining.secondsFor(
                                java.util.Collections.nCopies(plan.rounds() - round - 1, "round")))));
            }
            for (OrbImplementation orb : OrbImplementation.values()) {
                Reply spans = workers.request(orb, new Request(TracingWorker.COUNT_SPANS, "on", null, 0, 0));
                if (spans.setup().getOrDefault(TracingWorker.EXPORTED_SPANS, 0L) == 0) {
                    throw new IllegalStateException("tracing: the traced series on " + orb.displayName()
                            + " exported no spans; it did not measure tracing");
                }
            }
        }
        List<TracingResult> results = new ArrayList<>();
        medians.forEach((orb, bySize) -> bySize.forEach((size, byMode) -> results.add(new TracingResult(orb, size, byMode))));
        return results;
    }
}
