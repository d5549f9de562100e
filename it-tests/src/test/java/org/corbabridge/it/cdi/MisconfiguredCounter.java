package org.corbabridge.it.cdi;

import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaReference;

/** A bean whose client's properties hold a typo ({@code corbabridge.misspelt.call-timeout}): the application must not start. */
@Singleton
public class MisconfiguredCounter {

    @Inject
    @CorbaReference("misspelt")
    WarehouseOperations warehouse;

    public String site() {
        return warehouse.site();
    }
}
