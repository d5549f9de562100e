package org.corbabridge.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.TestNetwork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Drills on a real network path: three warehouse_server replicas and omniNames, each in a network
 * namespace of its own joined to the test's by veth pairs and a bridge; one client on this JVM's
 * ORB, under load from {@value #SESSIONS} threads that call the idempotent {@code site} and the
 * non-idempotent {@code echo} in turn. Each drill fails one part (a pulled link, SIGKILL,
 * SIGSTOP, a restart, the name service's restart), then recovers it, and asserts: no wrong answer;
 * no failed idempotent call; a non-idempotent call fails only typed, with a completion that does
 * not claim it ran, and only if it started before the replica was ejected; every call within its
 * deadline (plus {@link #DEADLINE_SLACK}); the ejection within {@link #EJECTION_BOUND}; every replica back in the spread within
 * {@link #RECOVERY_BOUND} of the recovery. Each drill's figures are printed.
 */
@Tag("drills")
class ReplicaDrillsTest {

    static final int SESSIONS = 100;
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(3);
    static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);
    static final Duration ATTEMPT_TIMEOUT = Duration.ofMillis(400);
    static final Duration EJECTION_TIME = Duration.ofSeconds(1);
    /** From the failure to the replica's ejection: a few attempt time-outs, under load. */
    static final Duration EJECTION_BOUND = Duration.ofSeconds(2);
    /** From the recovery to the replica's return: its ejection time, a probe, and margin for two cores. */
    static final Duration RECOVERY_BOUND = Duration.ofSeconds(5);
    /**
     * Beyond the call time-out, what a call may take to come back: 100 sessions on two cores (the
     * worst came back 262 ms late beside another build, 250 ms alone).
     */
    static final Duration DEADLINE_SLACK = Duration.ofSeconds(1);
    /** From the load's start to a healthy spread over every replica: its ejection time and probe, twice over. */
    static final Duration STEADY_BOUND = Duration.ofSeconds(10);
    private static final List<String> SITES = List.of("depot-1", "depot-2", "depot-3");

    private TestNetwork network;
    private ServerFixture fixture;
    private final List<TestNetwork.NamespaceHost> hosts = new ArrayList<>();
    private final List<ServerProcess> replicas = new ArrayList<>();
    private final List<Event> events = Collections.synchronizedList(new ArrayList<>());

    /** An ejection or a probe, when it happened. */
    private record Event(long nanos, String what, String replica) {
    }

    /** One call of the load: when, which kind, what came back. */
    private record Call(long started, long ended, boolean idempotent, String site, CorbaAdapterException failure,
            String wrong) {
    }

    @BeforeEach
    void startNetwork() {
        String unavailable = TestNetwork.unavailableBecause();
        assumeTrue(unavailable == null, () -> "no network namespaces here, so no drills: " + unavailable);
        network = TestNetwork.create();
        fixture = ServerFixture.startNameServiceOnly(network.addHost("naming"));
        for (int i = 1; i <= 3; i++) {
            TestNetwork.NamespaceHost host = network.addHost("replica-" + i);
            hosts.add(host);
            replicas.add(fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                    .extraArguments("--site", "depot-" + i).build(), host));
        }
    }

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
        if (network != null) {
            network.close();
        }
    }

    private CorbaClient<WarehouseOperations> client() {
        CallObserver observer = new CallObserver() {
            @Override
            public Observation start(String repositoryId, String operation) {
                return Observation.NONE;
            }

            @Override
            public void replicaEjected(String replica, CorbaAdapterException cause) {
                events.add(new Event(System.nanoTime(), "ejected", replica));
            }

            @Override
            public void replicaProbed(String replica, boolean answered) {
                events.add(new Event(System.nanoTime(), answered ? "back" : "still out", replica));
            }
        };
        return CorbaClient.create(WarehouseOperations.class, AdapterConfig.builder()
                .nameService(fixture.nameServiceUrl())
                .replicas("Warehouse-1", "Warehouse-2", "Warehouse-3")
                .replicaPolicy(ReplicaPolicy.builder().ejectAfter(3, 5).ejectFor(EJECTION_TIME)
                        .attemptTimeout(ATTEMPT_TIMEOUT).build())
                .idempotent("_get_site")
                .orb(TestOrbs.current())
                .callTimeout(CALL_TIMEOUT)
                .connectTimeout(CONNECT_TIMEOUT)
                .observers(observer)
                .build());
    }

    private String replicaName(int index) {
        return "'Warehouse-" + (index + 1) + "' in " + fixture.nameServiceUrl();
    }

    @Test
    void aPulledLinkIsEjectedAndItsReplicaReturnsWhenPluggedBackIn() throws Exception {
        drill("pulled link", 1, () -> hosts.get(1).linkDown(), () -> hosts.get(1).linkUp());
    }

    @Test
    void aKilledReplicaIsEjectedAndReturnsOnceRestarted() throws Exception {
        drill("SIGKILL", 1, () -> replicas.get(1).kill(), () -> replicas.get(1).restart());
    }

    @Test
    void aStoppedReplicaIsEjectedAndReturnsOnceContinued() throws Exception {
        drill("SIGSTOP", 1, () -> replicas.get(1).suspend(), () -> replicas.get(1).resume());
    }

    @Test
    void aRestartedReplicaIsLeftOutWhileDownAndReturns() throws Exception {
        drill("restart", 1, () -> replicas.get(1).stop(), () -> replicas.get(1).restart());
    }

    @Test
    void aRestartedNameServiceCostsNoCall() throws Exception {
        drill("name service restart", -1, () -> fixture.nameService().kill(), () -> fixture.nameService().restart());
    }

    /**
     * Runs the load until it is spread over every replica (at least half a second), fails a part,
     * keeps the load on for 2 s, recovers it, and keeps the load on until every replica is back in
     * the spread (at most {@link #RECOVERY_BOUND}).
     *
     * @param failed the replica the drill fails, or -1 when it fails none (the name service)
     */
    private void drill(String name, int failed, ThrowingAction failure, ThrowingAction recovery) throws Exception {
        List<Call> calls = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService sessions = Executors.newFixedThreadPool(SESSIONS);
        long failedAt;
        long recoveredAt;
        long balancedAt = -1;
        try (CorbaClient<WarehouseOperations> client = client()) {
            for (int s = 0; s < SESSIONS; s++) {
                int session = s;
                sessions.execute(() -> load(client.proxy(), session, running, calls));
            }
            steadyBeforeTheDrill(calls);
            failedAt = System.nanoTime();
            failure.run();
            Thread.sleep(2000);
            recoveredAt = System.nanoTime();
            recovery.run();
            long giveUp = recoveredAt + RECOVERY_BOUND.toNanos();
            while (System.nanoTime() < giveUp && balancedAt < 0) {
                Thread.sleep(100);
                if (balanced(calls, System.nanoTime() - 500_000_000L)) {
                    balancedAt = System.nanoTime();
                }
            }
            running.set(false);
            sessions.shutdown();
            assertThat(sessions.awaitTermination(CALL_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS))
                    .as("every session ended").isTrue();
        } finally {
            running.set(false);
            sessions.shutdownNow();
        }

        List<Call> all = List.copyOf(calls);
        long ejectedAt = failed < 0 ? -1 : events.stream()
                .filter(e -> e.what().equals("ejected") && e.replica().equals(replicaName(failed)) && e.nanos() >= failedAt)
                .mapToLong(Event::nanos).min().orElse(-1);
        report(name, all, failedAt, ejectedAt, recoveredAt, balancedAt);

        assertThat(all).as("calls made").hasSizeGreaterThan(SESSIONS * 10);
        assertThat(all).as("no wrong answer").allSatisfy(call -> assertThat(call.wrong()).isNull());
        assertThat(all).as("no idempotent call failed").filteredOn(Call::idempotent)
                .allSatisfy(call -> assertThat(call.failure()).isNull());
        long deadline = CALL_TIMEOUT.plus(DEADLINE_SLACK).toNanos();
        assertThat(all).as("every call within its deadline")
                .allSatisfy(call -> assertThat(call.ended() - call.started()).isLessThanOrEqualTo(deadline));
        List<Call> failures = all.stream().filter(call -> call.failure() != null).toList();
        // one that did not run went to another replica; what reaches the caller may have run, and says so:
        // MAYBE, or YES where the server's reply had come and the ORB lost it (the Eclipse ORB fails calls
        // whose replies it has read whole when the connection then closes or stalls: seen in the restart
        // and pulled-link drills), never NO
        assertThat(failures).as("failures are of a failed replica, and claim to know only what the server said")
                .allSatisfy(call -> {
                    assertThat(call.failure()).isInstanceOfAny(ServerUnavailableException.class,
                            CallTimeoutException.class);
                    if (call.failure().completion() == Completion.YES) {
                        assertThat(call.failure()).hasMessageEndingWith("the server had answered that the call ran");
                    } else {
                        assertThat(call.failure().completion()).isEqualTo(Completion.MAYBE);
                    }
                });
        if (failed < 0) {
            // from the failure on: the warm-up before the steady spread is not the drill's
            assertThat(failures).as("nothing fails while the name service restarts")
                    .noneMatch(call -> call.started() >= failedAt);
            assertThat(events).as("no replica ejected")
                    .noneMatch(e -> e.what().equals("ejected") && e.nanos() >= failedAt);
        } else {
            assertThat(ejectedAt).as("the failed replica was ejected").isPositive();
            assertThat(Duration.ofNanos(ejectedAt - failedAt)).as("time to eject").isLessThanOrEqualTo(EJECTION_BOUND);
            assertThat(failures).as("only non-idempotent calls started before the ejection fail")
                    .allSatisfy(call -> assertThat(call.started()).isLessThanOrEqualTo(ejectedAt));
        }
        assertThat(balancedAt).as("every replica back in the spread within " + RECOVERY_BOUND).isPositive();
    }

    /**
     * Waits until the load is spread over every replica and none is out, so that the drill fails a
     * part of a healthy set. A fixed pause was not enough: on a slow machine the first calls of 100
     * sessions (connections, class loading, JIT) can outlast the attempt time-out, eject a healthy
     * replica before the drill, and the failed one is then never ejected during it (CI saw that).
     */
    private void steadyBeforeTheDrill(List<Call> calls) throws InterruptedException {
        long giveUp = System.nanoTime() + STEADY_BOUND.toNanos();
        Thread.sleep(500);
        while (!(balanced(calls, System.nanoTime() - 500_000_000L) && noReplicaOut())) {
            assertThat(System.nanoTime()).as("the load spread over every replica, none out, within " + STEADY_BOUND
                    + " before the drill; events " + events).isLessThan(giveUp);
            Thread.sleep(100);
        }
    }

    /** Whether every replica's last ejection, if any, was followed by a probe that it answered. */
    private boolean noReplicaOut() {
        Map<String, String> last = new TreeMap<>();
        synchronized (events) {
            events.forEach(e -> last.put(e.replica(), e.what()));
        }
        return last.values().stream().allMatch("back"::equals);
    }

    @FunctionalInterface
    private interface ThrowingAction {
        void run() throws Exception;
    }

    /** One session: {@code site} and {@code echo} in turn until told to stop. */
    private static void load(WarehouseOperations warehouse, int session, AtomicBoolean running, List<Call> calls) {
        Pallet pallet = WarehouseValues.everyBranch("drill-" + session).get(0);
        for (int i = 0; running.get(); i++) {
            boolean idempotent = i % 2 == 0;
            long started = System.nanoTime();
            String site = null;
            String wrong = null;
            CorbaAdapterException failure = null;
            try {
                if (idempotent) {
                    site = warehouse.site();
                    wrong = SITES.contains(site) ? null : "site " + site;
                } else {
                    Pallet back = warehouse.echo(pallet);
                    try {
                        WarehouseValues.assertSamePallet(back, pallet);
                    } catch (AssertionError e) {
                        wrong = "echo: " + e.getMessage();
                    }
                }
            } catch (CorbaAdapterException e) {
                failure = e;
            } catch (RuntimeException e) {
                wrong = "untyped " + e;
            }
            calls.add(new Call(started, System.nanoTime(), idempotent, site, failure, wrong));
        }
    }

    /** Whether every replica answered at least a fifth of the {@code site} calls started since {@code since}. */
    private static boolean balanced(List<Call> calls, long since) {
        Map<String, Integer> bySite = new TreeMap<>();
        int total = 0;
        synchronized (calls) {
            for (int i = calls.size() - 1; i >= 0 && calls.get(i).started() >= since; i--) {
                Call call = calls.get(i);
                if (call.site() != null) {
                    bySite.merge(call.site(), 1, Integer::sum);
                    total++;
                }
            }
        }
        int enough = total / 5;
        return total > 0 && SITES.stream().allMatch(site -> bySite.getOrDefault(site, 0) >= enough && enough > 0);
    }

    private void report(String name, List<Call> all, long failedAt, long ejectedAt, long recoveredAt, long balancedAt) {
        long worst = all.stream().mapToLong(call -> call.ended() - call.started()).max().orElse(0);
        long idempotentFailures = all.stream().filter(c -> c.idempotent() && c.failure() != null).count();
        Map<String, Long> failuresByKind = new TreeMap<>();
        Map<String, String> exampleOfKind = new TreeMap<>();
        all.stream().filter(c -> c.failure() != null).forEach(c -> {
            String kind = c.failure().getClass().getSimpleName() + "/" + c.failure().completion();
            failuresByKind.merge(kind, 1L, Long::sum);
            if (!exampleOfKind.containsKey(kind) && c.failure() instanceof RemoteCallException) {
                c.failure().printStackTrace(System.out);
            }
            exampleOfKind.putIfAbsent(kind, c.failure().getMessage());
        });
        Map<String, Integer> spreadAfter = new TreeMap<>();
        all.stream().filter(c -> c.site() != null && balancedAt > 0 && c.started() >= balancedAt - 500_000_000L)
                .forEach(c -> spreadAfter.merge(c.site(), 1, Integer::sum));
        System.out.printf(Locale.ROOT, "drill %-22s %-11s calls %6d, failed: idempotent %d, non-idempotent %s; worst "
                        + "call %d ms (deadline %d ms); ejected after %s; back in the spread %s after the recovery %s%n",
                name, TestOrbs.current().displayName(), all.size(), idempotentFailures, failuresByKind,
                worst / 1_000_000, CALL_TIMEOUT.toMillis(),
                ejectedAt < 0 ? "-" : (ejectedAt - failedAt) / 1_000_000 + " ms",
                balancedAt < 0 ? "never" : (balancedAt - recoveredAt) / 1_000_000 + " ms", spreadAfter);
        exampleOfKind.forEach((kind, message) -> System.out.println("  for example " + kind + ": " + message));
    }
}
