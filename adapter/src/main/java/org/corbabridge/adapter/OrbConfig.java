package org.corbabridge.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.internal.transport.AddressMap;
import org.corbabridge.adapter.internal.transport.MessageLimits;

/**
 * How the adapter creates the ORB it owns: the ORB and singleton classes (always both, and
 * always passed to {@code ORB.init} explicitly), extra properties and arguments. Immutable.
 *
 * <pre>{@code
 * OrbConfig orb = OrbConfig.builder()
 *         .implementation(OrbImplementation.ECLIPSE_ORB)
 *         .property("com.sun.corba.ee.transport.ORBTCPReadTimeouts", "1:5000:300:1")
 *         .arguments("-ORBInitRef", "NameService=corbaname::127.0.0.1:2809")
 *         .build();
 * AdapterConfig config = AdapterConfig.builder().orb(orb).build();
 * }</pre>
 */
public final class OrbConfig {

    /**
     * 64 MiB: far above what a C++ omniORB server sends by default (its {@code giopMaxMsgSize}
     * is 2 MiB), far below what a 2 GB header would make an ORB allocate.
     */
    public static final long DEFAULT_MAX_INCOMING_MESSAGE_BYTES = MessageLimits.DEFAULT_CAP;

    /** The smallest cap accepted: room for a header and a small reply. */
    public static final long MIN_MAX_INCOMING_MESSAGE_BYTES = 1024;

    private static final OrbConfig DEFAULTS = builder().build();

    private final String orbClass;
    private final String orbSingletonClass;
    private final OrbImplementation implementation;
    private final Properties properties;
    private final List<String> arguments;
    private final TlsConfig tls;
    private final long maxIncomingMessageBytes;
    private final TraceContextMode traceContext;
    private final Map<String, String> addressMap;
    private final ServingConfig serving;

    private OrbConfig(Builder builder) {
        this.orbClass = builder.orbClass;
        this.orbSingletonClass = builder.orbSingletonClass;
        this.implementation = builder.implementation;
        this.properties = copy(builder.properties);
        this.arguments = List.copyOf(builder.arguments);
        this.tls = builder.tls;
        this.maxIncomingMessageBytes = builder.maxIncomingMessageBytes;
        this.traceContext = builder.traceContext;
        this.addressMap = Collections.unmodifiableMap(new LinkedHashMap<>(builder.addressMap));
        this.serving = builder.serving;
    }

    /** The ORB on the class path ({@link OrbImplementation#onClassPath()}: JacORB first), no extra properties. */
    public static OrbConfig ofDefaults() {
        return DEFAULTS;
    }

    public static OrbConfig of(OrbImplementation implementation) {
        return builder().implementation(implementation).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.implementation = implementation;
        builder.orbClass = orbClass;
        builder.orbSingletonClass = orbSingletonClass;
        builder.properties.putAll(properties);
        builder.arguments.addAll(arguments);
        builder.tls = tls;
        builder.maxIncomingMessageBytes = maxIncomingMessageBytes;
        builder.traceContext = traceContext;
        builder.addressMap.putAll(addressMap);
        builder.serving = serving;
        return builder;
    }

    public String orbClass() {
        return orbClass;
    }

    public String orbSingletonClass() {
        return orbSingletonClass;
    }

    /** The known implementation these classes belong to; null for another ORB. */
    public OrbImplementation implementation() {
        return implementation;
    }

    /** A copy of the extra properties; they override the adapter's bounding properties. */
    public Properties properties() {
        return copy(properties);
    }

    /** Arguments for {@code ORB.init}, such as {@code -ORBInitRef NameService=corbaname::HOST:PORT}. */
    public List<String> arguments() {
        return arguments;
    }

    /** IIOP over TLS, and only over TLS; empty: plain IIOP. */
    public Optional<TlsConfig> tls() {
        return Optional.ofNullable(tls);
    }

