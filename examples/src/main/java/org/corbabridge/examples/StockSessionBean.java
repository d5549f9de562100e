package org.corbabridge.examples;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateful;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.ee.CorbaClientResource;
import org.corbabridge.examples.depot.stock.WarehouseOperations;

/** A session with a client, and an ORB, of its own: the resource declared without {@code factory-name}. */
@Stateful
public class StockSessionBean {

    @Resource(name = "WarehouseSessions")
    private CorbaClientResource warehouses;
    private CorbaClient<WarehouseOperations> client;

    @PostConstruct void open() { client = warehouses.openSession(WarehouseOperations.class); }
    @PreDestroy void close() { client.close(); }

    public String site() {
        return client.proxy().site();
    }
}
