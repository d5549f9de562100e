package org.corbabridge.examples;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.InvocationMode;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;

/** A dynamic client from an IDL file alone: no generated class, values as maps, lists and labels. */
public final class FromIdl {

    private FromIdl() {
    }

    /** @param args the object and the IDL file */
    public static void main(String[] args) {
        System.out.println(run(args[0], Path.of(args[1])));
    }

    public static Map<String, Object> run(String warehouseUrl, Path idlFile) {
        Idl idl = Idl.read(idlFile);
        AdapterConfig config = AdapterConfig.builder()
                .nameService(warehouseUrl)
                .invocation(InvocationMode.DYNAMIC)         // or DII
                .build();
        try (DynamicClient warehouse = DynamicClient.create(idl.signature("depot::stock::Warehouse"), config)) {
            Map<String, Object> reading = Map.of("discriminator", 3, "level", 0.5);   // case 2: case 3: double level
            Object echoed = warehouse.invoke("echoReadings", List.of(reading)).result();
            DynamicReply stored = warehouse.invoke("store", pallet("from-idl"), null,
                    Map.of("stored", 0, "photoBytes", 0L));                          // in, out, inout
            return Map.of("site", warehouse.get("site"), "echoed", echoed, "slot", stored.output("slot"),
                    "totals", stored.output("totals"));
        }
    }

    /** A Pallet as generic values: a struct is a map of its members, a union a map of its discriminator and member. */
    static Map<String, Object> pallet(String id) {
        return Map.of("id", id, "label", "caf\u00e9", "amount", Map.of("discriminator", "PIECES", "count", 12),
                "size", new double[] {1, 2, 3}, "layout", List.of(new int[] {1, 2}), "picture", new byte[8],
                "extra", anyOfNothing(), "units", List.of("PIECES"));
    }

    private static Any anyOfNothing() {
        Any any = ORB.init().create_any();
        any.insert_long(0);
        return any;
    }
}
