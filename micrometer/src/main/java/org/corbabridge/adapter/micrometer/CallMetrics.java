package org.corbabridge.adapter.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.spi.TelemetryNames;
import org.omg.CORBA.SystemException;

/**
 * Call metrics in a Micrometer registry:
 *
 * <table>
 * <caption>meters</caption>
 * <tr><th>name</th><th>type</th><th>tags</th></tr>
 * <tr><td>{@value #CALL_DURATION}</td><td>timer, with the 50th, 95th and 99th percentiles: OpenTelemetry's
 *     semantic conventions for RPC ({@link TelemetryNames#SEMCONV_VERSION}), unless
 *     {@link TelemetryNames#LEGACY}</td>
 *     <td>{@code rpc.system.name} ({@code corba}), {@code rpc.method} ({@code shop::Catalog/queryCatalog}),
 *     {@code rpc.response.status_code} (GIOP's reply status: {@code NO_EXCEPTION}, {@code USER_EXCEPTION},
 *     {@code SYSTEM_EXCEPTION}), {@code server.address} and {@code server.port} (the far end of the
 *     connection the last attempt went over; empty when the adapter's transport did not carry it),
 *     {@code error.type} (the adapter's exception class; empty unless the call failed: Prometheus
 *     reads an empty label as none, and wants one set of labels per name)</td></tr>
 * <tr><td>{@value #CALLS}</td><td>timer, with the 50th, 95th and 99th percentiles: the name of corbabridge
 *     0.1, with {@link TelemetryNames#LEGACY} or {@link TelemetryNames#RPC_AND_LEGACY}, for one more release</td>
 *     <td>{@code interface} (repository id), {@code operation}, {@code outcome}
 *     ({@code success}, {@code user_exception}, {@code failure}), {@code exception} (the simple
 *     class name, {@code none} on success)</td></tr>
 * <tr><td>{@value #RETRIES}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #REBINDS}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #TIMEOUTS}</td><td>counter</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #REPLICA_ATTEMPTS}</td><td>counter</td><td>{@code replica} (as configured):
 *     attempts sent to each replica of a client with several</td></tr>
 * <tr><td>{@value #REPLICA_EJECTIONS}</td><td>counter</td><td>{@code replica}</td></tr>
 * <tr><td>{@value #REPLICA_PROBES}</td><td>counter</td><td>{@code replica}, {@code outcome}
 *     ({@code answered}: back in service, {@code unanswered}: still ejected)</td></tr>
 * <tr><td>{@value #SERVER_CALL_DURATION}</td><td>timer, with the 50th, 95th and 99th percentiles: a call
 *     the client served (a call back to an object it exported), from its dispatch to its reply;
 *     OpenTelemetry's conventions, unless {@link TelemetryNames#LEGACY}</td>
 *     <td>{@code rpc.system.name} ({@code corba}), {@code rpc.method}, {@code rpc.response.status_code}
 *     (the reply's: {@code NO_EXCEPTION}, {@code USER_EXCEPTION}, {@code SYSTEM_EXCEPTION}),
 *     {@code error.type} (the CORBA system exception's class, {@code org.omg.CORBA.TRANSIENT};
 *     empty unless the call failed)</td></tr>
 * <tr><td>{@value #SERVER_CALLS}</td><td>timer, with the 50th, 95th and 99th percentiles: a served call
 *     with the earlier names' tags, with {@link TelemetryNames#LEGACY} or {@link TelemetryNames#RPC_AND_LEGACY}</td>
 *     <td>{@code interface}, {@code operation}, {@code outcome}, {@code exception}, as {@value #CALLS}</td></tr>
 * <tr><td>{@value #SERVER_REFUSALS}</td><td>counter: served calls refused because
 *     {@link ServingConfig#maxConcurrentCalls()} ran already ({@code TRANSIENT}, minor
 *     {@code 0x43420001}); also timed as failed calls</td><td>{@code interface}, {@code operation}</td></tr>
 * <tr><td>{@value #ORB_CREATIONS}</td><td>function counter</td><td>none: ORBs the adapter created in this class loader</td></tr>
 * <tr><td>{@value #ORBS_OPEN}</td><td>gauge</td><td>none: of those, the ones not yet destroyed</td></tr>
 * </table>
 *
 * <p>{@link #global()} records in Micrometer's global registry, where an application adds the
 * registry it exports from ({@code Metrics.addRegistry(prometheusRegistry)}); until it does, the
 * global registry keeps nothing. To bridge to OpenTelemetry metrics, add OpenTelemetry's Micrometer
 * bridge registry to the global one, or use {@code micrometer-registry-otlp}.
 */
