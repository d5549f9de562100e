package org.corbabridge.it.warehouse;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Local;
import jakarta.ejb.Remove;
import jakarta.ejb.Stateful;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaClientResource;

/**
 * What an application writes to call its own CORBA server from a bean: the typed proxy by
 * injection (META-INF/resources.xml declares it), or a client on an ORB of the session's own.
 */
@Stateful
@Local(WarehouseDesk.class)
public class WarehouseDeskBean implements WarehouseDesk {

    @Resource(name = "Warehouse")
    private WarehouseOperations warehouse;

    @Resource(name = "WarehouseSessions")
    private CorbaClientResource warehouses;

    private CorbaClient<WarehouseOperations> own;

    @PostConstruct
    void open() {
        own = warehouses.openSession(WarehouseOperations.class);
    }

    @PreDestroy
    void close() {
        own.close();
    }

    @Override
    public String siteThroughSharedProxy() {
        return warehouse.site();
    }

    @Override
    public Pallet echoThroughSharedProxy(Pallet pallet) {
        return warehouse.echo(pallet);
    }

    @Override
    public String siteThroughOwnOrb() {
        return own.proxy().site();
    }

    @Override
    public Pallet echoThroughOwnOrb(Pallet pallet) {
        return own.proxy().echo(pallet);
    }

    @Override
    @Remove
    public void remove() {
        // @PreDestroy closes the session's client and its ORB
    }
}
