package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.run.AsyncRunner;
import org.corbabridge.perf.run.FeaturePlan;

/** The plain words of the tracing and asynchronous-call parts, each sentence from the numbers it states. */
final class FeatureReading {

    private FeatureReading() {
    }

    static List<String> of(FeatureResults features) {
        List<String> lines = new ArrayList<>();
        for (TracingResult result : features.tracing()) {
            lines.add(String.format(Locale.ROOT, "%s, %s: %s %s", result.orb().displayName(), result.size().label(),
                    result.overNone("off").verdict("tracing and metrics with nothing set up (against the adapter without them)"),
                    result.overNone("on").verdict("a call traced by an OpenTelemetry SDK (against the same)")));
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (int inFlight : FeaturePlan.IN_FLIGHT) {
                features.inFlight(orb, inFlight, AsyncRunner.STYLES.get(1)).ifPresent(async ->
                        features.inFlight(orb, inFlight, AsyncRunner.STYLES.get(0)).ifPresent(sync -> lines.add(
                                String.format(Locale.ROOT, "%s, %d in flight: %.0f calls/s async, %.0f sync; %s",
                                        orb.displayName(), inFlight, async.throughput().median(),
                                        sync.throughput().median(), throughputVerdict(async.throughputOver(sync))))));
            }
        }
        return lines;
    }

    /** What the async/sync throughput interval says, and no more. */
    private static String throughputVerdict(Estimate asyncOverSync) {
        if (asyncOverSync.rounds() < 3) {
            return "too few rounds to compare.";
        }
        if (asyncOverSync.beyond(1)) {
            return "async is faster (" + asyncOverSync.text() + " × sync).";
        }
        if (asyncOverSync.high() < 1) {
            return "async is slower (" + asyncOverSync.text() + " × sync).";
        }
        return "no difference the rounds can show (" + asyncOverSync.text() + " × sync).";
    }
}
