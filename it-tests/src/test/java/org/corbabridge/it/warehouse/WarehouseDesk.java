package org.corbabridge.it.warehouse;

import org.corbabridge.depot.stock.Pallet;

/** A test application's own bean: the Warehouse through the injected proxy and through a session's own ORB. */
public interface WarehouseDesk {

    String siteThroughSharedProxy();

    Pallet echoThroughSharedProxy(Pallet pallet);

    String siteThroughOwnOrb();

    Pallet echoThroughOwnOrb(Pallet pallet);

    void remove();
}
