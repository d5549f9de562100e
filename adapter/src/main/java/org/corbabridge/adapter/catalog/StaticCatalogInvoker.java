package org.corbabridge.adapter.catalog;

import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;

/** Static invocation (SII): the stub the IDL compiler generated. */
public final class StaticCatalogInvoker implements CatalogInvoker {

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference) {
        return CatalogHelper.narrow(reference);
    }

    @Override
    public QueryResult queryCatalog(org.omg.CORBA.Object target, String query) throws InvalidQuery {
        return ((Catalog) target).queryCatalog(query);
    }
}
