package org.corbabridge.perf.report;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.perf.run.PayloadPlan;
import org.corbabridge.perf.run.ScalePlan;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.StartupPlan;

/**
 * Everything a study run produced: what it measured, where, and what the set-up cost.
 *
 * @param setupNanos per worker ("CC JacORB", ...) the cost of each set-up step, ns
 * @param points the payload part; empty if it did not run
 * @param scale the session-scaling part, one series per configuration; empty if it did not run
 * @param startup the start-up part, one series per ORB and mode; empty if it did not run
 * @param profiles CPU profiles of the main configurations at two sizes, taken after the payload rounds
 * @param features what tracing costs, and calls in flight sync and async
 * @param networkPath the payload part again over a network path (between network namespaces), when
 *     the study was asked for it; null otherwise
 */
public record StudyResults(PayloadPlan plan, Map<String, String> environment, Map<String, Map<String, Long>> setupNanos,
        List<PointResult> points, double durationSeconds, ScalePlan scalePlan, List<ScaleSeries> scale,
        StartupPlan startupPlan, List<StartupSeries> startup, List<ProfileResult> profiles, FeatureResults features,
        StudyResults networkPath) {

    /** The payload part alone. */
    public StudyResults(PayloadPlan plan, Map<String, String> environment, Map<String, Map<String, Long>> setupNanos,
            List<PointResult> points, double durationSeconds) {
        this(plan, environment, setupNanos, points, durationSeconds, null, List.of(), null, List.of(), List.of(),
                FeatureResults.none(), null);
    }

    public StudyResults withProfiles(List<ProfileResult> profiles) {
        return new StudyResults(plan, environment, setupNanos, points, durationSeconds, scalePlan, scale, startupPlan,
                startup, profiles, features, networkPath);
    }

    public StudyResults withScale(ScalePlan scalePlan, List<ScaleSeries> scale) {
        return new StudyResults(plan, environment, setupNanos, points, durationSeconds, scalePlan, scale, startupPlan,
                startup, profiles, features, networkPath);
    }

    public StudyResults withStartup(StartupPlan startupPlan, List<StartupSeries> startup) {
        return new StudyResults(plan, environment, setupNanos, points, durationSeconds, scalePlan, scale, startupPlan,
                startup, profiles, features, networkPath);
    }

    public StudyResults withFeatures(FeatureResults features) {
        return new StudyResults(plan, environment, setupNanos, points, durationSeconds, scalePlan, scale, startupPlan,
                startup, profiles, features, networkPath);
    }

    public StudyResults withDuration(double seconds) {
        return new StudyResults(plan, environment, setupNanos, points, seconds, scalePlan, scale, startupPlan,
                startup, profiles, features, networkPath);
    }

    /** The payload part over the network path beside these (loopback) results. */
    public StudyResults withNetworkPath(StudyResults network) {
        return new StudyResults(plan, environment, setupNanos, points, durationSeconds, scalePlan, scale, startupPlan,
                startup, profiles, features, network);
    }

    /** The payload part over a network path, if the study ran it. */
    public Optional<StudyResults> network() {
        return Optional.ofNullable(networkPath);
    }

    public Optional<PointResult> point(Series series, SizePoint size) {
        return points.stream().filter(p -> p.series().equals(series) && p.size().equals(size)).findFirst();
    }

    public List<Series> series() {
        return points.stream().map(PointResult::series).distinct().toList();
    }

    public List<SizePoint> sizes() {
        return points.stream().map(PointResult::size).distinct()
                .sorted(Comparator.comparingLong(SizePoint::dataBytes)).toList();
    }
}
