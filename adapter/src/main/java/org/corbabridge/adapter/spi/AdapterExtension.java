package org.corbabridge.adapter.spi;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.OrbConfig;
import org.omg.CORBA.ORB;

/**
 * An add-on the adapter finds with {@link java.util.ServiceLoader} on its own class loader (list
 * it in {@code META-INF/services/org.corbabridge.adapter.spi.AdapterExtension}): tracing
 * ({@code corba-adapter-opentelemetry}) and metrics ({@code corba-adapter-micrometer}) are two.
 * Every method has a default that does nothing, and with no extension on the class path the
 * adapter pays for none of this. Implementations need a public no-argument constructor and must
 * be cheap and thread-safe: the context methods run on every call that uses a helper thread.
 */
public interface AdapterExtension {

    /** Observers every client gets unless its configuration names its own ({@link CallObserver#ofDefaults()}). */
    default List<CallObserver> defaultObservers() {
        return List.of();
    }

    /** Properties an ORB the adapter creates with {@code config} needs (an interceptor's initializer, say). */
    default Map<String, String> orbProperties(OrbConfig config) {
        return Map.of();
    }

    /** An ORB was created by the adapter ({@code Orbs.create}, or a client that owns its ORB). */
    default void orbCreated(ORB orb) {
    }

    /** An ORB the adapter created was destroyed. */
    default void orbDestroyed(ORB orb) {
    }

    /**
     * {@code task}, made to run on another thread with what is current on this one (a span): an
     * asynchronous call, wrapped on the submitting thread.
     */
    default Runnable carryContext(Runnable task) {
        return task;
    }

    /** As {@link #carryContext(Runnable)}, for an attempt handed to a helper thread. */
    default <R> Supplier<R> carryContext(Supplier<R> task) {
        return task;
    }
}
