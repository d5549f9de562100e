package org.corbabridge.perf.report;

import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.CallbackPlan;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.run.ReplicaPlan;

/**
 * The tracing, ORB settings, asynchronous-call, replicas and call-back parts; each list empty when
 * its part did not run.
 *
 * @param replicaPlan the replicas part's plan, null when it did not run
 * @param replicasLeftOut why the replicas part measured nothing (no network namespaces here), or null
 * @param callbackPlan the call-back part's plan, null when it did not run
 * @param callbacks every listener (per ORB typed and dynamic, and the native floor) at every photo size
 */
public record FeatureResults(FeaturePlan plan, List<VariantResult> tracing, List<VariantResult> settings,
        List<InFlightResult> inFlight, ReplicaPlan replicaPlan, List<ReplicaResult> replicas,
        List<PulledLinkResult> pulledLinks, String replicasLeftOut, CallbackPlan callbackPlan,
        List<CallbackResult> callbacks) {

    public static FeatureResults none() {
        return new FeatureResults(null, List.of(), List.of(), List.of(), null, List.of(), List.of(), null, null,
                List.of());
    }

    public FeatureResults withCallbacks(CallbackPlan callbackPlan, List<CallbackResult> callbacks) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut, callbackPlan, callbacks);
    }

    /** A Java listener ({@code typed}, {@code dynamic}) on {@code orb} at {@code photoBytes}, if measured. */
    public Optional<CallbackResult> callback(OrbImplementation orb, String servant, int photoBytes) {
        return callbacks.stream().filter(r -> r.orb() == orb && r.servant().equals(servant)
                && r.photoBytes() == photoBytes).findFirst();
    }

    /** The native floor at {@code photoBytes}, if measured. */
    public Optional<CallbackResult> callbackFloor(int photoBytes) {
        return callbacks.stream().filter(r -> r.isNative() && r.photoBytes() == photoBytes).findFirst();
    }

    /** The photo sizes the call-back part measured, smallest first. */
    public List<Integer> callbackSizes() {
        return callbacks.stream().map(CallbackResult::photoBytes).distinct().sorted().toList();
    }

    /**
     * A Java listener over the native floor at the same size, round by round (both measured in every
     * round): empty where either is missing or failed.
     */
    public Optional<Estimate> callbackOverNative(CallbackResult java) {
        return java.failed() ? Optional.empty()
                : callbackFloor(java.photoBytes()).filter(f -> !f.failed()).map(java::over);
    }

    public FeatureResults withTracing(FeaturePlan plan, List<VariantResult> tracing) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut, callbackPlan, callbacks);
    }

    public FeatureResults withSettings(FeaturePlan plan, List<VariantResult> settings) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut, callbackPlan, callbacks);
    }

    public FeatureResults withInFlight(FeaturePlan plan, List<InFlightResult> inFlight) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut, callbackPlan, callbacks);
    }

    public FeatureResults withReplicas(ReplicaPlan replicaPlan, List<ReplicaResult> replicas,
            List<PulledLinkResult> pulledLinks, String replicasLeftOut) {
        return new FeatureResults(plan, tracing, settings, inFlight, replicaPlan, replicas, pulledLinks,
                replicasLeftOut, callbackPlan, callbacks);
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
