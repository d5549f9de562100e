package org.corbabridge.adapter.telemetry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.Orbs;

/**
 * Call metrics in a Micrometer registry:
 *
 * <table>
 * <caption>meters</caption>
 * <tr><th>name</th><th>type</th><th>tags</th></tr>
 * <tr><td>{@value #CALLS}</td><td>timer, with the 50th, 95th and 99th percentiles</td>
 *     <td>{@code interface} (repository id), {@code operation}, {@code outcome}
 *     ({@code success}, {@code user_exception}, {@code failure}), {@code exception} (the simple
 *     class name, {@code none} on success)</td></tr>
 * <tr><td>{@value #RETRIES}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #REBINDS}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #TIMEOUTS}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #ORB_CREATIONS}</td><td>function counter</td><td>none: ORBs {@link Orbs#create} made in this class loader</td></tr>
 * <tr><td>{@value #ORBS_OPEN}</td><td>gauge</td><td>none: of those, the ones not yet destroyed</td></tr>
 * </table>
 *
 * <p>{@link #global()} records in Micrometer's global registry, where an application adds the
 * registry it exports from ({@code Metrics.addRegistry(prometheusRegistry)}); until it does, the
 * global registry keeps nothing. To bridge to OpenTelemetry metrics, add OpenTelemetry's Micrometer
 * bridge registry to the global one, or use {@code micrometer-registry-otlp}.
 */
public final class CallMetrics implements CallObserver {

    public static final String CALLS = "corba.client.calls";
    public static final String RETRIES = "corba.client.retries";
    public static final String REBINDS = "corba.client.rebinds";
    public static final String TIMEOUTS = "corba.client.timeouts";
    public static final String ORB_CREATIONS = "corba.client.orb.creations";
    public static final String ORBS_OPEN = "corba.client.orbs.open";

    private static final CallMetrics GLOBAL = new CallMetrics(Metrics.globalRegistry);

    private record TimerKey(String repositoryId, String operation, String outcome, String exception) {
    }

    private record OperationKey(String repositoryId, String operation) {
    }

    private final MeterRegistry registry;
    private final ConcurrentMap<TimerKey, Timer> timers = new ConcurrentHashMap<>();
    private final ConcurrentMap<OperationKey, Counter> retries = new ConcurrentHashMap<>();
    private final ConcurrentMap<OperationKey, Counter> rebinds = new ConcurrentHashMap<>();
    private final ConcurrentMap<OperationKey, Counter> timeouts = new ConcurrentHashMap<>();

    private CallMetrics(MeterRegistry registry) {
        this.registry = registry;
        FunctionCounter.builder(ORB_CREATIONS, Orbs.class, ignored -> Orbs.created())
                .description("ORBs created by the adapter").register(registry);
        Gauge.builder(ORBS_OPEN, Orbs.class, ignored -> Orbs.open())
                .description("ORBs created by the adapter and not yet destroyed").register(registry);
    }

    /** Metrics in Micrometer's global registry ({@code Metrics.globalRegistry}). */
    public static CallMetrics global() {
        return GLOBAL;
    }

    /** Metrics in {@code registry}. */
    public static CallMetrics of(MeterRegistry registry) {
        return new CallMetrics(Objects.requireNonNull(registry, "registry"));
    }

    @Override
    public Observation start(String repositoryId, String operation) {
        return new Timing(repositoryId, operation, System.nanoTime());
    }

    @Override
    public String toString() {
        return this == GLOBAL ? "CallMetrics[global]" : "CallMetrics[" + registry + "]";
    }

    private Timer timer(TimerKey key) {
        return timers.computeIfAbsent(key, k -> Timer.builder(CALLS)
                .description("CORBA calls through the adapter, retries included")
                .tags("interface", k.repositoryId(), "operation", k.operation(), "outcome", k.outcome(),
                        "exception", k.exception())
                .publishPercentiles(0.5, 0.95, 0.99)
                .register(registry));
    }

    private Counter counter(ConcurrentMap<OperationKey, Counter> counters, String name, String description,
            OperationKey key) {
        return counters.computeIfAbsent(key, k -> Counter.builder(name).description(description)
                .tags("interface", k.repositoryId(), "operation", k.operation()).register(registry));
    }

    /** One call's start, and its operation's counters. */
    private final class Timing implements Observation {
        private final String repositoryId;
        private final String operation;
        private final long started;

        Timing(String repositoryId, String operation, long started) {
            this.repositoryId = repositoryId;
            this.operation = operation;
            this.started = started;
        }

        @Override
        public void retrying(int attempt, CorbaAdapterException cause) {
            counter(retries, RETRIES, "calls tried again", new OperationKey(repositoryId, operation)).increment();
        }

        @Override
        public void rebound() {
            counter(rebinds, REBINDS, "names resolved again after the server was gone",
                    new OperationKey(repositoryId, operation)).increment();
        }

        @Override
        public void succeeded() {
            record("success", "none");
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            record("user_exception", simpleName(exceptionRepositoryId));
        }

        @Override
        public void failed(RuntimeException failure) {
            if (failure instanceof CallTimeoutException) {
                counter(timeouts, TIMEOUTS, "calls that got no reply in time",
                        new OperationKey(repositoryId, operation)).increment();
            }
            record("failure", failure.getClass().getSimpleName());
        }

        private void record(String outcome, String exception) {
            timer(new TimerKey(repositoryId, operation, outcome, exception))
                    .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        }
    }

    /** {@code IDL:corbabridge/InvalidQuery:1.0} is {@code InvalidQuery}. */
    static String simpleName(String repositoryId) {
        int end = repositoryId.lastIndexOf(':');
        String name = end > 4 ? repositoryId.substring(0, end) : repositoryId;
        return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);
    }
}
