package org.corbabridge.adapter;

import java.util.List;
import org.omg.CORBA.SystemException;

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
 *
 * <p>The calls a client serves (callbacks to the objects it exported, {@link ExportedObject}) are
 * seen by {@link #served}, on the ORB's dispatch thread: a {@link ServedObservation} per call,
 * ended once with the answer, the IDL exception or the system exception the caller gets.
 */
public interface CallObserver {

    /**
     * A call of {@code operation} (its wire name, {@code _get_x} for attribute x) on an object of
     * {@code repositoryId} starts.
     */
    Observation start(String repositoryId, String operation);

    /**
     * A server calls {@code operation} (its wire name) on an object of {@code repositoryId} this
     * client exported: told on the ORB's thread that dispatches the call, before the call is
     * admitted ({@link ServingConfig#maxConcurrentCalls()}) or its arguments read, so that a refused
     * call is seen too. The observation ends on the same thread before the reply is sent. By
     * default nothing is seen: {@link ServedObservation#NONE}.
     *
     * <p>An observer that throws here or in its observation is logged once and ignored: the call
     * is answered as if it were not observed.
     */
    default ServedObservation served(String repositoryId, String operation) {
        return ServedObservation.NONE;
    }

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
     * One call a server made to an object the client exported, from its dispatch to its reply.
     * Exactly one of the three end methods is called, on the dispatching thread. A type of its own
     * rather than an {@link Observation}: a served call has no attempts, replicas or rebinds, and
     * its failure is the CORBA system exception the caller gets, not an adapter exception. Every
     * method does nothing by default.
     */
    interface ServedObservation {

        /** Nothing to see: what an observer returns for a call it ignores. */
        ServedObservation NONE = new ServedObservation() {
        };

        /** The handler answered normally: its result and out values are the reply. */
        default void answered() {
        }

        /**
         * The handler raised one of the operation's IDL exceptions, {@code exceptionRepositoryId}:
         * the answer the caller gets, not a failure.
         */
        default void raisedUserException(String exceptionRepositoryId) {
        }

        /**
         * The caller gets {@code failure}, a system exception: the handler's own (or {@code UNKNOWN}
         * for anything else it threw), a request the operation's codecs could not read, an operation
         * the interface lacks ({@code BAD_OPERATION}), or a call refused because
         * {@link ServingConfig#maxConcurrentCalls()} ran already ({@code TRANSIENT} with the minor
         * code {@link ServingConfig#TOO_MANY_CALLS_MINOR}, see {@link ServingConfig#isRefusal}).
         */
        default void failed(SystemException failure) {
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
