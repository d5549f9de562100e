package org.corbabridge.ejb;

import java.util.concurrent.Future;
import org.corbabridge.adapter.catalog.CatalogResult;

/**
 * The local business interface of the stateless catalog facade: queries that return at once and
 * complete on the container's executor. A stateful session serializes its calls, so overlapping
 * calls need a stateless bean; each pooled instance has an adapter of its own on the container's
 * ORB.
 */
public interface CatalogQueries {

    /**
     * {@code Catalog::queryCatalog}, run by the container on its asynchronous executor
     * ({@code @Asynchronous}): the future completes with the result or fails with the adapter's
     * typed exception (an {@code ExecutionException} whose cause is a
     * {@link org.corbabridge.adapter.CorbaAdapterException}) within the call time-out.
     */
    Future<CatalogResult> queryCatalog(String query);
}
