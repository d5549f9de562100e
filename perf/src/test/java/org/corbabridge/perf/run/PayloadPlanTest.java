package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PayloadPlanTest {

    @Test
    void bothPlansMeasureThePapersThreeSizes() {
        for (PayloadPlan plan : new PayloadPlan[] {PayloadPlan.quick(), PayloadPlan.full()}) {
            assertThat(plan.budgets()).as(plan.name()).contains(100 * 1024L, 200 * 1024L, 300 * 1024L);
            assertThat(plan.rounds()).isGreaterThanOrEqualTo(2);
        }
        assertThat(PayloadPlan.full().budgets()).contains(12L, 1024 * 1024L);
    }

    @Test
    void largerPayloadsGetFewerCallsPerBatch() {
        PayloadPlan plan = PayloadPlan.full();
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(1024))).isEqualTo(300);
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(300 * 1024))).isEqualTo(150);
        assertThat(plan.callsPerBatch(SizePoint.ofBudget(1024 * 1024))).isEqualTo(60);
    }
}
