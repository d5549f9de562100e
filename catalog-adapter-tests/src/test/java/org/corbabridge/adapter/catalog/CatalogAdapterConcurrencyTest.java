package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.fixture.ServerFixture;
import org.corbabridge.fixture.ServerFixtureExtension;
import org.corbabridge.fixture.ReferenceCatalog;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** One adapter, many threads: every call gets its own, correct answer. */
@ExtendWith(ServerFixtureExtension.class)
class CatalogAdapterConcurrencyTest {

    private static final int THREADS = 16;
    private static final int CALLS_PER_THREAD = 40;

    @ParameterizedTest
    @EnumSource(InvocationMode.class)
    void concurrentCallsOnOneAdapterAllGetTheirOwnCorrectResult(InvocationMode mode, ServerFixture fixture)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (CatalogAdapter adapter = CatalogAdapter.create(TestOrbs.configFor(fixture).invocation(mode).build())) {
            List<Future<Integer>> outcomes = new ArrayList<>();
            for (int thread = 0; thread < THREADS; thread++) {
                int seed = thread;
                outcomes.add(pool.submit((Callable<Integer>) () -> {
                    for (int call = 0; call < CALLS_PER_THREAD; call++) {
                        int count = (seed * CALLS_PER_THREAD + call) % 300;
                        CatalogAdapterDataTest.assertSameItems(
                                adapter.queryCatalog("items=" + count).items(), ReferenceCatalog.firstItems(count));
                    }
                    return CALLS_PER_THREAD;
                }));
            }
            int calls = 0;
            for (Future<Integer> outcome : outcomes) {
                calls += outcome.get(60, TimeUnit.SECONDS);
            }
            assertThat(calls).isEqualTo(THREADS * CALLS_PER_THREAD);
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
