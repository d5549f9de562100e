package org.corbabridge.examples;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.adapter.catalog.InvalidQueryException;

/** The study's Catalog through its binding of the core, {@code CatalogAdapter}. */
public final class CatalogExample {

    private CatalogExample() {
    }

    public static void main(String[] args) {
        System.out.println(run(args.length > 0 ? args[0] : "corbaname::127.0.0.1:2809#Catalog", "name~lamp limit=10"));
    }

    public static String run(String catalogUrl, String query) {
        AdapterConfig config = AdapterConfig.builder()
                .nameService(catalogUrl)
                .invocation(InvocationMode.STATIC)
                .callTimeout(Duration.ofSeconds(5))
                .build();
        StringBuilder out = new StringBuilder();
        try (CatalogAdapter catalog = CatalogAdapter.create(config)) {
            CatalogResult result = catalog.queryCatalog(query);
            result.items().forEach(item -> out.append(item.itemName()).append("  ").append(item.price()).append('\n'));
        } catch (InvalidQueryException e) {
            out.append("refused: ").append(e.reason());
        } catch (CorbaAdapterException e) {
            out.append(e.getClass().getSimpleName()).append(": ").append(e.getMessage());
        }
        return out.toString();
    }
}
