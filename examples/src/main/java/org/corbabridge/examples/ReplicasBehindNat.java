package org.corbabridge.examples;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.examples.depot.stock.WarehouseOperations;

/** Three replicas of the Warehouse behind NAT, as docs/replicas.md shows them. */
final class ReplicasBehindNat {

    private ReplicasBehindNat() {
    }

    /**
     * @param nameService where the three replicas are bound, as this client reaches it
     * @param published the host the replicas publish in their references (theirs, behind NAT)
     * @param gateway where this client reaches them, on the same ports
     */
    static CorbaClient<WarehouseOperations> open(String nameService, String published, String gateway) {
        AdapterConfig config = AdapterConfig.builder()
                .nameService(nameService)                                 // corbaname::gateway.example.com:2809
                .replicas("Warehouse-1", "Warehouse-2", "Warehouse-3")    // each server binds its own name
                .replicaPolicy(ReplicaPolicy.builder()
                        .attemptTimeout(Duration.ofMillis(500))           // what a stalled replica costs a read
                        .build())
                .idempotent("fetch", "_get_site")                         // reads: they may go to another replica
                .orb(OrbConfig.builder()
                        .mapAddress(published + ":*", gateway + ":*")     // the NAT's inside address, reached outside
                        .build())
                .build();
        return CorbaClient.create(WarehouseOperations.class, config);
    }
}
