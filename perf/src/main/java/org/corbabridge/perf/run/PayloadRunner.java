package org.corbabridge.perf.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.fixture.Host;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestNetwork;
import org.corbabridge.perf.Caller;
import org.corbabridge.perf.report.PointResult;
import org.corbabridge.perf.report.ProfileResult;
import org.corbabridge.perf.report.StudyResults;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;

/**
 * Runs the study's payload part: one name service and C++ server for everything; the workers
 * ({@link PayloadWorkers}); their warm-up ({@link WarmUp}); the rounds with the native floors
 * between them ({@link Rounds}); one uninterrupted loop of the plain client; the profiles
 * ({@link Profiles}). Only one thing runs at a time: on two cores, client and server already
 * share the CPUs.
 */
public final class PayloadRunner {

    private static final List<Long> LOOP_BUDGETS = List.of(1024L, 100 * 1024L, 300 * 1024L);

    private final PayloadPlan plan;
    private final RunContext context;

    public PayloadRunner(PayloadPlan plan, RunContext context) {
        this.plan = plan;
        this.context = context;
    }

    /** Over loopback: omniNames, the server and every caller on this machine's 127.0.0.1. */
    public StudyResults run() {
        return run(Host.LOOPBACK, Map.of());
    }

    /**
     * Over a network path: omniNames, the C++ server and the raw floor's far end in a network
     * namespace of their own, joined to the callers' by a veth pair at MTU 1500 through a bridge
     * ({@link TestNetwork}, made here and torn down after); Ethernet-sized segments through a
     * device queue, which loopback (MTU 65 536) never has. Where namespaces cannot be made (not
     * root, no {@code ip}), over loopback again, saying so in the environment.
     */
    public StudyResults runOverNetwork() {
        String unavailable = TestNetwork.unavailableBecause();
        if (unavailable != null) {
            context.progress().accept("network path: " + unavailable + "; measured over loopback instead");
            return run(Host.LOOPBACK, Map.of("network path", "none: " + unavailable + "; loopback again"));
        }
        try (TestNetwork network = TestNetwork.create()) {
            Host servers = network.addHost("servers");
            context.progress().accept("network path: servers at " + servers.address().getHostAddress()
                    + " in a namespace of their own, callers at " + network.clientAddress().getHostAddress());
            return run(servers, Map.of("network path", "veth pair through a bridge, MTU " + network.mtu()
                    + ", servers at " + servers.address().getHostAddress() + " in their own network namespace"));
        }
    }

    private StudyResults run(Host serverHost, Map<String, String> environment) {
        long started = System.nanoTime();
        List<SizePoint> sizes = plan.sizes();
        Map<String, Map<String, Long>> setup = new LinkedHashMap<>();
        Map<Series, Map<SizePoint, PointAccumulator>> timings = new LinkedHashMap<>();
        List<ProfileResult> profiles;

        // the server answers plain text and TLS alike: the TLS series calls the same process
        try (ServerFixture fixture = ServerFixture.start(
                ServerConfig.builder().tls(ServerTls.only().withPlainText()).build(), serverHost);
                PayloadWorkers workers = startWorkers(fixture, setup)) {
            List<Series> allSeries = new ArrayList<>(workers.series());
            allSeries.add(Series.nativeFloor());
            allSeries.add(Series.rawFloor());
            allSeries.forEach(series -> timings.put(series, new LinkedHashMap<>()));
            NativeFloors floors = new NativeFloors(fixture.nameServiceUrl(), serverHost,
                    context.logDir().resolve("catalog-client.log"));

            Map<WorkerProcess, Long> jitAfterWarmUp = new WarmUp(plan, context, workers).run(sizes, setup);
            new Rounds(plan, context, workers, floors).measure(allSeries, sizes, timings, started);
            WarmUp.recordJitSince(jitAfterWarmUp, setup);
            loopAfterRounds(workers, sizes, timings);
            profiles = new Profiles(plan, context, workers).run(sizes);
        }

        List<PointResult> points = new ArrayList<>();
        timings.forEach((series, bySize) -> bySize.forEach((size, point) -> points.add(point.result(series, size))));
        Map<String, String> described = new LinkedHashMap<>(Environment.describe());
        described.putAll(environment);
        return new StudyResults(plan, described, setup, points, (System.nanoTime() - started) / 1e9)
                .withProfiles(profiles);
    }

    private PayloadWorkers startWorkers(ServerFixture fixture, Map<String, Map<String, Long>> setup) {
        context.progress().accept("name service " + fixture.nameServiceUrl() + ", catalog_server pid "
                + fixture.server().pid());
        return PayloadWorkers.start(fixture, context, setup);
    }

    /** Results with no payload points, for a study that leaves this part out. */
    public StudyResults nothing() {
        return new StudyResults(plan, Environment.describe(), Map.of(), List.of(), 0);
    }

    /**
     * The plain client once more, per ORB, in one uninterrupted loop of ten batches' calls at each
     * of the sizes a user asks about first (1, 100 and 300 KB, where planned): what a tight loop
     * sees, set against the same client measured the study's way.
     */
    private void loopAfterRounds(PayloadWorkers workers, List<SizePoint> sizes,
            Map<Series, Map<SizePoint, PointAccumulator>> timings) {
        for (OrbImplementation orb : OrbImplementation.values()) {
            Series plain = new Series(Caller.PLAIN, orb, InvocationMode.STATIC);
            Series loop = new Series(Caller.LOOP, orb, InvocationMode.STATIC);
            for (SizePoint size : sizes) {
                if (!LOOP_BUDGETS.contains(size.budget())) {
                    continue;
                }
                int calls = 10 * plan.callsPerBatch(size);
                context.progress().accept("plain loop " + plain.orbName() + " " + size.label() + ": " + calls
                        + " calls without a break");
                Reply reply = workers.call(Op.MEASURE, plain, size, calls);
                timings.computeIfAbsent(loop, k -> new LinkedHashMap<>())
                        .computeIfAbsent(size, k -> new PointAccumulator()).addBatch(reply.response(), reply.server());
            }
        }
    }
}
