package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.worker.CallbackWorker;

/**
 * The call-back part as the report shows it: per photo size, each Java listener (per ORB typed,
 * then dynamic) and the native floor, with the median and 90th percentile of the server's timings,
 * each Java listener over the native floor and the dynamic listener over the typed one (median of
 * per-round ratios [95% bootstrap interval], as every ratio of the study), and the same in plain words.
 */
public final class CallbackTable {

    private CallbackTable() {
    }

    /**
     * One line of the table.
     *
     * @param overNative the listener over the C++ one at this size, empty for the floor itself
     * @param overTyped the dynamic listener over the typed one on the same ORB, empty for the others
     */
    public record Row(CallbackResult result, Optional<Estimate> overNative, Optional<Estimate> overTyped) {

        public String overNativeText() {
            return result.failed() ? "fails: " + result.failure() : overNative.map(Estimate::text).orElse("–");
        }

        /** The median, or a dash where the listener was not measured. */
        public String medianText() {
            return result.failed() ? "–" : Format.micros(result.medianUs());
        }

        public String p90Text() {
            return result.failed() ? "–" : Format.micros(result.p90Us());
        }

        public String overTypedText() {
            return overTyped.map(Estimate::text).orElse("–");
        }
    }

    /** Size by size (smallest first): per ORB its typed and dynamic listener, then the floor. */
    public static List<Row> rows(FeatureResults features) {
        List<Row> rows = new ArrayList<>();
        for (int photo : features.callbackSizes()) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Optional<CallbackResult> typed = features.callback(orb, CallbackWorker.TYPED, photo);
                typed.ifPresent(t -> rows.add(new Row(t, features.callbackOverNative(t), Optional.empty())));
                features.callback(orb, CallbackWorker.DYNAMIC, photo).ifPresent(d -> rows.add(new Row(d,
                        features.callbackOverNative(d), typed.filter(t -> !t.failed() && !d.failed()).map(d::over))));
            }
            features.callbackFloor(photo).ifPresent(f -> rows.add(new Row(f, Optional.empty(), Optional.empty())));
        }
        return rows;
    }

    /**
     * Per ORB and size, what the intervals say of the typed listener against the C++ one and of
     * the dynamic listener against the typed one, each sentence from the numbers it states.
     */
    static List<String> reading(FeatureResults features) {
        List<String> lines = new ArrayList<>();
        for (int photo : features.callbackSizes()) {
            Optional<CallbackResult> floor = features.callbackFloor(photo);
            for (OrbImplementation orb : OrbImplementation.values()) {
                Optional<CallbackResult> typed = features.callback(orb, CallbackWorker.TYPED, photo);
                Optional<CallbackResult> dynamic = features.callback(orb, CallbackWorker.DYNAMIC, photo);
                if (typed.isEmpty() || floor.isEmpty() || floor.get().failed()) {
                    continue;
                }
                CallbackResult t = typed.get();
                CallbackResult f = floor.get();
                if (t.failed()) {
                    lines.add(String.format(Locale.ROOT, "%s, called back with a %s photo: the Java listener could "
                            + "not be called back with the adapter's defaults (%s), where the C++ listener takes %s µs.",
                            orb.displayName(), t.photoLabel(), t.failure(), Format.figure(f.medianUs())));
                    continue;
                }
                Estimate overNative = t.over(f);
                // over a floor of two modes the interval says which mode the rounds' medians hit, not a cost
                String verdict = f.bimodal() ? String.format(Locale.ROOT, "The C++ listener's call backs fall into"
                        + " two modes (10th percentile %s µs, 90th %s µs): the ratio depends on which one each round's"
                        + " median landed in, and is not read as a cost.", Format.figure(f.p10Us()),
                        Format.figure(f.p90Us()))
                        : overNative.verdict("the typed Java listener (against the C++ one)");
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                        "%s, called back with a %s photo: the typed Java listener takes %s µs, the C++ listener %s µs"
                                + " (medians, as the server timed them), %s × its time. %s",
                        orb.displayName(), t.photoLabel(), Format.figure(t.medianUs()), Format.figure(f.medianUs()),
                        overNative.text(), verdict));
                dynamic.filter(d -> !d.failed()).ifPresent(d -> line.append(' ').append(d.over(t).verdict(
                        "the dynamic listener (against the typed one)")));
                lines.add(line.toString());
            }
        }
        return lines;
    }
}
