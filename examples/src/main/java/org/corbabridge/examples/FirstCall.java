package org.corbabridge.examples;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.examples.depot.stock.PalletNotFound;
import org.corbabridge.examples.depot.stock.WarehouseOperations;

/** The README's first call: a typed proxy of the generated interface, nothing declared by hand. */
public final class FirstCall {

    private FirstCall() {
    }

    /** @param args the object, such as {@code corbaname::127.0.0.1:2809#Warehouse} */
    public static void main(String[] args) {
        System.out.println(run(args[0]));
    }

    public static String run(String warehouseUrl) {
        AdapterConfig config = AdapterConfig.builder()
                .nameService(warehouseUrl)                  // corbaname::127.0.0.1:2809#Warehouse
                .callTimeout(Duration.ofSeconds(5))         // every call ends by then, retries included
                .idempotent("fetch", "_get_site")           // may be retried after a lost reply
                .build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config)) {
            WarehouseOperations warehouse = client.proxy();
            String site = warehouse.site();                 // a readonly attribute, as the IDL says
            try {
                warehouse.fetch("P-404");
                return site + ": P-404 is there";
            } catch (PalletNotFound missing) {              // the IDL's own exception, typed
                return site + ": no pallet " + missing.id + " on shelf " + missing.shelf;
            }
        }
    }
}