public final class CallMetrics implements CallObserver {

    /** OpenTelemetry's name for a client call's duration (in seconds, as every Micrometer timer). */
    public static final String CALL_DURATION = "rpc.client.call.duration";
    /** The earlier name of a call's duration ({@link TelemetryNames#LEGACY}). */
    public static final String CALLS = "corba.client.calls";
    public static final String RETRIES = "corba.client.retries";
    public static final String REBINDS = "corba.client.rebinds";
    public static final String TIMEOUTS = "corba.client.timeouts";
    public static final String REPLICA_ATTEMPTS = "corba.client.replica.attempts";
    public static final String REPLICA_EJECTIONS = "corba.client.replica.ejections";
    public static final String REPLICA_PROBES = "corba.client.replica.probes";
    public static final String ORB_CREATIONS = "corba.client.orb.creations";
    /** OpenTelemetry's name for a served call's duration (in seconds, as every Micrometer timer). */
    public static final String SERVER_CALL_DURATION = "rpc.server.call.duration";
    /** A served call's duration with the earlier names' tags ({@link TelemetryNames#LEGACY}). */
    public static final String SERVER_CALLS = "corba.server.calls";
    /** Served calls refused by the serving bound ({@link ServingConfig#maxConcurrentCalls()}). */
    public static final String SERVER_REFUSALS = "corba.server.refusals";
    public static final String ORBS_OPEN = "corba.client.orbs.open";

    private static final CallMetrics GLOBAL = new CallMetrics(Metrics.globalRegistry, TelemetryNames.configured());

    private final MeterRegistry registry;
    private final TelemetryNames names;
    /** The registry when it is a composite, whose children keep the meters; else null. */
    private final CompositeMeterRegistry composite;
    /**
     * Each operation's meters, by interface then operation: a call finds its own with two lookups
     * of strings whose hashes are cached, and a successful call records on a timer it already
     * holds. (A record of four strings as the key of one map, hashed on every call, took about a
     * quarter of the adapter's own CPU in a 12-byte call's profile.)
     */
    private final ConcurrentMap<String, ConcurrentMap<String, OperationMeters>> meters = new ConcurrentHashMap<>();
    /** Each served operation's meters, by interface then operation, as {@link #meters}. */
    private final ConcurrentMap<String, ConcurrentMap<String, ServedMeters>> servedMeters = new ConcurrentHashMap<>();
    /** The replica counters, by name, replica and outcome. */
    private final ConcurrentMap<String, Counter> replicaCounters = new ConcurrentHashMap<>();

    private CallMetrics(MeterRegistry registry, TelemetryNames names) {
        this.registry = registry;
        this.names = names;
        this.composite = registry instanceof CompositeMeterRegistry parent ? parent : null;
        FunctionCounter.builder(ORB_CREATIONS, MicrometerExtension.class, ignored -> MicrometerExtension.created())
                .description("ORBs created by the adapter").register(registry);
        Gauge.builder(ORBS_OPEN, MicrometerExtension.class, ignored -> MicrometerExtension.open())
                .description("ORBs created by the adapter and not yet destroyed").register(registry);
    }

    /** Metrics in Micrometer's global registry ({@code Metrics.globalRegistry}). */
    public static CallMetrics global() {
        return GLOBAL;
    }

    /** Metrics in {@code registry}, named as {@link TelemetryNames#configured()}. */
    public static CallMetrics of(MeterRegistry registry) {
        return of(registry, TelemetryNames.configured());
    }

    /** Metrics in {@code registry}, with {@code names}. */
    public static CallMetrics of(MeterRegistry registry, TelemetryNames names) {
        return new CallMetrics(Objects.requireNonNull(registry, "registry"), Objects.requireNonNull(names, "names"));
    }

