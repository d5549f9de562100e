package org.corbabridge.perf.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.perf.run.Series;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.run.StudyPlan;

/**
 * Everything a study run produced: what it measured, where, and what the set-up cost.
 *
 * @param setupNanos per worker ("CC JacORB", ...) the cost of each set-up step, ns
 */
public record StudyResults(StudyPlan plan, Map<String, String> environment, Map<String, Map<String, Long>> setupNanos,
        List<PointResult> points, double durationSeconds) {

    public Optional<PointResult> point(Series series, SizePoint size) {
        return points.stream().filter(p -> p.series().equals(series) && p.size().equals(size)).findFirst();
    }

    public List<Series> series() {
        return points.stream().map(PointResult::series).distinct().toList();
    }

    public List<SizePoint> sizes() {
        return points.stream().map(PointResult::size).distinct()
                .sorted(java.util.Comparator.comparingLong(SizePoint::dataBytes)).toList();
    }
}
