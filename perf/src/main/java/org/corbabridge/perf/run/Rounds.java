package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * The payload part's rounds: round after round, every series at every size, in an order rotated
 * each round so that drift of the machine spreads over all of them. The series measured side by
 * side ({@link #sideBySide}) go as one unit; the native floors run between the Java series.
 */
final class Rounds {

    private final PayloadPlan plan;
    private final RunContext context;
    private final PayloadWorkers workers;
    private final NativeFloors floors;

    Rounds(PayloadPlan plan, RunContext context, PayloadWorkers workers, NativeFloors floors) {
        this.plan = plan;
        this.context = context;
        this.workers = workers;
        this.floors = floors;
    }

    /**
     * Measures {@code allSeries} into {@code timings}. The progress line's time left counts each
     * remaining batch at what the same series and size took in the previous round (their mean,
     * during the first).
     *
     * @param started when the payload part started, for the progress line's elapsed time
     */
    void measure(List<Series> allSeries, List<SizePoint> sizes, Map<Series, Map<SizePoint, PointAccumulator>> timings,
            long started) {
        List<List<Series>> units = units(allSeries);
        Map<Series, List<Series>> unitOf = new LinkedHashMap<>();
        units.forEach(unit -> unitOf.put(unit.get(0), unit));
        List<Batch> order = new ArrayList<>();
        for (int round = 0; round < plan.rounds(); round++) {
            for (int s = 0; s < units.size(); s++) {
                Series series = units.get((s + round) % units.size()).get(0);
                for (int z = 0; z < sizes.size(); z++) {
                    order.add(new Batch(round, new Point(series, sizes.get((z + round) % sizes.size()))));
                }
            }
        }
        RemainingTime remaining = new RemainingTime();
        for (int done = 0; done < order.size(); done++) {
            Batch next = order.get(done);
            Series series = next.point().series();
            SizePoint size = next.point().size();
            List<Series> unit = unitOf.get(series);
            int calls = plan.callsPerBatch(size);
            long batchStarted = System.nanoTime();
            long[][] batch = batch(unit, size, calls);
            remaining.took(next.point(), System.nanoTime() - batchStarted);
            for (int u = 0; u < unit.size(); u++) {
                timings.get(unit.get(u)).computeIfAbsent(size, k -> new PointAccumulator()).addBatch(
                        Arrays.copyOfRange(batch[0], u * calls, (u + 1) * calls),
                        Arrays.copyOfRange(batch[1], u * calls, (u + 1) * calls));
            }
            boolean lastOfSeries = done + 1 == order.size() || !order.get(done + 1).point().series().equals(series);
            if (lastOfSeries) {
                List<Point> ahead = order.subList(done + 1, order.size()).stream().map(Batch::point).toList();
                context.progress().accept(String.format(Locale.ROOT,
                        "round %d/%d  %-22s %3d%%  elapsed %s  %s of the payload part", next.round() + 1,
                        plan.rounds(), series.label(), 100 * (done + 1) / order.size(),
                        RemainingTime.minutes((System.nanoTime() - started) / 1e9),
                        RemainingTime.left(remaining.secondsFor(ahead))));
            }
        }
    }

    /** A series at a size: what one batch measures, and what a later batch of it is expected to take. */
    private record Point(Series series, SizePoint size) {
    }

    /** One batch of the measuring order. */
    private record Batch(int round, Point point) {
    }

    /** The response and server timings of each series of {@code unit} (a floor's is a unit of one), one after the other. */
    private long[][] batch(List<Series> unit, SizePoint size, int calls) {
        int nativeWarmup = Math.max(20, calls / 5);
        return switch (unit.get(0).caller()) {
            case NATIVE -> {
                NativeFloors.Timings t = floors.corba(size.query(), calls, nativeWarmup);
                yield new long[][] {t.response(), t.server()};
            }
            case RAW -> {
                NativeFloors.Timings t = floors.raw(size.dataBytes(), calls, nativeWarmup);
                yield new long[][] {t.response(), t.server()};
            }
            default -> {
                Reply reply = workers.call(Op.MEASURE, unit, size, calls, null);
                yield new long[][] {reply.response(), reply.server()};
            }
        };
    }

    /**
     * The series as the rounds measure them: each on its own, but for those measured side by side
     * in one request ({@link #sideBySide}), which stay together where the first of them is.
     */
    static List<List<Series>> units(List<Series> series) {
        List<List<Series>> units = new ArrayList<>();
        Set<Series> placed = new HashSet<>();
        for (Series one : series) {
            if (placed.contains(one)) {
                continue;
            }
            List<Series> unit = sideBySide(one).stream().filter(series::contains).toList();
            if (!unit.contains(one)) {
                unit = List.of(one);
            }
            placed.addAll(unit);
            units.add(unit);
        }
        return units;
    }

    /**
     * The series measured side by side with {@code series}, itself included: the standalone
     * adapter (static) with the clients it is compared with in its JVM (the generated stub on its
     * ORB, the plain client, the typed proxy, and the adapter's own dynamic path), and the bean
     * (static, and dynamic) with the adapter beside it. Measured in separate batches minutes apart,
     * a ratio near 1 took the machine's drift between them: per-round ratios spread from 0.38 to
     * 1.98 in a full run. TLS stays in batches
     * of its own: beside it, on a third ORB with its ciphers, the others came out slower at 100 KB
     * and up than in the runs before.
     */
    static List<Series> sideBySide(Series series) {
        OrbImplementation orb = series.orb();
        List<Series> standalone = List.of(new Series(Caller.CC, orb, InvocationMode.STATIC),
                new Series(Caller.STUB, orb, InvocationMode.STATIC), new Series(Caller.PLAIN, orb, InvocationMode.STATIC),
                new Series(Caller.PROXY, orb, InvocationMode.STATIC), new Series(Caller.CC, orb, InvocationMode.DYNAMIC));
        List<Series> container = List.of(new Series(Caller.ASIO, orb, InvocationMode.STATIC),
                new Series(Caller.ASIO_NO_BEAN, orb, InvocationMode.STATIC),
                new Series(Caller.ASIO, orb, InvocationMode.DYNAMIC));
        if (standalone.contains(series)) {
            return standalone;
        }
        return container.contains(series) ? container : List.of(series);
    }
}
