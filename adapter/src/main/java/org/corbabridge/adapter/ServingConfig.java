package org.corbabridge.adapter;

import java.util.Objects;
import java.util.Optional;

/**
 * How an ORB the adapter creates serves the objects its clients export ({@link ExportedObject}):
 * where it listens, which address its references carry, how many calls it dispatches at once per
 * client, and whether a server may call back over the client's own connection (bidirectional
 * GIOP). Immutable; {@link #ofDefaults()} listens on 127.0.0.1 on a free port and dispatches at
 * most {@value #DEFAULT_MAX_CONCURRENT_CALLS} calls at once per client.
 *
 * <pre>{@code
 * OrbConfig orb = OrbConfig.builder()
 *         .serving(ServingConfig.builder()
 *                 .listen("0.0.0.0", 7000)                 // where the ORB listens
 *                 .publishAs("gateway.example.com", 17000) // what references carry (NAT)
 *                 .maxConcurrentCalls(4)
 *                 .build())
 *         .build();
 * }</pre>
 *
 * <p>TLS: an ORB whose {@link OrbConfig#tls()} is set serves over TLS only, with the same stores.
 * An ORB the adapter borrows listens as its owner created it; only {@link #maxConcurrentCalls()}
 * of the client's own configuration applies to it.
 */
public final class ServingConfig {

    /** Calls dispatched at once per client by default; the next one is refused with {@code TRANSIENT}. */
    public static final int DEFAULT_MAX_CONCURRENT_CALLS = 8;

    /**
     * The minor code of the {@code TRANSIENT} a call beyond {@link #maxConcurrentCalls()} gets
     * ("CB" and 1), completed NO: the server may try it again.
     */
    public static final int TOO_MANY_CALLS_MINOR = 0x43420001;

    /** The listening host by default: a client has nothing to serve to other hosts unless told so. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private static final ServingConfig DEFAULTS = builder().build();

    private final String host;
    private final int port;
    private final String publishedHost;
    private final int publishedPort;
    private final int maxConcurrentCalls;
    private final boolean bidirectional;

    private ServingConfig(Builder builder) {
        this.host = builder.host;
        this.port = builder.port;
        this.publishedHost = builder.publishedHost;
        this.publishedPort = builder.publishedPort;
        this.maxConcurrentCalls = builder.maxConcurrentCalls;
        this.bidirectional = builder.bidirectional;
    }

    /** Loopback, a free port, {@value #DEFAULT_MAX_CONCURRENT_CALLS} calls at once, no bidirectional GIOP. */
    public static ServingConfig ofDefaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Whether {@code failure} is the refusal of a call beyond {@link #maxConcurrentCalls()}: a
     * {@code TRANSIENT} with the minor code {@code 0x43420001}, as a
     * {@link CallObserver.ServedObservation} sees it.
     */
    public static boolean isRefusal(org.omg.CORBA.SystemException failure) {
        return failure instanceof org.omg.CORBA.TRANSIENT && failure.minor == TOO_MANY_CALLS_MINOR;
    }

    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.host = host;
        builder.port = port;
        builder.publishedHost = publishedHost;
        builder.publishedPort = publishedPort;
        builder.maxConcurrentCalls = maxConcurrentCalls;
        builder.bidirectional = bidirectional;
        return builder;
    }

    /** Where the ORB listens: {@value #DEFAULT_HOST} unless set. */
    public String host() {
        return host;
    }

    /** The listening port; 0: any free one. */
    public int port() {
        return port;
    }

    /** The host references carry instead of the listening one (a client behind NAT); empty: the listening host. */
    public Optional<String> publishedHost() {
        return Optional.ofNullable(publishedHost);
    }

    /** The port references carry with {@link #publishedHost()}; 0: the listening port. */
    public int publishedPort() {
        return publishedPort;
    }

    /**
     * The most calls the objects one client exported run at once; a call beyond that is answered
     * at once with {@code TRANSIENT} (completed NO), so that the server may try it again, and
     * never queued.
     */
    public int maxConcurrentCalls() {
        return maxConcurrentCalls;
    }

    /**
     * Whether a server may call back over the connection the client opened (bidirectional GIOP,
     * GIOP 1.2): for a client the server cannot connect to. The server must accept it (omniORB:
     * {@code acceptBiDirectionalGIOP}, a POA with the bidirectional policy). JacORB's own on JacORB;
     * on the Eclipse and OpenJDK ORBs, which have none, the adapter's: each of the ORB's
     * connections hands what the server sends over it to the ORB's own endpoint, over loopback.
     */
    public boolean bidirectional() {
        return bidirectional;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ServingConfig that && host.equals(that.host) && port == that.port
                && Objects.equals(publishedHost, that.publishedHost) && publishedPort == that.publishedPort
                && maxConcurrentCalls == that.maxConcurrentCalls && bidirectional == that.bidirectional;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, port, publishedHost, publishedPort, maxConcurrentCalls, bidirectional);
    }

    @Override
    public String toString() {
        return "ServingConfig[" + host + ":" + (port == 0 ? "*" : port)
                + (publishedHost == null ? "" : ", published as " + publishedHost + ":" + (publishedPort == 0 ? port : publishedPort))
                + ", " + maxConcurrentCalls + " calls at once" + (bidirectional ? ", bidirectional" : "") + "]";
    }

    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port;
        private String publishedHost;
        private int publishedPort;
        private int maxConcurrentCalls = DEFAULT_MAX_CONCURRENT_CALLS;
        private boolean bidirectional;

        private Builder() {
        }

        /**
         * Listens on {@code host} ({@code 0.0.0.0} for every interface) and {@code port} (0: any free one).
         *
         * @throws IllegalArgumentException a blank host or a port outside 0-65535
         */
        public Builder listen(String host, int port) {
            this.host = requireHost(host, "host");
            this.port = requirePort(port, "port", 0);
            return this;
        }

        /**
         * References carry {@code host} and {@code port} (0: the listening port) instead of the listening
         * address: what a server must connect to where it cannot reach the listening one (NAT, a container's
         * port mapping). The reverse of {@link OrbConfig.Builder#mapAddress}.
         */
        public Builder publishAs(String host, int port) {
            this.publishedHost = requireHost(host, "published host");
            this.publishedPort = requirePort(port, "published port", 0);
            return this;
        }

        /** At most {@code calls} calls at once per client ({@link ServingConfig#maxConcurrentCalls()}); at least 1. */
        public Builder maxConcurrentCalls(int calls) {
            if (calls < 1) {
                throw new IllegalArgumentException("maxConcurrentCalls must be at least 1, not " + calls);
            }
            this.maxConcurrentCalls = calls;
            return this;
        }

        /** Whether servers may call back over the client's own connections ({@link ServingConfig#bidirectional()}). */
        public Builder bidirectional(boolean bidirectional) {
            this.bidirectional = bidirectional;
            return this;
        }

        public ServingConfig build() {
            return new ServingConfig(this);
        }

        private static String requireHost(String host, String what) {
            if (host == null || host.isBlank() || host.contains(":") && !host.startsWith("[")) {
                throw new IllegalArgumentException(what + " must be a host name or address ('[::1]' for IPv6), not '"
                        + host + "'");
            }
            return Objects.requireNonNull(host).trim();
        }

        private static int requirePort(int port, String what, int lowest) {
            if (port < lowest || port > 65535) {
                throw new IllegalArgumentException(what + " must be from " + lowest + " to 65535, not " + port);
            }
            return port;
        }
    }
}
