package org.corbabridge.perf.run;

import java.util.List;
import org.corbabridge.perf.report.VariantResult;
import org.corbabridge.perf.worker.OrbSettings;
import org.corbabridge.perf.worker.SettingsWorker;

/**
 * The settings part: per ORB, each of {@link OrbSettings#of} against the defaults it starts from
 * (the adapter's, or a plain client's), at 1 KB, 100 KB and 300 KB, taking turns within every round.
 */
public final class SettingsRunner {

    private final VariantRunner runner;

    public SettingsRunner(FeaturePlan plan, RunContext context) {
        this.runner = new VariantRunner(plan, context);
    }

    public List<VariantResult> run() {
        // an ORB's settings all run the adapter's (or the plain stub's) classes: the first mode's
        // warm-up compiles the shared path, the others' need a fifth of it for their own state
        return runner.run("settings", FeaturePlan.SETTINGS_BUDGETS, SettingsWorker.class, OrbSettings::modes, 5, workers -> { });
    }
}