    @Override
    public Observation start(String repositoryId, String operation) {
        if (keepsNothing()) {
            return Observation.NONE;
        }
        return new Timing(this, meters(repositoryId, operation), names, System.nanoTime());
    }

    /** Times a call the client serves, and counts it when the serving bound refuses it. */
    @Override
    public ServedObservation served(String repositoryId, String operation) {
        if (keepsNothing()) {
            return ServedObservation.NONE;
        }
        return new ServedTiming(servedMeters(repositoryId, operation), names, System.nanoTime());
    }

    private ServedMeters servedMeters(String repositoryId, String operation) {
        ConcurrentMap<String, ServedMeters> ofInterface = servedMeters.get(repositoryId);
        if (ofInterface == null) {
            ofInterface = servedMeters.computeIfAbsent(repositoryId, id -> new ConcurrentHashMap<>());
        }
        ServedMeters found = ofInterface.get(operation);
        return found != null ? found
                : ofInterface.computeIfAbsent(operation, name -> new ServedMeters(repositoryId, name));
    }

    @Override
    public void replicaEjected(String replica, CorbaAdapterException cause) {
        replicaCounter(REPLICA_EJECTIONS, "replicas ejected after failing repeatedly", replica, null).increment();
    }

    @Override
    public void replicaProbed(String replica, boolean answered) {
        replicaCounter(REPLICA_PROBES, "probes of ejected replicas", replica, answered ? "answered" : "unanswered")
                .increment();
    }

    /** A replica's counter, registered the first time it counts. */
    private Counter replicaCounter(String name, String description, String replica, String outcome) {
        return replicaCounters.computeIfAbsent(name + '\n' + replica + '\n' + outcome, key -> {
            Counter.Builder builder = Counter.builder(name).description(description).tag("replica", replica);
            if (outcome != null) {
                builder.tag("outcome", outcome);
            }
            return builder.register(registry);
        });
    }

    /**
     * Whether the registry is a composite with no registry in it yet, as the global one is until
     * the application adds one: it would keep nothing, and timing the call for it was still about a
     * quarter of the adapter's own CPU on a small call. Asked at every call, so that a registry
     * added later sees the calls from then on.
     */
    private boolean keepsNothing() {
        return composite != null && composite.getRegistries().isEmpty();
    }

    @Override
    public String toString() {
        return (this == GLOBAL ? "CallMetrics[global, " : "CallMetrics[" + registry + ", ") + names + "]";
    }

    private OperationMeters meters(String repositoryId, String operation) {
        ConcurrentMap<String, OperationMeters> ofInterface = meters.get(repositoryId);
        if (ofInterface == null) {
            ofInterface = meters.computeIfAbsent(repositoryId, id -> new ConcurrentHashMap<>());
        }
        OperationMeters found = ofInterface.get(operation);
        return found != null ? found
                : ofInterface.computeIfAbsent(operation, name -> new OperationMeters(repositoryId, name));
    }

    /**
     * One operation's meters, each registered when first needed, so that a registry shows only
     * what happened (no zero retry counter for an operation never retried).
     */
    private final class OperationMeters {
        private final String repositoryId;
        private final String operation;
        private volatile Timer succeeded;
        /** The other outcomes' timers, by outcome and exception name. */
        private final ConcurrentMap<String, Timer> others = new ConcurrentHashMap<>();
        /** Its counters, by meter name. */
        private final ConcurrentMap<String, Counter> counters = new ConcurrentHashMap<>();

        /** The conventions' {@code rpc.method}. */
        private final String method;
        /** The conventions' timer of the last successful call's server: most calls of an operation go to one. */
        private volatile ServerTimer lastSucceeded;
        /** The conventions' timers, by server, status and error type. */
        private final ConcurrentMap<String, Timer> durations = new ConcurrentHashMap<>();

        OperationMeters(String repositoryId, String operation) {
            this.repositoryId = repositoryId;
            this.operation = operation;
            this.method = TelemetryNames.method(repositoryId, operation);
        }

