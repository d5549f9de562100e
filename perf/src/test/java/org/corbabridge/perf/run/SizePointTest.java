package org.corbabridge.perf.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.corbabridge.fixture.ReferenceCatalog;
import org.junit.jupiter.api.Test;

class SizePointTest {

    @Test
    void dataSizeIsTheMarshalledSizeOfTheItemsTheBudgetBuys() {
        SizePoint point = SizePoint.ofBudget(100 * 1024);
        assertThat(point.dataBytes()).isLessThanOrEqualTo(100 * 1024).isGreaterThan(100 * 1024 - 200);
        assertThat(point.dataBytes())
                .isEqualTo(ReferenceCatalog.marshalledBytes(ReferenceCatalog.firstItems(point.items())));
        assertThat(point.query()).isEqualTo("bytes=102400");
        assertThat(point.label()).isEqualTo("100 KB");
    }

    @Test
    void theEmptyResultIsTwelveBytes() {
        SizePoint empty = SizePoint.ofBudget(12);
        assertThat(empty.items()).isZero();
        assertThat(empty.dataBytes()).isEqualTo(12);
        assertThat(empty.label()).isEqualTo("12 B");
    }
}
