package org.corbabridge.it.cdi;

import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.depot.stock.CallbackReport;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.ListenerRefused;
import org.corbabridge.depot.stock.Pallet;
import org.corbabridge.depot.stock.Quantity;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaExports;
import org.corbabridge.ee.CorbaReference;
import org.omg.CORBA.StringHolder;

/**
 * A bean the C++ Warehouse calls back: it exports a listener through its injected client's
 * serving side ({@link CorbaExports}, injected beside the proxy) and has the server call it inside a call; the export ends
 * with the application.
 */
@Singleton
public class StockWatcher {

    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    @Inject
    @CorbaReference("warehouse")
    CorbaExports exports;

    /** A request-scoped bean the listener uses: served calls run in a request context of their own. */
    @Inject
    CallCount calls;

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final List<Boolean> inApplicationLoader = new CopyOnWriteArrayList<>();
    private ExportedObject exported;

    /** Has the server call this bean back with an event for {@code palletId}; what the server reported. */
    public String callMeBack(String palletId) throws ListenerRefused {
        synchronized (this) {
            if (exported == null) {
                exported = exports.export(StockListenerOperations.class,
                        new Listener(seen, calls, inApplicationLoader, Thread.currentThread().getContextClassLoader()));
            }
        }
        Quantity one = new Quantity();
        one.count(1);
        CallbackReport report = warehouse.callBackOnce(exported.reference(StockListener.class),
                new StockEvent(0, palletId, one, new Pallet[0]));
        return report.answered + " " + report.answer + " " + report.failure;
    }

    public List<String> seen() {
        return List.copyOf(seen);
    }

    /** For each call back, whether it ran with the context class loader of this bean's business methods. */
    public List<Boolean> inApplicationLoader() {
        return List.copyOf(inApplicationLoader);
    }

    /** The object the server calls: the bean's own, not the container's proxy of it. */
    private static final class Listener implements StockListenerOperations {
        private final List<String> seen;
        private final CallCount calls;
        private final List<Boolean> inApplicationLoader;
        private final ClassLoader application;

        Listener(List<String> seen, CallCount calls, List<Boolean> inApplicationLoader, ClassLoader application) {
            this.seen = seen;
            this.calls = calls;
            this.inApplicationLoader = inApplicationLoader;
            this.application = application;
        }

        /** The pallet id's length, plus 100 times the calls this request context has seen (1: a context per call). */
        @Override
        public int onEvent(StockEvent event) {
            seen.add(event.palletId);
            inApplicationLoader.add(Thread.currentThread().getContextClassLoader() == application);
            return event.palletId.length() + 100 * calls.next();
        }

        @Override
        public void onNote(String note) {
            seen.add(note);
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "";
        }
    }
}
