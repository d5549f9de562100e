package org.corbabridge.perf.worker;

import org.corbabridge.perf.Caller;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;
import java.util.Map;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.catalog.CatalogResult;

/** One configuration's way of calling the Catalog, set up once per worker JVM. */
interface CatalogCaller extends AutoCloseable {

    /** What setting up cost, in ns, by step. */
    Map<String, Long> setupCosts();

    CatalogResult call(InvocationMode mode, String query);

    /**
     * A call through one of the baselines the standalone worker also serves: the generated stub
     * alone ({@link org.corbabridge.perf.Caller#STUB}) or the core's typed proxy alone
     * ({@link org.corbabridge.perf.Caller#PROXY}). The reply stays the generated type.
     */
    default QueryResult callBaseline(Caller baseline, String query) throws InvalidQuery {
        throw new UnsupportedOperationException(baseline + " runs in the standalone worker only");
    }

    /**
     * The Catalog adapter (static invocation) called directly, not through a bean
     * ({@link org.corbabridge.perf.Caller#ASIO_NO_BEAN}): only where a bean could be called instead.
     */
    default CatalogResult callWithoutBean(String query) {
        throw new UnsupportedOperationException("only the built-in-ORB EJB worker calls beside its bean");
    }

    @Override
    void close();
}
