package org.corbabridge.examples;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.examples.depot.stock.CallbackReport;
import org.corbabridge.examples.depot.stock.CountersHolder;
import org.corbabridge.examples.depot.stock.ListenerRefused;
import org.corbabridge.examples.depot.stock.Pallet;
import org.corbabridge.examples.depot.stock.Quantity;
import org.corbabridge.examples.depot.stock.StockEvent;
import org.corbabridge.examples.depot.stock.StockListener;
import org.corbabridge.examples.depot.stock.StockListenerOperations;
import org.corbabridge.examples.depot.stock.Subscription;
import org.corbabridge.examples.depot.stock.WarehouseOperations;
import org.omg.CORBA.StringHolder;

/**
 * The C++ Warehouse calls Java back (docs/callbacks.md): a typed listener, an implementation of
 * the generated {@code StockListenerOperations}, exported and handed to the server; and a
 * {@link DynamicServant} served from the IDL file alone.
 */
public final class StockAlerts {

    private StockAlerts() {
    }

    /** @param args the Warehouse's name service URL ({@code corbaname::host:port#Warehouse}) and the IDL file */
    public static void main(String[] args) throws Exception {
        System.out.println(typed(args[0]));
        System.out.println(dynamic(args[0], Path.of(args[1])));
    }

    /** What a typed listener saw: the event ids it was called with and its answers, as the server reported them. */
    public static List<String> typed(String warehouseUrl) throws ListenerRefused, InterruptedException {
        List<String> seen = new CopyOnWriteArrayList<>();
        AdapterConfig config = AdapterConfig.builder().nameService(warehouseUrl).build();
        try (CorbaClient<WarehouseOperations> client = CorbaClient.create(WarehouseOperations.class, config)) {
            StockListenerOperations listener = new StockListenerOperations() {
                @Override
                public int onEvent(StockEvent event) throws ListenerRefused {
                    seen.add("event " + event._sequence + " " + event.palletId);
                    if (event.palletId.isEmpty()) {
                        throw new ListenerRefused("no pallet id", event._sequence);
                    }
                    return event.pallets.length;
                }

                @Override
                public void onNote(String note) {
                    seen.add("note " + note);
                }

                @Override
                public void adjust(CountersHolder totals, StringHolder remark) {
                    remark.value = "seen " + totals.value.stored;
                }
            };
            ExportedObject exported = client.export(StockListenerOperations.class, listener);
            StockListener reference = exported.reference(StockListener.class);
            CallbackReport report = client.proxy().callBackOnce(reference, event("P-1"));
            seen.add("answered " + report.answer);

            int subscription = client.proxy().subscribe(reference, 50, 1);
            TimeUnit.MILLISECONDS.sleep(300);
            Subscription ended = client.proxy().unsubscribe(subscription);
            seen.add("subscription answered " + (ended.answered > 0));
        }
        return seen;
    }

    /** A listener from the IDL alone: what the server reported of its one call back. */
    public static Map<?, ?> dynamic(String warehouseUrl, Path idlFile) {
        Idl idl = Idl.read(idlFile);
        AdapterConfig config = AdapterConfig.builder().nameService(warehouseUrl).invocation(InvocationMode.DYNAMIC).build();
        try (DynamicClient warehouse = DynamicClient.create(idl.signature("depot::stock::Warehouse"), config)) {
            InterfaceSignature listener = idl.signature("depot::stock::StockListener");
            DynamicServant servant = (operation, arguments) -> {
                if (operation.equals("onEvent")) {
                    Map<?, ?> event = (Map<?, ?>) arguments.get("event");
                    if (((String) event.get("palletId")).isEmpty()) {
                        throw new RemoteUserException("ListenerRefused", Map.of("reason", "no id", "sequence", 0));
                    }
                    return DynamicReply.of(((List<?>) event.get("pallets")).size(), Map.of());
                }
                return DynamicReply.of(null, Map.of("totals", arguments.getOrDefault("totals", Map.of()),
                        "remark", "dynamic"));
            };
            ExportedObject exported = warehouse.export(listener, servant);
            Map<String, Object> event = Map.of("sequence", 0, "palletId", "P-2",
                    "amount", Map.of("discriminator", "PIECES", "count", 1), "pallets", List.of());
            return (Map<?, ?>) warehouse.invoke("callBackOnce", exported, event).result();
        }
    }

    private static StockEvent event(String palletId) {
        Quantity one = new Quantity();
        one.count(1);
        return new StockEvent(0, palletId, one, new Pallet[0]);
    }
}
