package org.corbabridge.perf.report;

import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.FeaturePlan;

/** The tracing, ORB settings and asynchronous-call parts; each list empty when its part did not run. */
public record FeatureResults(FeaturePlan plan, List<VariantResult> tracing, List<VariantResult> settings,
        List<InFlightResult> inFlight) {

    public static FeatureResults none() {
        return new FeatureResults(null, List.of(), List.of(), List.of());
    }

    public FeatureResults withTracing(FeaturePlan plan, List<VariantResult> tracing) {
        return new FeatureResults(plan, tracing, settings, inFlight);
    }

    public FeatureResults withSettings(FeaturePlan plan, List<VariantResult> settings) {
        return new FeatureResults(plan, tracing, settings, inFlight);
    }

    public FeatureResults withInFlight(FeaturePlan plan, List<InFlightResult> inFlight) {
        return new FeatureResults(plan, tracing, settings, inFlight);
    }

    public Optional<InFlightResult> inFlight(OrbImplementation orb, int count, String style) {
        return inFlight.stream().filter(r -> r.orb() == orb && r.inFlight() == count && r.style().equals(style))
                .findFirst();
    }
}
