package org.corbabridge.perf.worker;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.Idl;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.perf.worker.WorkerMessages.CallbackRequest;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.omg.CORBA.StringHolder;

/**
 * The call-back part's worker, one JVM per ORB with only that ORB's jars: a client of the C++
 * warehouse_server that exports two listeners on its own ORB, a typed one (an implementation of
 * the generated {@code StockListenerOperations}) and a {@link DynamicServant} from the IDL alone,
 * and hands one of them to {@code timeCallbacks}, which calls it back {@code count} times one after
 * another. The durations come back from the server, which timed each call back itself: what the
 * Java serving side costs, the network included, with nothing of this JVM's own clock in it.
 *
 * <p>Both listeners check every event they are given (one pallet, a photo of the size asked for)
 * and count it: a reply is sent only when the server called the listener exactly as often as asked
 * with what it should have, so that a batch cannot measure something else (a refusal, an empty
 * event) and pass for a call back.
 */
public final class CallbackWorker {

    /** The two kinds of listener, as requests and the report name them. */
    public static final String TYPED = "typed";
    public static final String DYNAMIC = "dynamic";
    public static final List<String> SERVANTS = List.of(TYPED, DYNAMIC);
    /** The Warehouse as the fixture binds it. */
    public static final String WAREHOUSE = "Warehouse";

    /**
     * Long enough for the longest batch (a warm-up of thousands of call backs, or 1 MB photos on
     * a cold JIT); the server's own bound on each call back is what ends a stuck one.
     */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(120);

    private CallbackWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        FeatureSetup setup = channel.setup(FeatureSetup.class);
        Listeners listeners;
        CorbaClient<WarehouseOperations> client;
        Map<String, Long> setupNanos = new LinkedHashMap<>();
        try {
            client = CorbaClient.create(WarehouseOperations.class, WorkerChannel.adapterConfig(setup.orb(),
                    setup.nameServiceUrl(), WAREHOUSE, CALL_TIMEOUT, Duration.ofSeconds(5)));
            listeners = new Listeners(client, setupNanos);
        } catch (Exception e) {
            e.printStackTrace();
            channel.reply(Reply.failed("set-up: " + e));
            return;
        }
        channel.reply(new Reply(true, null, setupNanos, null, null));
        try {
            CallbackRequest request;
            while ((request = channel.next(CallbackRequest.class)) != null && request.op() != Op.QUIT) {
                try {
                    channel.reply(listeners.measure(request));
                } catch (Exception e) {
                    e.printStackTrace();
                    // the driver names the listener and size; the report shows this text
                    channel.reply(Reply.failed(e.toString()));
                }
            }
        } finally {
            client.close();
        }
        channel.reply(new Reply(true, null, null, null, null));
    }

    /** The two exported listeners, exported once for the worker's life as an application would. */
    private static final class Listeners {
        private final CorbaClient<WarehouseOperations> client;
        private final Map<String, StockListener> references = new LinkedHashMap<>();
        /** What the listener being called back expects, and what it saw. */
        private volatile int expectedPhoto;
        private final AtomicLong seen = new AtomicLong();
        private final AtomicReference<String> wrong = new AtomicReference<>();

        Listeners(CorbaClient<WarehouseOperations> client, Map<String, Long> setupNanos) {
            this.client = client;
            long started = System.nanoTime();
            ExportedObject typed = client.export(StockListenerOperations.class, new Typed());
            references.put(TYPED, typed.reference(StockListener.class));
            setupNanos.put("typed.export", System.nanoTime() - started);
            started = System.nanoTime();
            Idl idl = Idl.fromClassPath(CallbackWorker.class.getClassLoader(), "idl/warehouse.idl");
            ExportedObject dynamic = client.export(idl.signature("depot::stock::StockListener"), dynamicServant());
            references.put(DYNAMIC, dynamic.reference(StockListener.class));
            setupNanos.put("dynamic.export", System.nanoTime() - started);
        }

        Reply measure(CallbackRequest request) {
            StockListener listener = references.get(request.servant());
            if (listener == null) {
                throw new IllegalArgumentException("no listener " + request.servant() + "; there are " + SERVANTS);
            }
            expectedPhoto = request.photoBytes();
            seen.set(0);
            wrong.set(null);
            long[] nanos = client.proxy().timeCallbacks(listener, request.count(), request.photoBytes());
            if (wrong.get() != null) {
                throw new IllegalStateException("the " + request.servant() + " listener was called back with "
                        + wrong.get());
            }
            if (seen.get() != request.count() || nanos.length != request.count()) {
                throw new IllegalStateException("asked for " + request.count() + " call backs, the listener saw "
                        + seen.get() + " and the server timed " + nanos.length);
            }
            return new Reply(true, null, Map.of("calls", seen.get()), nanos, null);
        }

        /** Notes an event: its one pallet's photo must be of the size asked for. */
        private void check(int pallets, int photoBytes) {
            seen.incrementAndGet();
            if (pallets != 1 || photoBytes != expectedPhoto) {
                wrong.compareAndSet(null, pallets + " pallets, a photo of " + photoBytes + " B, not one of "
                        + expectedPhoto + " B");
            }
        }

        /** Typed: the generated operations interface, as the application object of docs/callbacks.md. */
        private final class Typed implements StockListenerOperations {
            @Override
            public int onEvent(StockEvent event) {
                check(event.pallets.length, event.pallets.length == 0 ? -1 : event.pallets[0].picture.length);
                return event.sequence;
            }

            @Override
            public void onNote(String note) {
                // timeCallbacks calls onEvent only
            }

            @Override
            public void adjust(CountersHolder totals, StringHolder remark) {
                remark.value = "";
            }
        }

        /** Dynamic: the same answers in the value model (structs as maps, sequences as lists, octets as byte[]). */
        private DynamicServant dynamicServant() {
            return (operation, arguments) -> {
                if (!operation.equals("onEvent")) {
                    return DynamicReply.of(null, Map.of("totals", arguments.getOrDefault("totals", Map.of()),
                            "remark", ""));
                }
                Map<?, ?> event = (Map<?, ?>) arguments.get("event");
                List<?> pallets = (List<?>) event.get("pallets");
                check(pallets.size(), pallets.isEmpty() ? -1 : ((byte[]) ((Map<?, ?>) pallets.get(0)).get("picture")).length);
                return DynamicReply.of(event.get("sequence"), Map.of());
            };
        }
    }
}
