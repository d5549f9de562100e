package org.corbabridge.adapter.catalog;

import java.util.List;

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
        items = List.copyOf(items);
    }
}
