package org.corbabridge.ejb;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.concurrent.Future;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;

/**
 * The stateless, asynchronous facade of the Catalog, on the container's ORB ({@code CatalogOrb})
 * with static invocation. Declared in META-INF/ejb-jar.xml as {@code CatalogQueries}. The
 * container runs each call on its asynchronous executor and bounds how many run at once; the
 * adapter bounds each by the call time-out, so a future never waits longer than that once its
 * call has started.
 */
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class CatalogQueriesBean implements CatalogQueries {

    @Resource(name = "CatalogClientSettings")
    private CatalogClientSettings settings;

    @Resource(name = "CatalogOrb")
    private ContainerOrb containerOrb;

    /** This instance's adapter; the container gives an instance to one call at a time. */
    private CatalogAdapter adapter;

    @Override
    @Asynchronous
    public Future<CatalogResult> queryCatalog(String query) {
        try {
            return new AsyncResult<>(adapter().queryCatalog(query));
        } catch (CorbaAdapterException e) {
            throw AsyncFailures.withoutCause(e);
        }
    }

    @PreDestroy
    void stop() {
        if (adapter != null) {
            adapter.close();
            adapter = null;
        }
    }

    /** Resolved on first use, so that a missing server fails a call, not the bean's creation. */
    private CatalogAdapter adapter() {
        if (adapter == null) {
            adapter = CatalogAdapter.create(settings.adapterConfig(null), containerOrb.orb());
        }
        return adapter;
    }
}
