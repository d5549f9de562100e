package org.corbabridge.adapter.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.RemoteCallException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.adapter.internal.time.FakeTicker;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The rebind rules, with a fake locator: which failures make a binding stale, and how often it is located again. */
@Tag(TestOrbs.ORB_FREE)
class RebindingTest {

    private final AtomicInteger lookups = new AtomicInteger();

    private Rebinding<String> binding() {
        return new Rebinding<>(() -> null, reference -> "binding " + lookups.incrementAndGet(), reference -> { },
                "'Catalog' in corbaname::127.0.0.1:1", "IDL:shop/Catalog:1.0", Duration.ofSeconds(2), new FakeTicker());
    }

    @Test
    void theObjectIsLocatedOnceWhenCreatedAndNotAgainWhileCallsSucceedOrFailOtherwise() {
        Rebinding<String> binding = binding();
        Rebinding.Bound<String> used = binding.current(() -> { });
        binding.staleIfGone(used, new RemoteCallException("the server's bad answer", Completion.YES, null));
        assertThat(binding.current(() -> { }).target()).isEqualTo("binding 1");
        assertThat(binding.rebinds()).isZero();
    }

    @Test
    void aServerFoundGoneMakesTheNextAttemptLocateItAgainOnce() {
        Rebinding<String> binding = binding();
        Rebinding.Bound<String> used = binding.current(() -> { });
        binding.staleIfGone(used, new ServerUnavailableException("gone", Completion.NO, null));
        assertThat(binding.isStale()).isTrue();
        List<String> rebound = new ArrayList<>();
        assertThat(binding.current(() -> rebound.add("rebound")).target()).isEqualTo("binding 2");
        assertThat(binding.current(() -> rebound.add("rebound")).target()).isEqualTo("binding 2");
        assertThat(rebound).hasSize(1);
        assertThat(binding.rebinds()).isEqualTo(1);
    }

    @Test
    void aFailureOnAnOlderBindingLeavesTheNewerOneAlone() {
        Rebinding<String> binding = binding();
        Rebinding.Bound<String> first = binding.current(() -> { });
        binding.staleIfGone(first, new ServerUnavailableException("gone", Completion.NO, null));
        binding.current(() -> { });
        // a call that started on the first binding fails late: the second is not thrown away
        binding.staleIfGone(first, new ServerUnavailableException("gone too", Completion.MAYBE, null));
        assertThat(binding.isStale()).isFalse();
        assertThat(binding.current(() -> { }).target()).isEqualTo("binding 2");
    }

    @Test
    void manyThreadsThatFindTheServerGoneLocateItOnceForAllOfThem() throws Exception {
        Rebinding<String> binding = binding();
        binding.staleIfGone(binding.current(() -> { }), new ServerUnavailableException("gone", Completion.NO, null));
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> targets = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                targets.add(threads.submit(() -> {
                    start.await();
                    return binding.current(() -> { }).target();
                }));
            }
            start.countDown();
            for (Future<String> target : targets) {
                assertThat(target.get(10, TimeUnit.SECONDS)).isEqualTo("binding 2");
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(lookups).hasValue(2);
    }
}
