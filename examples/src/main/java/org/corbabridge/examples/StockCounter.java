package org.corbabridge.examples;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.corbabridge.ee.CorbaReference;
import org.corbabridge.examples.depot.stock.WarehouseOperations;

/**
 * The Warehouse's proxy by CDI, in any Jakarta EE 10 server with MicroProfile Config: docs/ee.md's
 * "Any Jakarta EE server". Its properties are {@code corbabridge.warehouse.*}.
 */
@ApplicationScoped
public class StockCounter {

    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    public String site() {
        return warehouse.site();
    }
}
