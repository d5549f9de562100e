package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.perf.report.VariantResult;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;

/**
 * A part that compares variants of one call (modes) in a worker JVM per ORB, at the part's
 * payload sizes: each mode checked with one call per size, then warmed up,
 * then in every round every mode measures every size, the modes taking turns in an order rotated
 * from round to round. A mode whose check fails is left out of the rounds, and its result says why.
 */
final class VariantRunner {

    private final FeaturePlan plan;
    private final RunContext context;

    VariantRunner(FeaturePlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    /**
     * @param part the part's name, in the progress lines and the worker logs
     * @param budgets the payload sizes, in bytes
     * @param worker the worker's main class
     * @param modes the modes each ORB's worker answers
     * @param laterModesWarmupDivisor the warm-up of every mode but an ORB's first, as a fraction of
     *     the plan's: 1 where modes run code of their own (tracing), more where they share it
     * @param afterRounds checks on the workers once the rounds are done
     */
    List<VariantResult> run(String part, List<Long> budgets, Class<?> worker, Function<OrbImplementation, List<String>> modes,
            int laterModesWarmupDivisor, Consumer<OrbWorkers> afterRounds) {
        List<SizePoint> sizes = budgets.stream().map(SizePoint::ofBudget).toList();
        Map<OrbImplementation, Map<SizePoint, Map<String, double[]>>> medians = new LinkedHashMap<>();
        Map<OrbImplementation, List<String>> measured = new LinkedHashMap<>();
        Map<OrbImplementation, Map<String, String>> failures = new LinkedHashMap<>();
        try (ServerFixture fixture = ServerFixture.start();
                OrbWorkers workers = OrbWorkers.start(context, worker, part, fixture.nameServiceUrl())) {
            for (OrbImplementation orb : OrbImplementation.values()) {
                Map<String, String> failed = failuresOf(part, workers, orb, modes.apply(orb), sizes);
                failures.put(orb, failed);
                measured.put(orb, modes.apply(orb).stream().filter(mode -> !failed.containsKey(mode)).toList());
                context.progress().accept(part + ": warming up " + orb.displayName());
                List<String> warming = measured.get(orb);
                for (int m = 0; m < warming.size(); m++) {
                    int small = m == 0 ? plan.warmupCalls() : plan.warmupCalls() / laterModesWarmupDivisor;
                    for (SizePoint size : sizes) {
                        int calls = size.budget() <= 10 * 1024 ? small : Math.max(10, small / 20);
                        workers.request(orb, new VariantRequest(Op.WARMUP, warming.get(m), size.query(), calls, size.items()));
                    }
                }
                Map<SizePoint, Map<String, double[]>> bySize = new LinkedHashMap<>();
                sizes.forEach(size -> {
                    Map<String, double[]> byMode = new HashMap<>();
                    measured.get(orb).forEach(mode -> byMode.put(mode, new double[plan.rounds()]));
                    bySize.put(size, byMode);
                });
                medians.put(orb, bySize);
            }
            RemainingTime remaining = new RemainingTime();
            for (int round = 0; round < plan.rounds(); round++) {
                long roundStarted = System.nanoTime();
                for (OrbImplementation orb : OrbImplementation.values()) {
                    List<String> orbModes = measured.get(orb);
                    for (SizePoint size : sizes) {
                        for (int m = 0; m < orbModes.size(); m++) {
                            String mode = orbModes.get((m + round) % orbModes.size());
                            Reply reply = workers.request(orb, new VariantRequest(Op.MEASURE, mode, size.query(),
                                    plan.tracingCalls(size), size.items()));
                            medians.get(orb).get(size).get(mode)[round] = OrbWorkers.medianMicros(reply.response());
                        }
                    }
                }
                remaining.took("round", System.nanoTime() - roundStarted);
                context.progress().accept(String.format(Locale.ROOT, "%s: round %d/%d, %s of the part", part,
                        round + 1, plan.rounds(), RemainingTime.left(remaining.secondsFor(
                                Collections.nCopies(plan.rounds() - round - 1, "round")))));
            }
            afterRounds.accept(workers);
        }
        List<VariantResult> results = new ArrayList<>();
        medians.forEach((orb, bySize) -> bySize.forEach((size, byMode) -> results.add(
                new VariantResult(orb, size, byMode, failures.get(orb)))));
        return results;
    }

    /** One call of every mode at every size: the modes that fail, with their error (the others are measured). */
    private Map<String, String> failuresOf(String part, OrbWorkers workers, OrbImplementation orb, List<String> modes,
            List<SizePoint> sizes) {
        Map<String, String> failed = new LinkedHashMap<>();
        for (String mode : modes) {
            for (SizePoint size : sizes) {
                Reply reply = workers.ask(orb, new VariantRequest(Op.WARMUP, mode, size.query(), 1, size.items()));
                if (!reply.ok()) {
                    failed.put(mode, reply.error());
                    context.progress().accept(part + ": " + orb.displayName() + " " + mode + " fails, left out: "
                            + reply.error());
                    break;
                }
            }
        }
        return failed;
    }
}