        Timer succeededAt(String address, int port) {
            ServerTimer last = lastSucceeded;
            if (last != null && last.port() == port && Objects.equals(last.address(), address)) {
                return last.timer();
            }
            Timer timer = duration(address, port, "NO_EXCEPTION", "");
            lastSucceeded = new ServerTimer(address, port, timer);
            return timer;
        }

        Timer duration(String address, int port, String status, String errorType) {
            return durations.computeIfAbsent(address + ' ' + port + ' ' + status + ' ' + errorType,
                    key -> Timer.builder(CALL_DURATION)
                            .description("Measures the duration of an outgoing Remote Procedure Call (RPC)")
                            .tags("rpc.system.name", "corba", "rpc.method", method,
                                    "rpc.response.status_code", status,
                                    "server.address", address == null ? "" : address,
                                    "server.port", port < 0 ? "" : Integer.toString(port),
                                    "error.type", errorType)
                            .publishPercentiles(0.5, 0.95, 0.99)
                            .register(registry));
        }

        Timer succeeded() {
            Timer timer = succeeded;
            if (timer == null) {
                // registering twice is harmless: the registry returns the meter it already has
                timer = timer("success", "none");
                succeeded = timer;
            }
            return timer;
        }

        Timer other(String outcome, String exception) {
            return others.computeIfAbsent(outcome + ' ' + exception, key -> timer(outcome, exception));
        }

        /** A counter of this operation's, registered the first time it counts: retries, rebinds, time-outs are rare. */
        Counter counter(String name, String description) {
            return counters.computeIfAbsent(name, key -> Counter.builder(key).description(description)
                    .tags("interface", repositoryId, "operation", operation).register(registry));
        }

        private Timer timer(String outcome, String exception) {
            return Timer.builder(CALLS)
                    .description("CORBA calls through the adapter, retries included")
                    .tags("interface", repositoryId, "operation", operation, "outcome", outcome,
                            "exception", exception)
                    .publishPercentiles(0.5, 0.95, 0.99)
                    .register(registry);
        }
    }

    /** One served operation's meters, each registered when first needed. */
    private final class ServedMeters {
        private final String repositoryId;
        private final String operation;
        private final String method;
        private volatile Timer answered;
        /** The conventions' timers of the other ends, by status and error type. */
        private final ConcurrentMap<String, Timer> durations = new ConcurrentHashMap<>();
        /** The earlier names' timers, by outcome and exception name. */
        private final ConcurrentMap<String, Timer> calls = new ConcurrentHashMap<>();
        private volatile Counter refusals;

        ServedMeters(String repositoryId, String operation) {
            this.repositoryId = repositoryId;
            this.operation = operation;
            this.method = TelemetryNames.method(repositoryId, operation);
        }

        Timer answered() {
            Timer timer = answered;
            if (timer == null) {
                timer = duration("NO_EXCEPTION", "");
                answered = timer;
            }
            return timer;
        }

        Timer duration(String status, String errorType) {
            return durations.computeIfAbsent(status + ' ' + errorType,
                    key -> Timer.builder(SERVER_CALL_DURATION)
                            .description("Measures the duration of an incoming Remote Procedure Call (RPC)")
                            .tags("rpc.system.name", "corba", "rpc.method", method,
                                    "rpc.response.status_code", status,
                                    "error.type", errorType)
                            .publishPercentiles(0.5, 0.95, 0.99)
                            .register(registry));
        }

        Timer calls(String outcome, String exception) {
            return calls.computeIfAbsent(outcome + ' ' + exception, key -> Timer.builder(SERVER_CALLS)
                    .description("CORBA calls the adapter's clients served")
                    .tags("interface", repositoryId, "operation", operation, "outcome", outcome,
                            "exception", exception)
                    .publishPercentiles(0.5, 0.95, 0.99)
                    .register(registry));
        }

        Counter refusals() {
            Counter counter = refusals;
            if (counter == null) {
                counter = Counter.builder(SERVER_REFUSALS)
                        .description("served calls refused because ServingConfig.maxConcurrentCalls ran already")
                        .tags("interface", repositoryId, "operation", operation).register(registry);
                refusals = counter;
            }
            return counter;
        }
    }

