package org.corbabridge.it.replicas;

import jakarta.annotation.Resource;
import jakarta.ejb.Local;
import jakarta.ejb.Stateless;
import java.util.Map;
import java.util.TreeMap;
import org.corbabridge.depot.stock.WarehouseOperations;

/**
 * The typed proxy of a Warehouse with three replicas behind NAT, by injection: replicas, their
 * policy and the address mapping are all the application's META-INF/resources.xml.
 */
@Stateless
@Local(ReplicatedSites.class)
public class ReplicatedSitesBean implements ReplicatedSites {

    @Resource(name = "ReplicatedWarehouse")
    private WarehouseOperations warehouse;

    @Override
    public Map<String, Integer> sites(int calls) {
        Map<String, Integer> sites = new TreeMap<>();
        for (int i = 0; i < calls; i++) {
            sites.merge(warehouse.site(), 1, Integer::sum);
        }
        return sites;
    }
}
