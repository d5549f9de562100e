package org.corbabridge.perf.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corbabridge.perf.worker.ScaleMessages.ClassGrowth;
import org.corbabridge.perf.worker.ScaleMessages.StepReply;
import org.junit.jupiter.api.Test;

class HeapHistogramTest {

    private static final String BEFORE = """
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:          1000          64000  [B (java.base@17.0.15)
               2:           500          12000  java.lang.String (java.base@17.0.15)
               3:            10            480  example.Session
            Total          1510          76480
            """;

    private static final String AFTER = """
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:          1300          96000  [B (java.base@17.0.15)
               2:           310          24800  example.Session
               3:           400           9600  java.lang.String (java.base@17.0.15)
               4:             3            144  example.New
            Total          2013         130544
            """;

    @Test
    void growthNamesTheClassesThatGrewLargestFirstAndLeavesOutWhatShrank() {
        List<ClassGrowth> growth = HeapHistogram.parse(AFTER).growthSince(HeapHistogram.parse(BEFORE), 8);
        assertThat(growth).containsExactly(new ClassGrowth("[B", 300, 32000),
                new ClassGrowth("example.Session", 300, 24320), new ClassGrowth("example.New", 3, 144));
    }

    @Test
    void growthKeepsOnlyTheLargest() {
        assertThat(HeapHistogram.parse(AFTER).growthSince(HeapHistogram.parse(BEFORE), 1)).extracting(
                ClassGrowth::className).containsExactly("[B");
    }

    @Test
    void aHistogramOfThisJvmSeesObjectsItHoldsAlive() {
        HeapHistogram before = HeapHistogram.take();
        List<HeldForTheTest> held = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            held.add(new HeldForTheTest(i));
        }
        List<ClassGrowth> growth = HeapHistogram.take().growthSince(before, 50);
        assertThat(growth).filteredOn(g -> g.className().equals(HeldForTheTest.class.getName()))
                .singleElement().satisfies(g -> assertThat(g.instances()).isEqualTo(10_000));
        assertThat(held).hasSize(10_000);
    }

    @Test
    void aStepIsKeptWithItsGrowthSinceTheFirstStepAndWithoutItsCounts() {
        StepReply first = step(1, HeapHistogram.parse(BEFORE).counts());
        StepReply later = step(300, HeapHistogram.parse(AFTER).counts());

        StepReply kept = later.growthSince(first, 2);

        assertThat(kept.heapGrowth()).containsExactly(new ClassGrowth("[B", 300, 32000),
                new ClassGrowth("example.Session", 300, 24320));
        assertThat(kept.liveClasses()).as("the counts are the driver's to compare, not to keep").isEmpty();
        assertThat(kept.sessions()).isEqualTo(300);
        assertThat(step(300, List.of()).growthSince(first, 2).heapGrowth()).as("no counts, no growth").isEmpty();
    }

    private static StepReply step(int sessions, List<ClassGrowth> counts) {
        return new StepReply(true, null, sessions, null, 0, 1, 10, Map.of(), 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                1, 1, 1, 1, List.of(), counts);
    }

    private record HeldForTheTest(long value) {
    }
}
