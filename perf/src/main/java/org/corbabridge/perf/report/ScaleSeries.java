package org.corbabridge.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.ScaleMessages.ClassGrowth;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;

/**
 * One configuration of the scaling part, step by step: an ORB, built-in or external mode, a
 * payload, the C++ server's threading model.
 *
 * @param bootMillis the worker's container boot and deploy
 * @param stopReason why stepping ended: "all steps", "time bound", or the failure
 */
public record ScaleSeries(OrbImplementation orb, OrbMode orbMode, SizePoint payload, ServerModel serverModel,
        long bootMillis, List<StepReply> steps, String stopReason) {

    /** Share of failed calls from which a step counts as failed. */
    public static final double FAILURE_SHARE = 0.001;
    /** A p99 this many times the low-load p99 is a bend. */
    public static final double KNEE_FACTOR = 2.0;

    public String orbName() {
        return orb.displayName();
    }

    public String modeName() {
        return orbMode == OrbMode.BUILT_IN ? "built-in" : "external";
    }

    /** "JacORB built-in 1 KB", with the server model when it is not the default. */
    public String label() {
        return orbName() + " " + modeName() + " " + payload.label()
                + (serverModel == ServerModel.THREAD_PER_CONNECTION ? "" : ", server " + serverModel.label());
    }

    /** Steps that ran and did not fail: the ones a curve or slope may use. */
    public List<StepReply> healthySteps() {
        return steps.stream().filter(step -> step.ok() && !failed(step)).toList();
    }

    /** Whether a step broke, could not create its sessions, or had more than {@link #FAILURE_SHARE} of its calls fail. */
    public static boolean failed(StepReply step) {
        if (!step.ok() || step.growError() != null) {
            return true;
        }
        long all = step.calls() + step.failedCalls();
        return all == 0 || step.failedCalls() > FAILURE_SHARE * all;
    }

    /** The first step that failed (calls failed, sessions could not be created, the step broke). */
    public Optional<StepReply> failurePoint() {
        return steps.stream().filter(ScaleSeries::failed).findFirst();
    }

    /**
     * The knee: the first step from which p99 stays above {@link #KNEE_FACTOR} times the low-load
     * p99 (the lowest p99 of the first two steps) at every later healthy step.
     */
    public Optional<StepReply> knee() {
        List<StepReply> healthy = healthySteps();
        if (healthy.size() < 2) {
            return Optional.empty();
        }
        double base = Math.min(healthy.get(0).p99Micros(), healthy.get(1).p99Micros());
        StepReply knee = null;
        for (StepReply step : healthy) {
            if (step.p99Micros() > KNEE_FACTOR * base) {
                if (knee == null) {
                    knee = step;
                }
            } else {
                knee = null;
            }
        }
        return Optional.ofNullable(knee);
    }

    /**
     * Heap per added session, bytes: the least-squares slope over the healthy steps of the live
     * objects' bytes a class histogram counted, or, where no step counted, of the heap in use
     * after GC ({@link #heapInUsePerSession()}).
     */
    public Optional<Double> heapPerSession() {
        List<StepReply> counted = healthySteps().stream().filter(step -> step.liveHeapBytes() > 0).toList();
        return counted.isEmpty() ? heapInUsePerSession() : Slope.of(counted, StepReply::liveHeapBytes);
    }

    /**
     * Heap in use after GC per added session, bytes. Not the exact measure: it also holds whatever
     * the sessions, still calling, allocated between the GC and the reading.
     */
    public Optional<Double> heapInUsePerSession() {
        return Slope.of(healthySteps(), StepReply::heapAfterGcBytes);
    }

    /** The heap a step's sessions hold: its live objects' bytes where counted, else its heap in use after GC. */
    public static long heapBytes(StepReply step) {
        return step.liveHeapBytes() > 0 ? step.liveHeapBytes() : step.heapAfterGcBytes();
    }

    /**
     * Where the heap per session went, by class: the growth of live bytes and instances from the
     * first step to the last healthy step that counted them, over the sessions added between the
     * two (the worker counts from its first step). Empty if no step counted.
     */
    public List<HeapShare> heapPerSessionByClass() {
        Optional<StepReply> lastHealthy = lastHealthyStep();
        if (steps.isEmpty() || lastHealthy.isEmpty()) {
            return List.of();
        }
        StepReply last = lastHealthy.get();
        int added = last.sessions() - steps.get(0).sessions();
        if (added <= 0) {
            return List.of();
        }
        return last.heapGrowth().stream()
                .map(g -> new HeapShare(g.className(), (double) g.instances() / added, (double) g.bytes() / added))
                .toList();
    }

    /** "9.8 KB java.util.HashMap$Node (310 objects), 2.0 KB [B (4 objects)": the {@code top} largest shares. */
    public String heapPerSessionByClassText(int top) {
        List<HeapShare> shares = heapPerSessionByClass();
        if (shares.isEmpty()) {
            return "–";
        }
        return String.join(", ", shares.stream().limit(top).map(share -> String.format(Locale.ROOT,
                "%.1f KB %s (%.1f objects)", share.bytesPerSession() / 1024, share.className(),
                share.instancesPerSession())).toList());
    }

    /** One class's share of the heap per session: live instances and bytes per added session. */
    public record HeapShare(String className, double instancesPerSession, double bytesPerSession) {
    }

    /** Resident memory per added session, bytes. */
    public Optional<Double> residentPerSession() {
        return Slope.of(healthySteps(), StepReply::residentBytes);
    }

    /** Live threads per added session. */
    public Optional<Double> threadsPerSession() {
        return Slope.of(healthySteps(), step -> step.threads());
    }

    /** The C++ server's resident memory per added session, bytes. */
    public Optional<Double> serverResidentPerSession() {
        return Slope.of(healthySteps(), StepReply::serverResidentBytes);
    }

    /** Highest throughput of a healthy step, calls per second. */
    public double peakThroughput() {
        return healthySteps().stream().mapToDouble(ScaleSeries::throughput).max().orElse(0);
    }

    public static double throughput(StepReply step) {
        return step.windowSeconds() == 0 ? 0 : step.calls() / step.windowSeconds();
    }

    /** "knee at 400 sessions (p99 2.1 ms)" or "no knee up to 2000 sessions". */
    public String kneeText() {
        return knee().map(step -> String.format(Locale.ROOT, "%d sessions (p99 %.1f ms)", step.sessions(),
                step.p99Micros() / 1000)).orElseGet(() -> "none up to " + largestHealthy() + " sessions");
    }

    public String failureText() {
        return failurePoint().map(step -> step.sessions() + " sessions: " + describeFailure(step))
                .orElseGet(() -> "none up to " + largestHealthy() + " sessions (" + stopReason + ")");
    }

    private int largestHealthy() {
        return lastHealthyStep().map(StepReply::sessions).orElse(0);
    }

    /** The step with the most sessions that did not fail, if any did not. */
    public Optional<StepReply> lastHealthyStep() {
        List<StepReply> healthy = healthySteps();
        return healthy.isEmpty() ? Optional.empty() : Optional.of(healthy.get(healthy.size() - 1));
    }

    private static String describeFailure(StepReply step) {
        if (!step.ok()) {
            return step.error();
        }
        if (step.growError() != null) {
            return step.growError();
        }
        return step.failedCalls() + " of " + (step.calls() + step.failedCalls()) + " calls failed " + step.failures();
    }
}
