package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The rules of a replica set, with fake bindings, a fake clock and a fake probe: how calls are
 * spread, how a call's attempts go round the replicas, when a replica is ejected and when it is
 * let back in. In milliseconds, without an ORB.
 */
@Tag(TestOrbs.ORB_FREE)
class ReplicasTest {

    private static final List<String> THREE = List.of("'Catalog-1' in ns", "'Catalog-2' in ns", "'Catalog-3' in ns");
    private static final long ONE_MS = 1_000_000;

    private final FakeTicker clock = new FakeTicker();
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final CallObserver observer = new CallObserver() {
        @Override
        public Observation start(String repositoryId, String operation) {
            return Observation.NONE;
        }

        @Override
        public void replicaEjected(String replica, CorbaAdapterException cause) {
            events.add("ejected " + replica + (cause == null ? "" : ": " + cause.getMessage()));
        }

        @Override
        public void replicaProbed(String replica, boolean answered) {
            events.add((answered ? "back " : "still out ") + replica);
        }
    };
    private final AtomicInteger locations = new AtomicInteger();
    private Replicas<String> replicas;

    @AfterEach
    void close() {
        if (replicas != null) {
            replicas.close();
        }
    }

    private Replicas<String> replicas(ReplicaPolicy policy, CorbaAdapterException... creationFailures) {
        List<Rebinding<String>> bindings = new ArrayList<>();
        for (String target : THREE) {
            bindings.add(new Rebinding<>(() -> null, reference -> target + " #" + locations.incrementAndGet(),
                    reference -> { }, target, "IDL:shop/Catalog:1.0", Duration.ofSeconds(2), clock, false));
        }
        List<CorbaAdapterException> failures = new ArrayList<>(Collections.nCopies(THREE.size(), null));
        for (int i = 0; i < creationFailures.length; i++) {
            failures.set(i, creationFailures[i]);
        }
        // a prober period no test reaches: the tests probe themselves
        replicas = Replicas.of(THREE, bindings, failures, policy, clock, observer, replica -> { }, 3_600_000,
                "test-prober");
        return replicas;
    }

    private static ReplicaPolicy policy(ReplicaPolicy.Balancing balancing) {
        return ReplicaPolicy.builder().balancing(balancing).build();
    }

    /** One attempt of one call, ended as {@code failure} says (null: answered). */
    private Replicas.Replica<String> call(RuntimeException failure) {
        Replicas.Replica<String> replica = replicas.pick(replicas.newChoice());
        Replicas.started(replica);
        Replicas.ended(replica, ONE_MS, failure);
        return replica;
    }

    private static ServerUnavailableException refused(String replica) {
        return new ServerUnavailableException("connection to " + replica + " refused", Completion.NO, null);
    }

