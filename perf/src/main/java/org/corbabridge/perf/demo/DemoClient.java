package org.corbabridge.perf.demo;

import java.util.List;
import java.util.Locale;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogItem;
import org.corbabridge.adapter.catalog.CatalogResult;

/** One ORB, both invocation modes, a few queries; arguments: ORB name, catalog corbaname URL. */
public final class DemoClient {

    private static final List<String> QUERIES = List.of("items=3", "name~lamp limit=3", "bytes=102400",
            "colour=red");

    private DemoClient() {
    }

    public static void main(String[] args) {
        OrbImplementation orb = OrbImplementation.valueOf(args[0]);
        for (InvocationMode mode : InvocationMode.values()) {
            AdapterConfig config = AdapterConfig.builder().nameService(args[1]).orb(orb).invocation(mode).build();
            System.out.printf("== %s, %s invocation%n", orb, mode.configName());
            try (CatalogAdapter catalog = CatalogAdapter.create(config)) {
                for (String query : QUERIES) {
                    show(catalog, query);
                }
            }
        }
    }

    private static void show(CatalogAdapter catalog, String query) {
        long started = System.nanoTime();
        try {
            CatalogResult result = catalog.queryCatalog(query);
            long nanos = System.nanoTime() - started;
            System.out.printf(Locale.ROOT, "  %-20s %5d items in %8.3f ms (server %7.3f ms)%n", query,
                    result.items().size(), nanos / 1e6, result.timeInServerNanos() / 1e6);
            result.items().stream().limit(3).forEach(DemoClient::showItem);
        } catch (CorbaAdapterException e) {
            System.out.printf("  %-20s %s: %s%n", query, e.getClass().getSimpleName(), e.getMessage());
        }
    }

    private static void showItem(CatalogItem item) {
        System.out.printf(Locale.ROOT, "      #%-6d %-16s %8.2f  %s%n", item.id(), item.itemName(), item.price(),
                item.description());
    }
}