    /** One served call's start, and its operation's meters. */
    private static final class ServedTiming implements ServedObservation {
        private final ServedMeters meters;
        private final TelemetryNames names;
        private final long started;

        ServedTiming(ServedMeters meters, TelemetryNames names, long started) {
            this.meters = meters;
            this.names = names;
            this.started = started;
        }

        @Override
        public void answered() {
            long nanos = System.nanoTime() - started;
            if (names.conventions()) {
                meters.answered().record(nanos, TimeUnit.NANOSECONDS);
            }
            if (names.legacy()) {
                meters.calls("success", "none").record(nanos, TimeUnit.NANOSECONDS);
            }
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            record("USER_EXCEPTION", "", "user_exception", simpleName(exceptionRepositoryId));
        }

        @Override
        public void failed(SystemException failure) {
            if (ServingConfig.isRefusal(failure)) {
                meters.refusals().increment();
            }
            record("SYSTEM_EXCEPTION", failure.getClass().getName(), "failure", failure.getClass().getSimpleName());
        }

        private void record(String status, String errorType, String outcome, String exception) {
            long nanos = System.nanoTime() - started;
            if (names.conventions()) {
                meters.duration(status, errorType).record(nanos, TimeUnit.NANOSECONDS);
            }
            if (names.legacy()) {
                meters.calls(outcome, exception).record(nanos, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** The timer of one server's successful calls. */
    private record ServerTimer(String address, int port, Timer timer) {
    }

    /** One call's start, and its operation's meters. */
    private static final class Timing implements Observation {
        private final CallMetrics metrics;
        private final OperationMeters meters;
        private final TelemetryNames names;
        private final long started;
        private String address;
        private int port = -1;

        Timing(CallMetrics metrics, OperationMeters meters, TelemetryNames names, long started) {
            this.metrics = metrics;
            this.meters = meters;
            this.names = names;
            this.started = started;
        }

        @Override
        public void server(String address, int port) {
            // an attempt on a helper thread tells it before the caller's thread ends the call
            synchronized (this) {
                this.address = address;
                this.port = port;
            }
        }

        @Override
        public void replica(String replica) {
            metrics.replicaCounter(REPLICA_ATTEMPTS, "attempts sent to each replica", replica, null).increment();
        }

        @Override
        public void retrying(int attempt, CorbaAdapterException cause) {
            meters.counter(RETRIES, "calls tried again").increment();
        }

        @Override
        public void rebound() {
            meters.counter(REBINDS, "names resolved again after the server was gone").increment();
        }

        @Override
        public void succeeded() {
            long nanos = System.nanoTime() - started;
            if (names.conventions()) {
                Timer timer;
                synchronized (this) {
                    timer = meters.succeededAt(address, port);
                }
                timer.record(nanos, TimeUnit.NANOSECONDS);
            }
            if (names.legacy()) {
                meters.succeeded().record(nanos, TimeUnit.NANOSECONDS);
            }
        }

        @Override
        public void raisedUserException(String exceptionRepositoryId) {
            record("USER_EXCEPTION", "", "user_exception", simpleName(exceptionRepositoryId));
        }

        @Override
        public void failed(RuntimeException failure) {
            if (failure instanceof CallTimeoutException) {
                meters.counter(TIMEOUTS, "calls that got no reply in time").increment();
            }
            record("SYSTEM_EXCEPTION", failure.getClass().getName(), "failure", failure.getClass().getSimpleName());
        }

        private void record(String status, String errorType, String outcome, String exception) {
            long nanos = System.nanoTime() - started;
            if (names.conventions()) {
                Timer timer;
                synchronized (this) {
                    timer = meters.duration(address, port, status, errorType);
                }
                timer.record(nanos, TimeUnit.NANOSECONDS);
            }
            if (names.legacy()) {
                meters.other(outcome, exception).record(nanos, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** {@code IDL:corbabridge/InvalidQuery:1.0} is {@code InvalidQuery}. */
    static String simpleName(String repositoryId) {
        int end = repositoryId.lastIndexOf(':');
        String name = end > 4 ? repositoryId.substring(0, end) : repositoryId;
        return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf(':')) + 1);
    }
}