    /**
     * The largest GIOP message the ORB may receive, or the sum of one message's fragments, in
     * bytes, header included. A larger one closes its connection and fails the call with
     * {@link MessageTooLargeException} before the ORB allocates anything for it. Kept on JacORB and
     * the Eclipse ORB; another ORB is not capped.
     */
    public long maxIncomingMessageBytes() {
        return maxIncomingMessageBytes;
    }

    /**
     * Whether the ORB carries the current span's trace context to the server in every request
     * ({@code org.corbabridge.adapter.opentelemetry.TraceContext}): {@link TraceContextMode#AUTO} by
     * default, which registers the interceptor only if OpenTelemetry is set up when the ORB is
     * created. Registering it costs JacORB a few microseconds a call even when nothing is traced
     * (its portable interceptor machinery), so an application that does not trace does not pay.
     * The interceptor is the tracing add-on's ({@code corba-adapter-opentelemetry}): without it on
     * the class path nothing is carried, and {@code ON} is logged once as a warning.
     */
    public TraceContextMode traceContext() {
        return traceContext;
    }

    /** When an ORB carries trace context. */
    public enum TraceContextMode {
        /** If OpenTelemetry's global instance is set when the ORB is created (the Java agent, or {@code GlobalOpenTelemetry.set}). */
        AUTO,
        /** Always: for an ORB created before the application sets OpenTelemetry up, or traced by a non-global instance. */
        ON,
        /** Never. */
        OFF;

