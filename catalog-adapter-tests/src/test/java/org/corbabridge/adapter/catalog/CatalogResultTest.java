package org.corbabridge.adapter.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.corbabridge.adapter.TestOrbs;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(TestOrbs.ORB_FREE)
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
    void theItemsIterateAndForEachInTheServersOrderAndEnd() {
        List<CatalogItem> items = CatalogResult.of(GENERATED).items();
        List<CatalogItem> iterated = new ArrayList<>();
        Iterator<CatalogItem> iterator = items.iterator();
        while (iterator.hasNext()) {
            iterated.add(iterator.next());
        }
        List<CatalogItem> visited = new ArrayList<>();
        items.forEach(visited::add);

        assertThat(iterated).isEqualTo(items).containsExactlyElementsOf(visited);
        assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(iterator::remove).isInstanceOf(UnsupportedOperationException.class);
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
