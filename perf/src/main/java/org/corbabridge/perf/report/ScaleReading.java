package org.corbabridge.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.OrbMode;
import org.corbabridge.perf.run.ScalePlan.ServerModel;
import org.corbabridge.perf.run.SizePoint;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.corbabridge.perf.worker.StartupProbe;

/** The plain words about the scaling and start-up parts, and the seeds' figures they are read against. */
final class ScaleReading {

    /** The start-up goal: JVM start to the first answer through embedded OpenEJB, on at least one ORB. */
    static final double STARTUP_GOAL_MILLIS = 800;

    /** Seed 000's reference points. */
    static final String SEED_FLAT = "flat response time to over 1 000 concurrent sessions on 4 CPUs, then "
            + "graceful degradation (Oracle JServer, seed 000)";
    static final String SEED_SESSION_MEMORY = "35–50 KB per session in a shared VM, against 1–3 MB per Java VM "
            + "(seed 000)";
    static final String SEED_SERVER_MEMORY = "a C++ thread-per-connection echo server: about 304 MB resident for "
            + "22 500–30 000 connections, 10–14 KB each; the Java one 11.6 times as much (seed 002)";

    private ScaleReading() {
    }

    /**
     * "; stalls of the worker JVM itself at 1 500 sessions: p99 4.2 ms …": at the knee, or at the
     * last healthy step where there is none, how late a thread of the worker that only sleeps woke. A call's p99
     * near it is what the machine did to every thread, not the ORB's.
     */
    static String hiccupsText(ScaleSeries series) {
        return series.knee().or(series::lastHealthyStep).filter(s -> s.hiccupMaxMicros() > 0).map(s -> String.format(Locale.ROOT,
                "; stalls of the worker JVM itself at %d sessions: p99 %.1f ms (calls: %.1f ms)", s.sessions(),
                s.hiccupP99Micros() / 1000, s.p99Micros() / 1000)).orElse("");
    }

    /** Plain-words lines about the scaling and start-up parts. */
    static List<String> of(StudyResults results) {
        List<String> lines = new ArrayList<>();
        for (ScaleSeries s : results.scale()) {
            if (s.serverModel() != ServerModel.THREAD_PER_CONNECTION) {
                continue;
            }
            lines.add(String.format(Locale.ROOT, "%s: knee %s; failure point %s; peak %.0f calls/s%s%s.", s.label(),
                    s.kneeText(), s.failurePoint().isPresent() ? s.failureText() : "none", s.peakThroughput(),
                    s.heapPerSession().map(b -> String.format(Locale.ROOT, "; %.0f KB of heap per session", b / 1024))
                            .orElse(""), hiccupsText(s)));
        }
        for (ScaleSeries s : results.scale()) {
            if (s.orbMode() == OrbMode.BUILT_IN && !s.heapPerSessionByClass().isEmpty()) {
                lines.add(String.format(Locale.ROOT, "%s: %s of live objects per session; where they went, by class: "
                        + "%s.", s.label(), s.heapPerSession().map(b -> String.format(Locale.ROOT, "%.1f KB",
                        b / 1024)).orElse("no count"), s.heapPerSessionByClassText(4)));
            }
        }
        for (OrbImplementation orb : OrbImplementation.values()) {
            perSessionRatio(results, orb).ifPresent(lines::add);
        }
        results.scale().stream().filter(s -> s.serverModel() != ServerModel.THREAD_PER_CONNECTION)
                .forEach(pool -> serverModelVerdict(results, pool).ifPresent(lines::add));
        for (StartupSeries s : results.startup()) {
            lines.add(String.format(Locale.ROOT, "%s: %.1f s from JVM start to the first answer (container %.0f ms, "
                            + "deploy %.0f ms, ORB init %.0f ms, first call %.0f ms); warm after about %.0f calls.",
                    s.label(), s.medianToFirstCall() / 1000, s.median(StartupProbe.Reply::containerBootMillis),
                    s.median(StartupProbe.Reply::deployMillis), s.median(StartupProbe.Reply::orbInitMillis),
                    s.median(StartupProbe.Reply::firstCallMillis), s.medianCallsToWarm()));
        }
        for (StartupSeries profiled : results.startup()) {
            StartupProfile p = profiled.profile();
            if (p != null) {
                lines.add(String.format(Locale.ROOT, "%s, profiled: %.0f ms of CPU from main to the first answer: "
                                + "container boot %.0f, deploy %.0f, session and first call %.0f (of which the naming "
                                + "lookup %.0f, class loading %.0f), JIT compilers %.0f, GC %.0f, other threads %.0f.",
                        profiled.label(), p.totalMillis(), p.millis(StartupProfile.Part.BOOT),
                        p.millis(StartupProfile.Part.DEPLOY), p.millis(StartupProfile.Part.FIRST_CALL),
                        p.millis(StartupProfile.FirstCallPart.NAMING),
                        p.millis(StartupProfile.FirstCallPart.CLASS_LOADING), p.millis(StartupProfile.Part.JIT),
                        p.millis(StartupProfile.Part.GC), p.millis(StartupProfile.Part.OTHER)));
            } else if (profiled.appCds()) {
                lines.add(profiled.label() + ": not profiled in this run; its profiled probes failed (the run's "
                        + "progress and logs say why).");
            }
        }
        for (StartupSeries archived : results.startup()) {
            if (!archived.appCds()) {
                continue;
            }
            results.startup().stream()
                    .filter(s -> !s.appCds() && s.orb() == archived.orb() && s.mode() == archived.mode())
                    .findFirst()
                    .ifPresent(plain -> lines.add(String.format(Locale.ROOT, "%s: a class-data archive of a first "
                                    + "run's classes (AppCDS) takes JVM start to the first answer from %.2f s to %.2f s "
                                    + "(container %.0f → %.0f ms, deploy %.0f → %.0f ms); the goal of 0.8 s is %s.",
                            plain.label(), plain.medianToFirstCall() / 1000, archived.medianToFirstCall() / 1000,
                            plain.median(StartupProbe.Reply::containerBootMillis),
                            archived.median(StartupProbe.Reply::containerBootMillis),
                            plain.median(StartupProbe.Reply::deployMillis),
                            archived.median(StartupProbe.Reply::deployMillis),
                            archived.medianToFirstCall() <= STARTUP_GOAL_MILLIS ? "met" : "missed")));
        }
        return lines;
    }

