package org.corbabridge.it.cdi;

import jakarta.ejb.Singleton;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaReference;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * What an application writes to call its CORBA server in any Jakarta EE 10 server: the typed proxy
 * by CDI, configured by MicroProfile Config ({@code corbabridge.warehouse.*}); and a second client
 * whose server is not there, which must not stop the application from deploying.
 */
@Singleton
public class WarehouseCounter {

    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    @Inject
    @CorbaReference("absent")
    WarehouseOperations absent;

    @Inject
    @Readiness
    Instance<HealthCheck> readiness;

    public String site() {
        return warehouse.site();
    }

    public Pallet echo(Pallet pallet) {
        return warehouse.echo(pallet);
    }

    public String absentSite() {
        return absent.site();
    }

    /** Each readiness check as "name STATUS {data}". */
    public List<String> readiness() {
        return describe(readiness);
    }

    /** Each of {@code readiness} as "name STATUS {data}". */
    public static List<String> describe(Instance<HealthCheck> readiness) {
        List<String> checks = new ArrayList<>();
        for (HealthCheck check : readiness) {
            HealthCheckResponse response = check.call();
            checks.add(response.getName() + " " + response.getStatus() + " " + response.getData().orElseThrow());
        }
        return checks;
    }
}
