package org.corbabridge.perf.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.report.ProfileResult;
import org.corbabridge.perf.report.ProfileResults;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * A CPU profile of the plain client and of each caller (static invocation), per ORB, at 1 KB and
 * 300 KB (where planned), each over an uninterrupted loop in the series' own worker JVM; the flame
 * graphs go beside the report, in {@value RunContext#PROFILES}/.
 */
final class Profiles {

    private static final List<Caller> PROFILED = List.of(Caller.PLAIN, Caller.CC, Caller.ASIO, Caller.ASRO);

    private final PayloadPlan plan;
    private final RunContext context;
    private final PayloadWorkers workers;

    Profiles(PayloadPlan plan, RunContext context, PayloadWorkers workers) {
        this.plan = plan;
        this.context = context;
        this.workers = workers;
    }

    List<ProfileResult> run(List<SizePoint> sizes) {
        Path directory = context.profileDir();
        List<ProfileResult> profiles = new ArrayList<>();
        for (OrbImplementation orb : OrbImplementation.values()) {
            List<Series> profiled = new ArrayList<>();
            PROFILED.forEach(caller -> profiled.add(new Series(caller, orb, InvocationMode.STATIC)));
            // the adapter's dynamic path, at the large size only: where it is to beat the stubs
            profiled.add(new Series(Caller.CC, orb, InvocationMode.DYNAMIC));
            for (Series series : profiled) {
                Caller caller = series.caller();
                boolean dynamic = series.mode() != InvocationMode.STATIC;
                for (SizePoint size : sizes) {
                    boolean profiledSize = size.budget() == 300 * 1024 || !dynamic && size.budget() == 1024;
                    if (!profiledSize) {
                        continue;
                    }
                    // 8 000-80 000 samples a profile in the main job at 30 and 5 batches' calls, a
                    // third of the payload part's time (85 s); half as many give 3 800 or more (47 s)
                    int calls = (size.budget() <= 10 * 1024 ? 15 : 3) * plan.callsPerBatch(size);
                    String name = (caller + "-" + orb + (dynamic ? "-" + series.mode().configName() : "") + "-"
                            + size.budget()).toLowerCase(Locale.ROOT);
                    context.progress().accept("profiling " + series.label() + " " + size.label() + ": " + calls
                            + " calls");
                    // once: the worker measured this run's figures and cannot be had afresh
                    ProfileAttempts.attempt(series.label() + " " + size.label(), 1, () -> {
                        Reply reply = workers.call(Op.PROFILE, List.of(series), size, calls,
                                directory.resolve(name).toString());
                        return ProfileResults.read(series, size, calls, reply.response(),
                                directory.resolve(name + ".collapsed"), RunContext.PROFILES + "/" + name + ".html");
                    }, context.progress()).ifPresent(profiles::add);
                }
            }
        }
        return profiles;
    }
}
