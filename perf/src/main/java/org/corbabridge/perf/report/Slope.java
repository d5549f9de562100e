package org.corbabridge.perf.report;

import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;

/** Least-squares slope of a measure against the number of sessions. */
final class Slope {

    private Slope() {
    }

    /** Empty with fewer than three steps or fewer than two distinct session counts. */
    static Optional<Double> of(List<StepReply> steps, ToDoubleFunction<StepReply> measure) {
        if (steps.size() < 3 || steps.stream().mapToInt(StepReply::sessions).distinct().count() < 2) {
            return Optional.empty();
        }
        SimpleRegression regression = new SimpleRegression();
        steps.forEach(step -> regression.addData(step.sessions(), measure.applyAsDouble(step)));
        return Optional.of(regression.getSlope());
    }
}
