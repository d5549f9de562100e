package org.corbabridge.adapter.catalog;

import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.function.Consumer;
import org.corbabridge.shop.Item;
import org.corbabridge.shop.QueryResult;

/**
 * The answer to a catalog query (IDL {@code shop::QueryResult}).
 *
 * <pre>{@code
 * long started = System.nanoTime();
 * CatalogResult result = catalog.queryCatalog("bytes=102400");
 * long communicationNanos = System.nanoTime() - started - result.timeInServerNanos();
 * }</pre>
 *
 * @param timeInServerNanos what the server spent answering, by its own steady clock; a
 *     caller's response time minus this is the communication time
 * @param items the items, in the server's order; unmodifiable
 */
public record CatalogResult(long timeInServerNanos, List<CatalogItem> items) {
    public CatalogResult {
        if (!(items instanceof ItemView)) {
            items = List.copyOf(items);
        }
    }

    /**
     * The result over the generated items, without a second pass: each item becomes a record when
     * it is read. The generated array stays inside, so the list cannot change. Copying every item
     * up front cost 5–8% of a 300 KB call (the study's profile); reading them this way costs what
     * reading the generated structs costs.
     */
    static CatalogResult of(QueryResult result) {
        return new CatalogResult(result.timeInServer, new ItemView(result.items));
    }

    /** An unmodifiable list of records over the generated items. */
    private static final class ItemView extends AbstractList<CatalogItem> implements RandomAccess {
        private final Item[] items;

        ItemView(Item[] items) {
            this.items = items;
        }

        @Override
        public CatalogItem get(int index) {
            Item item = items[index];
            return new CatalogItem(item.id, item.itemName, item.description, item.price);
        }

        @Override
        public int size() {
            return items.length;
        }

        /**
         * An iterator of this class's own. {@code AbstractList}'s shared iterator calls {@code get}
         * from one call site that every {@code AbstractList} in the JVM goes through, so the JIT
         * cannot inline it there, and then each record escapes and is allocated. Here
         * {@code next()} is this class's alone: once inlined into the caller's loop, a record the
         * caller only reads is never allocated.
         */
        @Override
        public Iterator<CatalogItem> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < items.length;
                }

                @Override
                public CatalogItem next() {
                    if (next >= items.length) {
                        throw new NoSuchElementException();
                    }
                    return get(next++);
                }
            };
        }

        @Override
        public void forEach(Consumer<? super CatalogItem> action) {
            for (int i = 0; i < items.length; i++) {
                action.accept(get(i));
            }
        }
    }
}
