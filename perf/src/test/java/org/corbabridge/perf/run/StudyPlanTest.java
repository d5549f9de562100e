package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StudyPlanTest {

    @Test
    void bothPlansMeasureThePapersThreeSizes() {
        for (StudyPlan plan : new StudyPlan[] {StudyPlan.quick(), StudyPlan.full()}) {
            assertThat(plan.budgets()).as(plan.name()).contains(100 * 1024L, 200 * 1024L, 300 * 1024L);
            assertThat(plan.rounds()).isGreaterThanOrEqualTo(2);
        }
        assertThat(StudyPlan.full().budgets()).contains(12L, 1024 * 1024L);
    }

    @Test
    void largerPayloadsGetFewerCallsPerBatch() {
        StudyPlan plan = StudyPlan.full();
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(1024))).isEqualTo(300);
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(300 * 1024))).isEqualTo(150);
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(1024 * 1024))).isEqualTo(60);
    }
}