    @Test
    void roundRobinSpreadsCallsEvenly() {
        replicas(policy(ReplicaPolicy.Balancing.ROUND_ROBIN));
        Map<String, Integer> calls = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            calls.merge(call(null).target(), 1, Integer::sum);
        }
        assertThat(calls).containsOnlyKeys(THREE).allSatisfy((replica, count) -> assertThat(count).isEqualTo(100));
    }

    @Test
    void leastOutstandingSendsACallToTheReplicaWithFewestCallsWaiting() {
        replicas(policy(ReplicaPolicy.Balancing.LEAST_OUTSTANDING));
        // two calls wait on the first replica, one on the second
        List<Replicas.Replica<String>> all = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            all.add(replicas.pick(replicas.newChoice()));
        }
        Replicas.Replica<String> first = all.stream().filter(r -> r.target().equals(THREE.get(0))).findFirst()
                .orElseThrow();
        Replicas.Replica<String> second = all.stream().filter(r -> r.target().equals(THREE.get(1))).findFirst()
                .orElseThrow();
        Replicas.started(first);
        Replicas.started(first);
        Replicas.started(second);

        for (int i = 0; i < 5; i++) {
            assertThat(replicas.pick(replicas.newChoice()).target()).isEqualTo(THREE.get(2));
        }
        Replicas.ended(first, ONE_MS, null);
        Replicas.ended(first, ONE_MS, null);
        Map<String, Integer> calls = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            calls.merge(replicas.pick(replicas.newChoice()).target(), 1, Integer::sum);
        }
        assertThat(calls).doesNotContainKey(THREE.get(1)).containsKeys(THREE.get(0), THREE.get(2));
    }

    @Test
    void aCallsAttemptsGoToEachReplicaOnceUntilItStartsOver() {
        replicas(policy(ReplicaPolicy.Balancing.LEAST_OUTSTANDING));
        Replicas.Choice choice = replicas.newChoice();
        List<String> tried = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            assertThat(choice.failOver(3)).isTrue();
            tried.add(replicas.pick(choice).target());
        }
        assertThat(tried).containsExactlyInAnyOrderElementsOf(THREE);
        assertThat(choice.failOver(3)).as("every replica tried").isFalse();
        choice.startOver();
        assertThat(choice.failOver(3)).isTrue();
    }

    @Test
    void aSingleTargetNeedsNoChoiceAndKeepsNoCounts() {
        Rebinding<String> binding = new Rebinding<>(() -> null, reference -> "only", reference -> { }, "'Catalog' in ns",
                "IDL:shop/Catalog:1.0", Duration.ofSeconds(2), clock);
        Replicas<String> single = Replicas.single("'Catalog' in ns", binding);
        assertThat(single.newChoice()).isNull();
        Replicas.Replica<String> only = single.pick(null);
        Replicas.started(only);
        assertThat(only.outstanding()).isZero();
        Replicas.ended(only, ONE_MS, refused("it"));
        assertThat(only.isInService()).as("a single target is never ejected").isTrue();
        assertThat(single.describe()).isEqualTo("'Catalog' in ns");
    }

    @Test
    void aReplicaThatFailsRepeatedlyIsEjectedAndGetsNoCallsUntilItsProbeIsAnswered() {
        replicas(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).ejectAfter(3, 5)
                .ejectFor(Duration.ofSeconds(5)).build());
        String failing = THREE.get(1);
        int failures = 0;
        for (int i = 0; i < 30 && failures < 3; i++) {
            Replicas.Replica<String> replica = replicas.pick(replicas.newChoice());
            Replicas.started(replica);
            boolean fails = replica.target().equals(failing);
            Replicas.ended(replica, ONE_MS, fails ? refused(failing) : null);
            failures += fails ? 1 : 0;
        }
        assertThat(events).containsExactly("ejected " + failing + ": connection to " + failing + " refused");
        for (int i = 0; i < 100; i++) {
            assertThat(call(null).target()).isNotEqualTo(failing);
        }

        // before its ejection time is over, it is not even probed
        List<String> probed = new ArrayList<>();
        clock.advance(Duration.ofMillis(4_900));
        replicas.probeEjected(replica -> probed.add(replica.target()));
        assertThat(probed).isEmpty();

        // a probe that is not answered keeps it out for another while
        clock.advance(Duration.ofMillis(200));
        replicas.probeEjected(replica -> {
            probed.add(replica.target());
            throw new CallTimeoutException("no answer to _non_existent", Completion.MAYBE, null);
        });
        assertThat(probed).containsExactly(failing);
        assertThat(events).endsWith("still out " + failing);
        for (int i = 0; i < 30; i++) {
            assertThat(call(null).target()).isNotEqualTo(failing);
        }

        clock.advance(Duration.ofMillis(5_100));
        replicas.probeEjected(replica -> probed.add(replica.target()));
        assertThat(events).endsWith("back " + failing);
        Map<String, Integer> calls = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            calls.merge(call(null).target(), 1, Integer::sum);
        }
        assertThat(calls).containsOnlyKeys(THREE).allSatisfy((replica, count) -> assertThat(count).isEqualTo(100));
    }

    @Test
    void anEjectedReplicaIsLocatedAgainBeforeItIsProbed() {
        replicas(ReplicaPolicy.builder().ejectAfter(1, 1).ejectFor(Duration.ofSeconds(1)).build());
        Replicas.Replica<String> replica = replicas.pick(replicas.newChoice());
        replica.binding().current(() -> { });
        assertThat(replica.binding().isStale()).isFalse();
        Replicas.started(replica);
        Replicas.ended(replica, ONE_MS, refused(replica.target()));
        assertThat(replica.isInService()).isFalse();
        assertThat(replica.binding().isStale()).as("it may have moved").isTrue();
    }

    @Test
    void answersUserExceptionsAndBadArgumentsNeverEjectAReplica() {
        replicas(ReplicaPolicy.builder().ejectAfter(1, 1).build());
        for (int i = 0; i < 30; i++) {
            call(i % 2 == 0 ? new RemoteUserException("no such item", "IDL:shop/NoSuchItem:1.0", Map.of(), null)
                    : new IllegalArgumentException("a null string cannot be sent"));
        }
        assertThat(events).isEmpty();
    }

    @Test
    void aReplicaUnreachableWhenTheClientIsMadeStartsEjected() {
        replicas(ReplicaPolicy.ofDefaults(), null, refused(THREE.get(1)));
        assertThat(events).containsExactly("ejected " + THREE.get(1) + ": connection to " + THREE.get(1) + " refused");
        for (int i = 0; i < 30; i++) {
            assertThat(call(null).target()).isNotEqualTo(THREE.get(1));
        }
    }

    @Test
    void whenEveryReplicaIsEjectedCallsStillGoToThemAll() {
        replicas(ReplicaPolicy.builder().balancing(ReplicaPolicy.Balancing.ROUND_ROBIN).ejectAfter(1, 1).build());
        for (String target : THREE) {
            Replicas.Replica<String> replica;
            do {
                replica = replicas.pick(replicas.newChoice());
            } while (!replica.target().equals(target));
            Replicas.started(replica);
            Replicas.ended(replica, ONE_MS, refused(target));
        }
        assertThat(events).hasSize(3);
        Map<String, Integer> calls = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            Replicas.Replica<String> replica = replicas.pick(replicas.newChoice());
            calls.merge(replica.target(), 1, Integer::sum);
        }
        assertThat(calls).containsOnlyKeys(THREE);
        assertThat(replicas.describe()).isEqualTo("3 replicas (" + String.join(", ", THREE) + ")");
    }

    @Test
    void anUpdateKeepsTheReplicasStillNamedAddsTheNewAndDropsTheRest() {
        replicas(policy(ReplicaPolicy.Balancing.ROUND_ROBIN));
        Replicas.Replica<String> second = null;
        for (int i = 0; i < 3 && second == null; i++) {
            Replicas.Replica<String> picked = replicas.pick(replicas.newChoice());
            second = picked.target().equals(THREE.get(1)) ? picked : null;
        }
        List<String> added = new ArrayList<>();
        replicas.update(List.of(THREE.get(1), "'Catalog-4' in ns"), target -> {
            added.add(target);
            return new Rebinding<>(() -> null, reference -> target, reference -> { }, target, "IDL:shop/Catalog:1.0",
                    Duration.ofSeconds(2), clock, false);
        });

        assertThat(added).containsExactly("'Catalog-4' in ns");
        Map<String, Integer> calls = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            Replicas.Replica<String> replica = replicas.pick(replicas.newChoice());
            calls.merge(replica.target(), 1, Integer::sum);
            if (replica.target().equals(THREE.get(1))) {
                assertThat(replica).as("the replica still named is the same one").isSameAs(second);
            }
        }
        assertThat(calls).containsOnlyKeys(THREE.get(1), "'Catalog-4' in ns");
        replicas.update(List.of(), target -> {
            throw new AssertionError("nothing joins");
        });
        assertThat(replicas.size()).as("an empty listing changes nothing").isEqualTo(2);
    }
}
