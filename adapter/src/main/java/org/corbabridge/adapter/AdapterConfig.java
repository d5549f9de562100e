package org.corbabridge.adapter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Where the remote object is and how to call it: the name service URL and the name, the
 * invocation mode, the ORB to create, the time-outs, the retry policy and which operations
 * are idempotent. Immutable; start from {@link #ofDefaults()} or {@link #builder()}.
 *
 * <pre>{@code
 * AdapterConfig config = AdapterConfig.builder()
 *         .nameService("corbaname::127.0.0.1:2809#shop/Catalog")
 *         .invocation(InvocationMode.DYNAMIC)
 *         .orb(OrbImplementation.ECLIPSE_ORB)
 *         .callTimeout(Duration.ofSeconds(2))
 *         .idempotent("queryCatalog")
 *         .build();
 * }</pre>
 *
 * <p>Defaults: the ORB's {@code NameService} initial reference, the IDL interface's own name
 * (such as {@code Catalog}), static invocation, JacORB, a 10 s call time-out, a 3 s connect
 * time-out, {@link RetryPolicy#ofDefaults()}, no operation idempotent, and the observers of
 * {@link CallObserver#ofDefaults()} (tracing and metrics).
 */
public final class AdapterConfig {

    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);

    private static final AdapterConfig DEFAULTS = builder().build();

    private final String nameServiceUrl;
    private final String objectUrl;
    private final String name;
    private final InvocationMode invocation;
    private final OrbConfig orb;
    private final Duration callTimeout;
    private final Duration connectTimeout;
    private final RetryPolicy retry;
    private final Set<String> idempotentOperations;
    private final List<CallObserver> observers;
    private final List<String> replicas;
    private final ReplicaPolicy replicaPolicy;

    private AdapterConfig(Builder builder) {
        this.nameServiceUrl = builder.nameServiceUrl;
        this.objectUrl = builder.objectUrl;
        this.name = builder.name;
        this.invocation = builder.invocation;
        this.orb = builder.orb;
        this.callTimeout = builder.callTimeout;
        this.connectTimeout = builder.connectTimeout;
        this.retry = builder.retry;
        this.idempotentOperations = Set.copyOf(builder.idempotentOperations);
        this.observers = List.copyOf(builder.observers);
        this.replicas = List.copyOf(builder.replicas);
        this.replicaPolicy = builder.replicaPolicy;
    }

    public static AdapterConfig ofDefaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.nameServiceUrl = nameServiceUrl;
        builder.objectUrl = objectUrl;
        builder.name = name;
        builder.invocation = invocation;
        builder.orb = orb;
        builder.callTimeout = callTimeout;
        builder.connectTimeout = connectTimeout;
        builder.retry = retry;
        builder.idempotentOperations.addAll(idempotentOperations);
        builder.observers = observers;
        builder.replicas.addAll(replicas);
        builder.replicaPolicy = replicaPolicy;
        return builder;
    }

    /** {@code corbaname:} or {@code corbaloc:} URL of the root naming context; null for the initial reference. */
    public String nameServiceUrl() {
        return nameServiceUrl;
    }

    /** The CosNaming string name of the object; null for the IDL interface's own name. */
    public String name() {
        return name;
    }

    /** How calls reach the wire. */
    public InvocationMode invocation() {
        return invocation;
    }

    /** The ORB the adapter creates when it is not given one. */
    public OrbConfig orb() {
        return orb;
    }

    public Duration callTimeout() {
        return callTimeout;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** When a failed call is tried again, and how the name is resolved again before it. */
    public RetryPolicy retry() {
        return retry;
    }

    /**
     * The operations (wire names, {@code _get_x} for attribute x) that are harmless to run
     * twice: a call of one of them whose completion is unknown may be retried. None by default.
     */
    public Set<String> idempotentOperations() {
        return idempotentOperations;
    }

    /** What sees every call: by default {@link CallObserver#ofDefaults()}, the add-ons' observers. */
    public List<CallObserver> observers() {
        return observers;
    }

    /**
     * The object itself, when it is called with no name service: an {@code IOR:} string or a
     * {@code corbaloc:} URL of the object; null when its name is resolved.
     */
    public String objectUrl() {
        return objectUrl;
    }

    /**
     * The replicas calls are spread over, as configured ({@link Builder#replicas}); empty for the
     * one object of {@link #name()} or {@link #objectUrl()}.
     */
    public List<String> replicas() {
        return replicas;
    }

    /** How calls are spread over {@link #replicas()} and when one is left out for a while. */
    public ReplicaPolicy replicaPolicy() {
        return replicaPolicy;
    }

    /** Where the name service is, for messages: the URL, or the initial reference. */
    public String nameServiceDescription() {
        return nameServiceUrl != null ? nameServiceUrl : "the NameService initial reference";
    }

    @Override
    public String toString() {
        return "AdapterConfig[nameService=" + nameServiceDescription() + ", name=" + name + ", invocation="
                + invocation.configName() + ", orb=" + orb.orbClass() + ", callTimeout=" + callTimeout.toMillis()
                + " ms, connectTimeout=" + connectTimeout.toMillis() + " ms, " + retry + ", idempotent="
                + idempotentOperations + ", observers=" + observers
                + (replicas.isEmpty() ? "" : ", replicas=" + replicas + ", " + replicaPolicy) + "]";
    }

    public static final class Builder {
        private String nameServiceUrl;
        private String objectUrl;
        private String name;
        private InvocationMode invocation = InvocationMode.STATIC;
        private OrbConfig orb = OrbConfig.ofDefaults();
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private RetryPolicy retry = RetryPolicy.ofDefaults();
        private final Set<String> idempotentOperations = new LinkedHashSet<>();
        private List<CallObserver> observers = CallObserver.ofDefaults();
        private final List<String> replicas = new ArrayList<>();
        private ReplicaPolicy replicaPolicy = ReplicaPolicy.ofDefaults();

        private Builder() {
        }

        /**
         * Spreads calls over several replicas of the object, as {@link #replicaPolicy} says,
         * instead of calling the one of {@link #name} or {@link #objectUrl}. Each target is one of:
         * <ul>
         *   <li>a name ({@code Catalog-2}), resolved in {@link #nameService};</li>
         *   <li>{@code corbaname::HOST:PORT#NAME}: a name in a name service of its own;</li>
         *   <li>a naming context with a trailing {@code /} ({@code Warehouses/}, or
         *       {@code corbaname::HOST:PORT#Warehouses/}; {@code /} is the root): every object bound
         *       in it, listed again every ejection time and whenever a replica is ejected;</li>
         *   <li>{@code corbaloc::HOST:PORT/KEY}; one with several addresses
         *       ({@code corbaloc::h1:p1,:h2:p2/KEY}) is a replica per address;</li>
         *   <li>an {@code IOR:} string.</li>
         * </ul>
         * Each replica is located, and located again after it was found gone, on its own. Replaces
         * the targets given before; none (or one) is the single target of {@link #name} and
         * {@link #objectUrl}, which costs a call nothing more.
         */
        public Builder replicas(String... targets) {
            List<String> checked = new ArrayList<>();
            for (String target : targets) {
                if (target == null || target.isBlank()) {
                    throw new IllegalArgumentException("a replica needs a name or a URL");
                }
                String trimmed = target.trim();
                int colon = trimmed.indexOf(':');
                String scheme = colon < 0 ? "" : trimmed.substring(0, colon).toLowerCase(Locale.ROOT);
                if (colon >= 0 && !List.of("corbaname", "corbaloc", "ior").contains(scheme)) {
                    throw new IllegalArgumentException("a replica is a name, a corbaname: or corbaloc: URL or an "
                            + "IOR: string, not '" + abbreviate(trimmed) + "'");
                }
                if (scheme.equals("corbaname") && !trimmed.contains("#")) {
                    throw new IllegalArgumentException("a corbaname: replica names its object after a #, as in "
                            + "corbaname::host:2809#Catalog, not '" + trimmed + "'");
                }
                checked.add(trimmed);
            }
            replicas.clear();
            replicas.addAll(checked);
            return this;
        }

        /** How calls are spread over {@link #replicas} and when one is left out. */
        public Builder replicaPolicy(ReplicaPolicy policy) {
            this.replicaPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * The name service: {@code corbaname::HOST:PORT}, {@code corbaloc::HOST:PORT/NameService}, or
         * {@code corbaname::HOST:PORT#NAME}, which also sets the name. Over TLS, on an ORB with
         * {@link OrbConfig.Builder#tls}: {@code corbaname:ssliop:HOST:PORT} (or
         * {@code corbaloc:ssliop:HOST:PORT/KEY}), the name service's TLS port, its certificate
         * checked as a server's, so that the lookup is not plain text either; on every ORB. Null:
         * the ORB's {@code NameService} initial reference (for example from {@code -ORBInitRef}).
         */
        public Builder nameService(String url) {
            if (url == null) {
                this.nameServiceUrl = null;
                return this;
            }
            String lower = url.toLowerCase(Locale.ROOT);
            if (!lower.startsWith("corbaname:") && !lower.startsWith("corbaloc:")) {
                throw new IllegalArgumentException(
                        "name service URL must start with corbaname: or corbaloc:, not '" + url + "'");
            }
            int hash = url.indexOf('#');
            if (hash >= 0) {
                if (!lower.startsWith("corbaname:")) {
                    throw new IllegalArgumentException("only corbaname: URLs may carry a #name: '" + url + "'");
                }
                String nameInUrl = url.substring(hash + 1);
                if (!nameInUrl.isEmpty()) {
                    name(nameInUrl);
                }
                url = url.substring(0, hash);
            }
            this.nameServiceUrl = url;
            return this;
        }

        /**
         * Calls the object at this reference, with no name service: an {@code IOR:} string (as a
         * server prints or writes to a file) or a {@code corbaloc::HOST:PORT/KEY} URL. After a
         * failure that says the server was gone, the reference is read again, so a server that
         * keeps its address and object key (a persistent POA) is found after a restart. Null: the
         * name is resolved in the name service.
         */
        public Builder objectUrl(String url) {
            if (url != null && !url.regionMatches(true, 0, "IOR:", 0, 4)
                    && !url.regionMatches(true, 0, "corbaloc:", 0, 9)) {
                throw new IllegalArgumentException("an object URL is an IOR: string or a corbaloc: URL (for a "
                        + "corbaname: URL use nameService), not '" + abbreviate(url) + "'");
            }
            this.objectUrl = url;
            return this;
        }

        private static String abbreviate(String text) {
            return text.length() > 60 ? text.substring(0, 60) + "..." : text;
        }

        /** The CosNaming string name, such as {@code Catalog} or {@code shop/east/Catalog}. */
        public Builder name(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("name must not be blank");
            }
            this.name = name;
            return this;
        }

        public Builder invocation(InvocationMode mode) {
            this.invocation = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** {@code static}, {@code dynamic} or {@code dii}, in any case. */
        public Builder invocation(String invocation) {
            this.invocation = InvocationMode.fromConfig(invocation);
            return this;
        }

        public Builder orb(OrbConfig orb) {
            this.orb = Objects.requireNonNull(orb, "orb");
            return this;
        }

        public Builder orb(OrbImplementation implementation) {
            return orb(OrbConfig.of(implementation));
        }

        /** How long a call may wait for its reply; positive. */
        public Builder callTimeout(Duration timeout) {
            this.callTimeout = requirePositive(timeout, "callTimeout");
            return this;
        }

        /** How long the ORB may try to open a connection; positive. */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = requirePositive(timeout, "connectTimeout");
            return this;
        }

        /** When failed calls are tried again; {@link RetryPolicy#none()} to never. */
        public Builder retry(RetryPolicy retry) {
            this.retry = Objects.requireNonNull(retry, "retry");
            return this;
        }

        /**
         * Declares operations harmless to run twice (reads, or writes of the same value): the retry
         * policy may repeat them even when the server may have run them. Attribute reads are
         * {@code _get_name}. Adds to those declared before.
         */
        public Builder idempotent(String... operations) {
            for (String operation : operations) {
                if (operation == null || operation.isBlank()) {
                    throw new IllegalArgumentException("an idempotent operation needs a name");
                }
                idempotentOperations.add(operation.trim());
            }
            return this;
        }

        /**
         * What sees every call, replacing the defaults ({@link CallObserver#ofDefaults()}); none
         * to observe nothing, such as {@code Tracing.of(openTelemetry)} with a registry of its own:
         * {@code observers(Tracing.of(otel), CallMetrics.of(registry))}.
         */
        public Builder observers(CallObserver... observers) {
            this.observers = List.of(observers);
            return this;
        }

        public AdapterConfig build() {
            return new AdapterConfig(this);
        }

        private static Duration requirePositive(Duration duration, String what) {
            Objects.requireNonNull(duration, what);
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(what + " must be positive, not " + duration);
            }
            return duration;
        }
    }
}