        /** {@code auto}, {@code true}/{@code on} or {@code false}/{@code off}, in any case. */
        public static TraceContextMode fromConfig(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "true", "on" -> ON;
                case "false", "off" -> OFF;
                default -> throw new IllegalArgumentException("trace context is auto, true or false, not '" + value + "'");
            };
        }
    }

    /**
     * Where the ORB connects for the addresses servers publish ({@link Builder#mapAddress}), in
     * the order they are tried; empty when it connects where they say.
     */
    public Map<String, String> addressMap() {
        return addressMap;
    }

    /**
     * How the ORB serves the objects its clients export (callbacks): where it listens, what its
     * references carry, how many calls at once, bidirectional GIOP. {@link ServingConfig#ofDefaults()} unless set.
     */
    public ServingConfig serving() {
        return serving;
    }

    @Override
    public String toString() {
        return "OrbConfig[" + orbClass + ", " + orbSingletonClass + ", properties " + properties.stringPropertyNames()
                + ", arguments " + arguments + ", incoming messages up to " + maxIncomingMessageBytes + " bytes"
                + (tls == null ? "" : ", " + tls) + (traceContext == TraceContextMode.AUTO ? "" : ", trace context " + traceContext)
                + (addressMap.isEmpty() ? "" : ", addresses mapped " + addressMap)
                + (serving.equals(ServingConfig.ofDefaults()) ? "" : ", " + serving) + "]";
    }

    private static Properties copy(Properties source) {
        Properties copy = new Properties();
        source.stringPropertyNames().forEach(key -> copy.setProperty(key, source.getProperty(key)));
        return copy;
    }

    public static final class Builder {
        private OrbImplementation implementation = OrbImplementation.onClassPath();
        private String orbClass = implementation.orbClass();
        private String orbSingletonClass = implementation.orbSingletonClass();
        private final Properties properties = new Properties();
        private final List<String> arguments = new ArrayList<>();
        private TlsConfig tls;
        private long maxIncomingMessageBytes = DEFAULT_MAX_INCOMING_MESSAGE_BYTES;
        private TraceContextMode traceContext = TraceContextMode.AUTO;
        private final Map<String, String> addressMap = new LinkedHashMap<>();
        private ServingConfig serving = ServingConfig.ofDefaults();

        private Builder() {
        }

        /** How the ORB serves exported objects ({@link OrbConfig#serving()}). */
        public Builder serving(ServingConfig serving) {
            this.serving = Objects.requireNonNull(serving, "serving");
            return this;
        }

        /**
         * Connects to {@code reachable} wherever a reference says {@code published}: for a server
         * behind NAT, or in a container, that publishes an address this client cannot reach. Both
         * are {@code HOST:PORT}; the published host may be {@code *} or {@code *.SUFFIX} and its
         * port {@code *}, and the reachable port {@code *} (the published one). Rules are tried in
         * the order they were added; the first that matches wins. Applies to every connection the
         * ORB opens, TLS ones included, on every ORB the adapter creates.
         *
         * <pre>{@code
         * OrbConfig.builder()
         *         .mapAddress("10.0.1.5:4000", "gateway.example.com:14000")  // one replica
         *         .mapAddress("*.cluster.local:*", "gateway.example.com:*")  // the rest, same ports
         *         .build();
         * }</pre>
         */
        public Builder mapAddress(String published, String reachable) {
            Map<String, String> candidate = new LinkedHashMap<>(addressMap);
            candidate.put(requireText(published, "published").trim(), requireText(reachable, "reachable").trim());
            AddressMap.format(candidate); // a malformed rule is refused here, naming it
            addressMap.put(published.trim(), reachable.trim());
            return this;
        }

        /** Whether the ORB carries trace context ({@link OrbConfig#traceContext()}): always, or never. */
        public Builder traceContext(boolean traceContext) {
            return traceContext(traceContext ? TraceContextMode.ON : TraceContextMode.OFF);
        }

        /** When the ORB carries trace context; default {@link TraceContextMode#AUTO}. */
        public Builder traceContext(TraceContextMode mode) {
            this.traceContext = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * The cap on incoming messages ({@link OrbConfig#maxIncomingMessageBytes()}); default
         * {@link OrbConfig#DEFAULT_MAX_INCOMING_MESSAGE_BYTES}.
         *
         * @throws IllegalArgumentException below {@link OrbConfig#MIN_MAX_INCOMING_MESSAGE_BYTES}
         */
        public Builder maxIncomingMessageBytes(long bytes) {
            if (bytes < MIN_MAX_INCOMING_MESSAGE_BYTES) {
                throw new IllegalArgumentException("maxIncomingMessageBytes must be at least "
                        + MIN_MAX_INCOMING_MESSAGE_BYTES + ", not " + bytes);
            }
            this.maxIncomingMessageBytes = bytes;
            return this;
        }

        /**
         * Call over TLS only, with these stores, protocols and host-name check, on every ORB
         * (JacORB, the Eclipse ORB and the OpenJDK ORB); null: plain IIOP.
         */
        public Builder tls(TlsConfig tls) {
            this.tls = tls;
            return this;
        }

        public Builder implementation(OrbImplementation implementation) {
            this.implementation = Objects.requireNonNull(implementation, "implementation");
            this.orbClass = implementation.orbClass();
            this.orbSingletonClass = implementation.orbSingletonClass();
            return this;
        }

        /** Another ORB by class name; the adapter then sets no vendor properties to bound its waits. */
        public Builder orbClass(String orbClass, String orbSingletonClass) {
            this.orbClass = requireText(orbClass, "orbClass");
            this.orbSingletonClass = requireText(orbSingletonClass, "orbSingletonClass");
            this.implementation = null;
            for (OrbImplementation known : OrbImplementation.values()) {
                if (known.orbClass().equals(orbClass)) {
                    this.implementation = known;
                }
            }
            return this;
        }

        public Builder property(String key, String value) {
            properties.setProperty(requireText(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public Builder properties(Properties more) {
            more.stringPropertyNames().forEach(key -> property(key, more.getProperty(key)));
            return this;
        }

        public Builder arguments(String... more) {
            for (String argument : more) {
                arguments.add(Objects.requireNonNull(argument, "argument"));
            }
            return this;
        }

        public OrbConfig build() {
            return new OrbConfig(this);
        }

        private static String requireText(String value, String what) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(what + " must not be blank");
            }
            return value;
        }
    }
}
