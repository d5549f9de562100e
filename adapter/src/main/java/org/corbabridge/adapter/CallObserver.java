package org.corbabridge.adapter;

import java.util.List;
import org.corbabridge.adapter.telemetry.CallMetrics;
import org.corbabridge.adapter.telemetry.Tracing;

/**
 * Sees every call a client makes: when it starts, each retry and rebind, and how it ends. The
 * cross-cutting concerns of a call (a span, a timer) plug in here, as interceptors do in gRPC.
 * An adapter's observers are {@link AdapterConfig#observers()}; by default
 * {@link #ofDefaults()}: tracing and metrics, both no-ops until the application sets up
 * OpenTelemetry or adds a Micrometer registry.
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

    /** One call, from its start to its end. Exactly one of the three end methods is called. */
    interface Observation {

        /** Nothing to see: what an observer returns for a call it ignores. */
        Observation NONE = new Observation() {
            @Override
            public void succeeded() {
            }

            @Override
            public void raisedUserException(String exceptionRepositoryId) {
            }

            @Override
            public void failed(RuntimeException failure) {
            }
        };

        /** The call is tried again; {@code attempt} is the new attempt's number (2 or more). */
        default void retrying(int attempt, CorbaAdapterException cause) {
        }

        /** The name was resolved again, because the server was gone or no longer knew the object. */
        default void rebound() {
        }

        /** The call returned normally. */
        void succeeded();

        /** The server answered with an IDL exception of the interface: the server's answer, not a failure of the call. */
        void raisedUserException(String exceptionRepositoryId);

        /** The call failed: a typed {@link CorbaAdapterException}, or a value that could not be marshalled. */
        void failed(RuntimeException failure);
    }

    /** Tracing ({@link Tracing#global()}) and metrics ({@link CallMetrics#global()}). */
    static List<CallObserver> ofDefaults() {
        return List.of(Tracing.global(), CallMetrics.global());
    }
}
