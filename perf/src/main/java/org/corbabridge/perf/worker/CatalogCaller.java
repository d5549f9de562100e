package org.corbabridge.perf.worker;

import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogResult;

/** One configuration's way of calling the Catalog, set up once per worker JVM. */
interface CatalogCaller extends AutoCloseable {

    /** What setting up cost, in ns, by step. */
    Map<String, Long> setupCosts();

    CatalogResult call(InvocationMode mode, String query);

    @Override
    void close();
}
