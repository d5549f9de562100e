package org.corbabridge.adapter.catalog;

import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;

/**
 * How the adapter calls {@code Catalog::queryCatalog}: the strategy the study swaps between
 * static and dynamic invocation. {@link StaticCatalogInvoker} and {@link DynamicCatalogInvoker}
 * are built in; another implementation is loaded by class name from
 * {@code AdapterConfig.invocation}, and needs a public no-argument constructor.
 *
 * <p>Implementations must be thread-safe: one instance serves every call of an adapter.
 */
public interface CatalogInvoker {

    /**
     * Checks that {@code reference} is a Catalog (a remote {@code _is_a} call) and returns what
     * {@link #queryCatalog} will be given.
     *
     * @throws org.omg.CORBA.BAD_PARAM when the object is not a Catalog
     */
    org.omg.CORBA.Object bind(org.omg.CORBA.Object reference);

    /** One call on a reference returned by {@link #bind}. */
    QueryResult queryCatalog(org.omg.CORBA.Object target, String query) throws InvalidQuery;
}
