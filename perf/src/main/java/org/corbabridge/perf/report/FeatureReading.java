package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.worker.WorkerMessages.Style;
import org.corbabridge.perf.run.FeaturePlan;
import org.corbabridge.perf.worker.OrbSettings;

/** The plain words of the tracing, settings, asynchronous-call and call-back parts, each sentence from the numbers it states. */
final class FeatureReading {

    private FeatureReading() {
    }

    static List<String> of(FeatureResults features) {
        List<String> lines = new ArrayList<>();
        for (VariantResult result : features.tracing()) {
            lines.add(String.format(Locale.ROOT, "%s, %s: %s %s", result.orb().displayName(), result.size().label(),
                    result.over("off", "none").verdict("tracing and metrics with nothing set up (against the adapter without them)"),
                    result.over("on", "none").verdict("a call traced by an OpenTelemetry SDK (against the same)")));
        }
        for (VariantResult result : features.settings()) {
            lines.add(settingsLine(result));
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            for (int inFlight : FeaturePlan.IN_FLIGHT) {
                features.inFlight(orb, inFlight, Style.ASYNC.label()).ifPresent(async ->
                        features.inFlight(orb, inFlight, Style.SYNC.label()).ifPresent(sync -> lines.add(
                                String.format(Locale.ROOT, "%s, %d in flight: %.0f calls/s async, %.0f sync; %s",
                                        orb.displayName(), inFlight, async.throughput().median(),
                                        sync.throughput().median(), throughputVerdict(async.throughputOver(sync))))));
            }
        }
        lines.addAll(CallbackTable.reading(features));
        return lines;
    }

    /**
     * One ORB and size of the settings part: which settings the rounds show faster or slower than
     * the defaults they start from, which they cannot tell apart, and the control's ratio.
     */
    static String settingsLine(VariantResult result) {
        List<String> faster = new ArrayList<>();
        List<String> slower = new ArrayList<>();
        List<String> same = new ArrayList<>();
        List<String> failing = new ArrayList<>();
        String control = "";
        for (OrbSettings.Setting setting : OrbSettings.of(result.orb())) {
            if (!result.comparable(setting.name(), setting.baseline())) {
                failing.add(setting.name());
                continue;
            }
            Estimate ratio = result.over(setting.name(), setting.baseline());
            String named = setting.name() + " " + ratio.text();
            if (setting.name().equals(OrbSettings.CONTROL)) {
                control = ratio.text();
            } else if (ratio.rounds() < 3 || ratio.includesOne()) {
                same.add(named);
            } else if (ratio.beyond(1)) {
                slower.add(named);
            } else {
                faster.add(named);
            }
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s, %s, ORB settings against the defaults"
                + " they start from: ", result.orb().displayName(), result.size().label()));
        line.append("faster: ").append(faster.isEmpty() ? "none" : String.join(", ", faster));
        line.append("; slower: ").append(slower.isEmpty() ? "none" : String.join(", ", slower));
        line.append("; no difference the rounds can show: ").append(same.isEmpty() ? "none" : String.join(", ", same));
        if (!failing.isEmpty()) {
            line.append("; failing, not measured: ").append(String.join(", ", failing));
        }
        line.append("; the control (no change) ").append(control.isEmpty() ? "not measured" : control).append('.');
        return line.toString();
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
