package org.corbabridge.examples;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.ejb.CatalogQueries;
import org.corbabridge.ejb.CatalogSession;

/** The study's beans used from a bean of an application's own: a session, and two queries in flight at once. */
@Stateless
public class CatalogPages {

    @EJB(lookup = "java:global/catalog-ejb/CatalogSession!org.corbabridge.ejb.CatalogSession")
    private CatalogSession catalog;   // or look one up per conversation: each lookup is a new session

    @EJB(lookup = "java:global/catalog-ejb/CatalogQueries!org.corbabridge.ejb.CatalogQueries")
    private CatalogQueries queries;

    public CatalogResult lamps() {
        CatalogResult result = catalog.queryCatalog("name~lamp limit=10");
        return result;
    }

    public List<CatalogResult> lampsAndDesks() throws InterruptedException, ExecutionException {
        Future<CatalogResult> lamps = queries.queryCatalog("name~lamp");
        Future<CatalogResult> desks = queries.queryCatalog("name~desk");   // both in flight
        return List.of(lamps.get(), desks.get());
    }
}
