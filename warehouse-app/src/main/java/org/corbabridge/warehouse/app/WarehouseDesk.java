package org.corbabridge.warehouse.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Supplier;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.ee.CorbaReference;

/**
 * What an application writes in any Jakarta EE 10 server to call its CORBA server: the typed
 * proxy by CDI, configured by MicroProfile Config ({@code corbabridge.<name>.*}). Each answer is
 * the call's result, or the adapter's typed error, by its simple name and message.
 */
@ApplicationScoped
public class WarehouseDesk {

    /** What a call gave: the result, or the typed error that ended it. */
    public record Answer(boolean answered, String text) {

        static Answer of(Supplier<String> call) {
            try {
                return new Answer(true, call.get());
            } catch (CorbaAdapterException e) {
                return new Answer(false, e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
    }

    /** On an ORB of the application's own ({@code orb=own}) or the server's, as configured. */
    @Inject
    @CorbaReference("warehouse")
    WarehouseOperations warehouse;

    /** On an ORB of each HTTP session's own ({@code orb=per-session}). */
    @Inject
    @CorbaReference("sessions")
    WarehouseOperations perSession;

    /** On the server's ORB ({@code orb=container}), where it has one. */
    @Inject
    @CorbaReference("borrowed")
    WarehouseOperations borrowed;

    /** A name service nobody runs. */
    @Inject
    @CorbaReference("absent")
    WarehouseOperations absent;

    public Answer site() {
        return Answer.of(warehouse::site);
    }

    /** Needs an active session context (an HTTP session). */
    public Answer sessionSite() {
        return Answer.of(perSession::site);
    }

    public Answer borrowedSite() {
        return Answer.of(borrowed::site);
    }

    public Answer absentSite() {
        return Answer.of(absent::site);
    }
}
