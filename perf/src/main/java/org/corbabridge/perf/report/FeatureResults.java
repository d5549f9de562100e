package org.corbabridge.perf.report;

import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.FeaturePlan;

/** The tracing and asynchronous-call parts; each list empty when its part did not run. */
public record FeatureResults(FeaturePlan plan, List<TracingResult> tracing, List<InFlightResult> inFlight) {

    public static FeatureResults none() {
        return new FeatureResults(null, List.of(), List.of());
    }

    public FeatureResults withTracing(FeaturePlan plan, List<TracingResult> tracing) {
        return new FeatureResults(plan, tracing, inFlight);
    }

    public FeatureResults withInFlight(FeaturePlan plan, List<InFlightResult> inFlight) {
        return new FeatureResults(plan, tracing, inFlight);
    }

    public Optional<InFlightResult> inFlight(OrbImplementation orb, int count, String style) {
        return inFlight.stream().filter(r -> r.orb() == orb && r.inFlight() == count && r.style().equals(style))
                .findFirst();
    }
}
