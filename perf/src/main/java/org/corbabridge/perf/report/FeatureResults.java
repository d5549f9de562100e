package org.corbabridge.perf.report;

import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.ReplicaPlan;

/**
 * The tracing, ORB settings, asynchronous-call and replicas parts; each list empty when its part
 * did not run.
 *
 * @param replicaPlan the replicas part's plan, null when it did not run
 * @param replicasLeftOut why the replicas part measured nothing (no network namespaces here), or null
 */
public record FeatureResults(FeaturePlan plan, List<VariantResult> tracing, List<VariantResult> settings,
        List<InFlightResult> inFlight, ReplicaPlan replicaPlan, List<ReplicaResult> replicas,
        List<PulledLinkResult> pulledLinks, String replicasLeftOut) {

    public static FeatureResults none() {
        return new FeatureResults(null, List.of(), List.of(), List.of(), null, List.of(), List.of(), null);
    }

    public FeatureResults withTracing(FeaturePlan plan, List<VariantResult> tracing) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut);
    }

    public FeatureResults withSettings(FeaturePlan plan, List<VariantResult> settings) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut);
    }

    public FeatureResults withInFlight(FeaturePlan plan, List<InFlightResult> inFlight) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut);
    }

    public FeatureResults withReplicas(ReplicaPlan replicaPlan, List<ReplicaResult> replicas,
            List<PulledLinkResult> pulledLinks, String replicasLeftOut) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut);
    }

    public Optional<InFlightResult> inFlight(OrbImplementation orb, int count, String style) {
        return inFlight.stream().filter(r -> r.orb() == orb && r.inFlight() == count && r.style().equals(style))
                .findFirst();
    }

    public Optional<ReplicaResult> replicas(OrbImplementation orb, int count, String orbMode) {
        return replicas.stream().filter(r -> r.orb() == orb && r.replicas() == count && r.orbMode().equals(orbMode))
                .findFirst();
    }
}
