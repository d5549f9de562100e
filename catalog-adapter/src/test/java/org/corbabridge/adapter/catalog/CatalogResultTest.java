package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;
import org.junit.jupiter.api.Test;

class CatalogResultTest {

    private static final QueryResult GENERATED = new QueryResult(1234, new Item[] {
        new Item(1, "oak table", "solid oak", 199.5), new Item(2, "lamp", "brass", 25.0)});

    @Test
    void theItemsReadAsRecordsOfTheGeneratedOnesInTheirOrder() {
        CatalogResult result = CatalogResult.of(GENERATED);

        assertThat(result.timeInServerNanos()).isEqualTo(1234);
        assertThat(result.items()).containsExactly(new CatalogItem(1, "oak table", "solid oak", 199.5),
                new CatalogItem(2, "lamp", "brass", 25.0));
    }

    @Test
    void theItemsCannotBeChanged() {
        List<CatalogItem> items = CatalogResult.of(GENERATED).items();

        assertThatThrownBy(() -> items.add(new CatalogItem(3, "x", "y", 1))).isInstanceOf(
                UnsupportedOperationException.class);
        assertThatThrownBy(() -> items.set(0, new CatalogItem(3, "x", "y", 1))).isInstanceOf(
                UnsupportedOperationException.class);
        assertThatThrownBy(() -> items.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aResultOverTheGeneratedItemsEqualsOneMadeFromRecords() {
        CatalogResult copied = new CatalogResult(1234, List.of(new CatalogItem(1, "oak table", "solid oak", 199.5),
                new CatalogItem(2, "lamp", "brass", 25.0)));

        assertThat(CatalogResult.of(GENERATED)).isEqualTo(copied).hasSameHashCodeAs(copied);
    }
}
