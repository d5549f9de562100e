package org.corbabridge.warehouse.app;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.depot.stock.CountersHolder;
import org.corbabridge.depot.stock.StockEvent;
import org.corbabridge.depot.stock.StockListener;
import org.corbabridge.depot.stock.StockListenerOperations;
import org.corbabridge.depot.stock.Subscription;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaExports;
import org.corbabridge.ee.CorbaReference;
import org.omg.CORBA.StringHolder;

/**
 * What an application writes to have the Warehouse call it back: it exports a listener through
 * its client's serving side ({@link CorbaExports}) and subscribes it; the server then calls it
 * from its own thread every period until the export ends (here, {@link #stop}, or the application
 * with its client). Each call back runs with the application's class loader and in a request
 * context of its own, so the listener may use {@code @RequestScoped} beans ({@link CallScope}).
 */
@ApplicationScoped
public class StockWatch {

    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    @Inject
    @CorbaReference("warehouse")
    CorbaExports exports;

    @Inject
    CallScope scope;

    private final Seen seen = new Seen();
    private ExportedObject exported;
    private int subscription;

    /** Exports a listener and subscribes it (once): the subscription's id. */
    public synchronized int start(int periodMillis) {
        if (exported == null) {
            exported = exports.export(StockListenerOperations.class,
                    new Listener(seen, scope, Thread.currentThread().getContextClassLoader()));
            subscription = warehouse.subscribe(exported.reference(StockListener.class), periodMillis, 0);
        }
        return subscription;
    }

    /** Ends the export: the server's next call back fails, and it ends the subscription. */
    public synchronized void stop() {
        if (exported != null) {
            exported.close();
        }
    }

    /**
     * What the listener saw and what the server says of the subscription, one line:
     * {@code events=N loader=true|false request-scoped=true|false active=true|false failed=N}.
     */
    public synchronized String report() {
        String server;
        try {
            Subscription state = warehouse.subscription(subscription);
            server = "active=" + state.active + " failed=" + state.failed;
        } catch (CorbaAdapterException e) {
            server = "server=" + e.getClass().getSimpleName();
        }
        return "events=" + seen.events.get() + " loader=" + (seen.otherLoader.get() == 0 && seen.events.get() > 0)
                + " request-scoped=" + (seen.sharedScope.get() == 0 && seen.events.get() > 0) + " " + server;
    }

    @PreDestroy
    void end() {
        stop();
    }

    /** Counts kept across call backs. */
    private static final class Seen {
        final AtomicInteger events = new AtomicInteger();
        /** Call backs that ran with another context class loader than the application's. */
        final AtomicInteger otherLoader = new AtomicInteger();
        /** Call backs whose request-scoped bean had seen another call: a context shared between calls. */
        final AtomicInteger sharedScope = new AtomicInteger();
    }

    /** The object the server calls: the bean's own, not the container's proxy of it. */
    private static final class Listener implements StockListenerOperations {
        private final Seen seen;
        private final CallScope scope;
        private final ClassLoader application;

        Listener(Seen seen, CallScope scope, ClassLoader application) {
            this.seen = seen;
            this.scope = scope;
            this.application = application;
        }

        @Override
        public int onEvent(StockEvent event) {
            seen.events.incrementAndGet();
            if (Thread.currentThread().getContextClassLoader() != application) {
                seen.otherLoader.incrementAndGet();
            }
            if (scope.enter() != 1) {
                seen.sharedScope.incrementAndGet();
            }
            return event.sequence;
        }

        @Override
        public void onNote(String note) {
        }

        @Override
        public void adjust(CountersHolder totals, StringHolder remark) {
            remark.value = "";
        }
    }
}
