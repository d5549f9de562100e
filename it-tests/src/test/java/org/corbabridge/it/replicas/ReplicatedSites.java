package org.corbabridge.it.replicas;

import java.util.Map;

/** A test application's bean over a replicated Warehouse: which replica answered each of its calls. */
public interface ReplicatedSites {

    /** {@code calls} calls of {@code site} through the injected proxy: how many each site answered. */
    Map<String, Integer> sites(int calls);
}
