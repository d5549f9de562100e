package org.corbabridge.perf.run;

import java.util.List;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.report.VariantResult;
import org.corbabridge.perf.worker.TracingWorker;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;

/**
 * The tracing part: per ORB, the adapter without tracing and metrics, with them but nothing set
 * up, and traced by an OpenTelemetry SDK, at 1 KB and 300 KB; the three modes take turns within
 * every round, in an order rotated from round to round.
 */
public final class TracingRunner {

    private final VariantRunner runner;

    public TracingRunner(FeaturePlan plan, RunContext context) {
        this.runner = new VariantRunner(plan, context);
    }

    public List<VariantResult> run() {
        return runner.run("tracing", FeaturePlan.VARIANT_BUDGETS, TracingWorker.class, orb -> TracingWorker.MODES, 1, workers -> {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Reply spans = workers.request(orb, new VariantRequest(Op.COUNT_SPANS, "on", null, 0, 0));
                if (spans.setup().getOrDefault(TracingWorker.EXPORTED_SPANS, 0L) == 0) {
                    throw new IllegalStateException("tracing: the traced series on " + orb.displayName()
                            + " exported no spans; it did not measure tracing");
                }
            }
        });
    }
}
