package org.corbabridge.it.app;

import jakarta.ejb.Singleton;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;
import org.corbabridge.it.cdi.WarehouseCounter;
import org.corbabridge.warehouse.app.StockWatch;
import org.corbabridge.warehouse.app.WarehouseDesk;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Readiness;

/**
 * What the test reaches the application through in embedded OpenEJB, where there is no HTTP: an
 * EJB the test looks up, in front of the application's own bean ({@link WarehouseDesk}, as Payara
 * Micro serves it) and its readiness checks.
 */
@Singleton
public class WarehouseDeskDriver {

    @Inject
    WarehouseDesk desk;

    @Inject
    @Readiness
    Instance<HealthCheck> readiness;

    @Inject
    StockWatch watch;

    public WarehouseDesk desk() {
        return desk;
    }

    public StockWatch watch() {
        return watch;
    }

    /** Each readiness check as "name STATUS {data}". */
    public List<String> readiness() {
        return WarehouseCounter.describe(readiness);
    }
}
