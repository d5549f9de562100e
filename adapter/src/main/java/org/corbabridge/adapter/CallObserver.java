package org.corbabridge.adapter;

import java.util.List;

/**
 * Sees every call a client makes: when it starts, each retry and rebind, and how it ends. The
 * cross-cutting concerns of a call (a span, a timer) plug in here, as interceptors do in gRPC.
 * An adapter's observers are {@link AdapterConfig#observers()}; by default
 * {@link #ofDefaults()}: those of the add-on modules on the class path (tracing, metrics), none
 * without them.
 *
 * <p>{@link #start} and the {@link Observation}'s end run on the calling thread, once per call
 * however many attempts it takes. An attempt may run on a helper thread, so {@code retrying}
 * and {@code rebound} may come from one; an observation must be safe for that. Observers must
 * be cheap and must not throw: they run inside every call.
 */
public interface CallObserver {

    /**
     * A call of {@code operation} (its wire name, {@code _get_x} for attribute x) on an object of
     * {@code repositoryId} starts.
     */
    Observation start(String repositoryId, String operation);

    /**
     * A replica gets no calls for a while: its last calls failed to reach it, or it could not be
     * located when the client was made. Told on the thread whose call failed last (or the
     * prober's), once per ejection; only for clients with several replicas.
     *
     * @param cause its last failure; null when none is known
     */
    default void replicaEjected(String replica, CorbaAdapterException cause) {
    }

    /**
     * An ejected replica was probed: {@code answered}, it takes calls again; else it stays
     * ejected for another while. Told on the prober's thread.
     */
    default void replicaProbed(String replica, boolean answered) {
    }

    /**
     * One call, from its start to its end. Exactly one of the three end methods is called. Every
     * method does nothing by default: an observation overrides what it wants to see.
     */
    interface Observation {

        /** Nothing to see: what an observer returns for a call it ignores. */
        Observation NONE = new Observation() {
        };

        /** The call is tried again; {@code attempt} is the new attempt's number (2 or more). */
        default void retrying(int attempt, CorbaAdapterException cause) {
        }

        /** The name was resolved again, because the server was gone or no longer knew the object. */
        default void rebound() {
        }

        /**
         * The next attempt goes to {@code replica} (as configured, "'Catalog-2' in corbaname::..."):
         * told before each attempt, only when the client has a replica set ({@code replicas}).
         */
        default void replica(String replica) {
        }

        /**
         * The attempt's request went over a connection to {@code address} (an IP address) and
         * {@code port}: the server that answered, or failed to. Told after each attempt that sent
         * a request through the adapter's transport, before the end method; not told when none was
         * sent or the ORB is lent without that transport.
         */
        default void server(String address, int port) {
        }

        /** The call returned normally. By default nothing. */
        default void succeeded() {
        }

        /**
         * The server answered with an IDL exception of the interface: the server's answer, not a
         * failure of the call. By default nothing.
         */
        default void raisedUserException(String exceptionRepositoryId) {
        }

        /**
         * The call failed: a typed {@link CorbaAdapterException}, or a value that could not be
         * marshalled. By default nothing.
         */
        default void failed(RuntimeException failure) {
        }
    }

    /**
     * The observers of the add-ons on the class path: tracing with {@code corba-adapter-opentelemetry},
     * metrics with {@code corba-adapter-micrometer}; none without them.
     */
    static List<CallObserver> ofDefaults() {
        return ClientFactory.instance().defaultObservers();
    }
}
