package org.corbabridge.examples;

import jakarta.ejb.Local;

/** The example bean's business interface. */
@Local
public interface StockDesk {

    String site();

    /** Stores a pallet of this id and returns its slot. */
    int store(String id);
}