    /** Which omniORB threading model served one ORB's external sessions better, at the largest step both ran. */
    private static Optional<String> serverModelVerdict(StudyResults results, ScaleSeries pool) {
        Optional<ScaleSeries> perConnection = find(results, pool.orb(), pool.orbMode(), pool.payload());
        Optional<Integer> common = largestCommonHealthyStep(pool, perConnection);
        if (perConnection.isEmpty() || common.isEmpty()) {
            return Optional.empty();
        }
        StepReply a = healthyStepAt(perConnection.get(), common.get()).orElseThrow();
        StepReply b = healthyStepAt(pool, common.get()).orElseThrow();
        boolean poolBetter = b.p99Micros() < a.p99Micros();
        return Optional.of(String.format(Locale.ROOT, "%s, external mode, %d sessions: the C++ server's %s served "
                        + "better (p99 %.1f ms against %.1f ms, median %.2f against %.2f ms) with %d threads against "
                        + "%d and %.0f MB resident against %.0f MB.", pool.orbName(), common.get(),
                poolBetter ? "thread pool" : "thread per connection",
                (poolBetter ? b : a).p99Micros() / 1000, (poolBetter ? a : b).p99Micros() / 1000,
                (poolBetter ? b : a).p50Micros() / 1000, (poolBetter ? a : b).p50Micros() / 1000,
                (poolBetter ? b : a).serverThreads(), (poolBetter ? a : b).serverThreads(),
                (poolBetter ? b : a).serverResidentBytes() / 1048576.0,
                (poolBetter ? a : b).serverResidentBytes() / 1048576.0));
    }

    /** External over built-in heap per session, first payload, one ORB. */
    private static Optional<String> perSessionRatio(StudyResults results, OrbImplementation orb) {
        if (results.scale().isEmpty()) {
            return Optional.empty();
        }
        SizePoint payload = ScaleCharts.payloads(results).get(0);
        Optional<Double> builtIn = find(results, orb, OrbMode.BUILT_IN, payload).flatMap(ScaleSeries::heapPerSession);
        Optional<Double> external = find(results, orb, OrbMode.EXTERNAL, payload).flatMap(ScaleSeries::heapPerSession);
        if (builtIn.isEmpty() || external.isEmpty() || builtIn.get() <= 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: a session with its own ORB holds %.0f KB of heap, %.1f "
                        + "times a built-in-mode session's %.1f KB (the seed: %s).",
                orb.displayName(), external.get() / 1024,
                external.get() / builtIn.get(), builtIn.get() / 1024, SEED_SESSION_MEMORY));
    }

    /** The series of one ORB, mode and payload with the server's default threading model. */
    static Optional<ScaleSeries> find(StudyResults results, OrbImplementation orb, OrbMode mode,
            SizePoint payload) {
        return ScaleCharts.mainSeries(results, payload).stream().filter(s -> s.orb() == orb && s.orbMode() == mode)
                .findFirst();
    }

    /** The healthy step of {@code series} at {@code sessions}, if it ran one. */
    private static Optional<StepReply> healthyStepAt(ScaleSeries series, int sessions) {
        return series.healthySteps().stream().filter(step -> step.sessions() == sessions).findFirst();
    }

    /** The largest number of sessions at which both configurations were healthy (a alone: its largest). */
    static Optional<Integer> largestCommonHealthyStep(ScaleSeries a, Optional<ScaleSeries> b) {
        List<Integer> steps = a.healthySteps().stream().map(StepReply::sessions).toList();
        if (b.isEmpty()) {
            return steps.isEmpty() ? Optional.empty() : Optional.of(steps.get(steps.size() - 1));
        }
        return b.get().healthySteps().stream().map(StepReply::sessions).filter(steps::contains)
                .reduce((first, second) -> second);
    }

    /** One row of the server-model table: a configuration at the largest step both models served. */
    record ServerModelRow(ScaleSeries series, Optional<StepReply> step) {
    }

    /**
     * For every thread-pool configuration, it and its thread-per-connection twin at the largest
     * number of sessions both served without failing.
     */
    static List<ServerModelRow> serverModelRows(StudyResults results) {
        List<ServerModelRow> rows = new ArrayList<>();
        for (ScaleSeries pool : results.scale()) {
            if (pool.serverModel() == ServerModel.THREAD_PER_CONNECTION) {
                continue;
            }
            Optional<ScaleSeries> perConnection = find(results, pool.orb(), pool.orbMode(), pool.payload());
            Optional<Integer> common = largestCommonHealthyStep(pool, perConnection);
            for (ScaleSeries series : perConnection.isPresent() ? List.of(perConnection.get(), pool) : List.of(pool)) {
                rows.add(new ServerModelRow(series, common.flatMap(n -> healthyStepAt(series, n))));
            }
        }
        return rows;
    }
}
