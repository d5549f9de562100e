package org.corbabridge.ejb;

import java.util.List;
import org.corbabridge.adapter.catalog.CatalogResult;

/**
 * The local business interface of the catalog session bean. Every failure is an
 * {@link org.corbabridge.adapter.CorbaAdapterException} subclass, delivered as an application
 * exception: typed, unwrapped, and the session stays usable.
 */
public interface CatalogSession {

    /** {@code Catalog::queryCatalog} through this session's adapter; the grammar is the server's. */
    CatalogResult queryCatalog(String query);

    /**
     * Several queries in one business call, one CORBA call each, in order: one trip through the
     * container for many calls. The first failure ends the batch and is thrown.
     */
    List<CatalogResult> queryCatalogs(List<String> queries);

    /** This session's state: where its calls go, how many it made, the last timings. */
    SessionStats stats();

    /** Ends the session; in external mode its ORB is shut down and destroyed. */
    void remove();
}
