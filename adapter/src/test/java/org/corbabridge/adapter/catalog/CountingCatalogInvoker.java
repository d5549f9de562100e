package org.corbabridge.adapter.catalog;

import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;

/** A strategy of the test's own, loaded by class name: static invocation that counts its calls. */
public final class CountingCatalogInvoker implements CatalogInvoker {

    static final AtomicInteger CALLS = new AtomicInteger();

    private final StaticCatalogInvoker delegate = new StaticCatalogInvoker();

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference) {
        return delegate.bind(reference);
    }

    @Override
    public QueryResult queryCatalog(org.omg.CORBA.Object target, String query) throws InvalidQuery {
        CALLS.incrementAndGet();
        return delegate.queryCatalog(target, query);
    }
}
