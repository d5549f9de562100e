package org.corbabridge.perf.report;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.worker.StartupProbe;

/**
 * The start-up probes of one ORB and mode: one run per fresh JVM.
 *
 * @param appCds whether the JVMs started from an application class-data archive of a first run's
 *     classes (AppCDS, {@code -XX:SharedArchiveFile})
 * @param profile where an unmeasured probe of the same configuration spent its CPU; null if none
 *     was profiled
 */
public record StartupSeries(OrbImplementation orb, OrbMode mode, boolean appCds, List<Run> runs,
        StartupProfile profile) {

    /** Without a class-data archive of the application's own. */
    public StartupSeries(OrbImplementation orb, OrbMode mode, List<Run> runs) {
        this(orb, mode, false, runs, null);
    }

    public StartupSeries(OrbImplementation orb, OrbMode mode, boolean appCds, List<Run> runs) {
        this(orb, mode, appCds, runs, null);
    }

    public StartupSeries withProfile(StartupProfile profile) {
        return new StartupSeries(orb, mode, appCds, runs, profile);
    }

    /**
     * @param launchMillis from launching the JVM to its reply (everything plus the warm-up calls)
     */
    public record Run(double launchMillis, StartupProbe.Reply probe) {
    }

    public String label() {
        return orb.displayName() + " "
                + (mode == OrbMode.BUILT_IN ? "built-in" : "external") + (appCds ? ", AppCDS" : "");
    }

    /** The median over runs of one step, ms. */
    public double median(ToDoubleFunction<StartupProbe.Reply> step) {
        return WarmupCurve.median(runs.stream().mapToDouble(run -> step.applyAsDouble(run.probe())).toArray());
    }

    /**
     * The median over runs of the classes one step loaded; NaN when no run counted them (a reply
     * of a probe before the counts).
     */
    public double medianClasses(ToLongFunction<StartupProbe.ClassesLoaded> step) {
        double[] values = runs.stream().map(run -> run.probe().classes()).filter(Objects::nonNull)
                .mapToDouble(step::applyAsLong).sorted().toArray();
        return values.length == 0 ? Double.NaN : WarmupCurve.median(values);
    }

    /** The median over runs of the number of calls until calls were warm. */
    public double medianCallsToWarm() {
        return WarmupCurve.median(runs.stream()
                .mapToDouble(run -> WarmupCurve.of(run.probe().callMicros()).callsToWarm()).toArray());
    }

    /** The warm-up curve of the first run. */
    public WarmupCurve firstCurve() {
        return WarmupCurve.of(runs.isEmpty() ? new double[0] : runs.get(0).probe().callMicros());
    }

    /** Everything from the JVM's start to the end of the first call, median over runs, ms. */
    public double medianToFirstCall() {
        return median(p -> p.jvmToMainMillis() + p.containerBootMillis() + p.deployMillis()
                + p.sessionCreateMillis() + p.firstCallMillis());
    }

}
