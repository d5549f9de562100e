package org.corbabridge.adapter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * IIOP over TLS for the ORBs the adapter creates: whom to trust, which certificate to present
 * (mutual TLS), and which protocol versions to offer. Immutable. A client given a
 * {@code TlsConfig} calls its object over TLS only: a name bound to a reference with no TLS
 * endpoint is refused with {@link TlsHandshakeException}, never called in plain text. The name
 * service is reached over TLS too when its URL says so ({@code corbaname:ssliop:HOST:PORT},
 * see {@link AdapterConfig.Builder#nameService}); with a {@code corbaname::} URL the lookup is
 * plain text, and a reference it hands out that points elsewhere would still need a certificate
 * for that host from a trusted CA.
 *
 * <pre>{@code
 * TlsConfig tls = TlsConfig.builder()
 *         .trustStore(Path.of("/etc/corba/truststore.p12"), "changeit")   // the servers' CA
 *         .keyStore(Path.of("/etc/corba/client.p12"), "changeit")         // only for mutual TLS
 *         .build();
 * AdapterConfig config = AdapterConfig.builder()
 *         .orb(OrbConfig.builder().implementation(OrbImplementation.ECLIPSE_ORB).tls(tls).build())
 *         .build();
 * }</pre>
 *
 * <p>Stores are PKCS #12 unless said otherwise; the protocols default to TLS 1.3 and 1.2. The
 * server's certificate must chain to the trust store, be in its validity period, be for server
 * authentication, and name the host the client connects to: the reference's host (or the one
 * {@link OrbConfig.Builder#mapAddress} maps it to), an IP address against the certificate's IP
 * subject alternative names, a host name against its DNS ones, with a wildcard standing for one
 * whole leftmost label (RFC 6125, as HTTPS clients check). A certificate for another host is a
 * {@link TlsHandshakeException} naming the host expected and the names presented.
 * {@link Builder#verifyHostName(boolean) verifyHostName(false)} turns that check off for the
 * clients of this configuration only, trusting any certificate the CAs signed for any host. An
 * ORB the adapter borrows is configured by its owner: {@link OrbImplementation#tlsProperties(TlsConfig)}
 * gives the properties to create it with.
 */
public final class TlsConfig {

    /** Offered unless {@link Builder#protocols} says otherwise. */
    public static final List<String> DEFAULT_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");
    public static final String DEFAULT_STORE_TYPE = "PKCS12";

    private final Path trustStore;
    private final String trustStorePassword;
    private final String trustStoreType;
    private final Path keyStore;
    private final String keyStorePassword;
    private final String keyStoreType;
    private final List<String> protocols;
    private final boolean verifyHostName;

    private TlsConfig(Builder builder) {
        this.trustStore = builder.trustStore;
        this.trustStorePassword = builder.trustStorePassword;
        this.trustStoreType = builder.trustStoreType;
        this.keyStore = builder.keyStore;
        this.keyStorePassword = builder.keyStorePassword;
        this.keyStoreType = builder.keyStoreType;
        this.protocols = List.copyOf(builder.protocols);
        this.verifyHostName = builder.verifyHostName;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Path trustStore() {
        return trustStore;
    }

    public String trustStorePassword() {
        return trustStorePassword;
    }

    public String trustStoreType() {
        return trustStoreType;
    }

    /** The store with the client's certificate and key, presented when a server asks; empty: none. */
    public Optional<Path> keyStore() {
        return Optional.ofNullable(keyStore);
    }

    public String keyStorePassword() {
        return keyStorePassword;
    }

    public String keyStoreType() {
        return keyStoreType;
    }

    public List<String> protocols() {
        return protocols;
    }

    /** Whether the server's certificate must name the host connected to (the default), or any host will do. */
    public boolean verifyHostName() {
        return verifyHostName;
    }

    @Override
    public String toString() {
        return "TlsConfig[trust " + trustStore + ", " + (keyStore == null ? "no client certificate" : "key " + keyStore)
                + ", " + protocols + (verifyHostName ? "" : ", host names not verified") + "]";
    }

    public static final class Builder {
        private Path trustStore;
        private String trustStorePassword;
        private String trustStoreType = DEFAULT_STORE_TYPE;
        private Path keyStore;
        private String keyStorePassword;
        private String keyStoreType = DEFAULT_STORE_TYPE;
        private List<String> protocols = DEFAULT_PROTOCOLS;
        private boolean verifyHostName = true;

        private Builder() {
        }

        /** The certificates of the CAs that sign the servers' certificates. Required. */
        public Builder trustStore(Path store, String password) {
            this.trustStore = Objects.requireNonNull(store, "store");
            this.trustStorePassword = Objects.requireNonNull(password, "password");
            return this;
        }

        public Builder trustStoreType(String type) {
            this.trustStoreType = Objects.requireNonNull(type, "type");
            return this;
        }

        /** The client's certificate and key, for servers that require mutual TLS. */
        public Builder keyStore(Path store, String password) {
            this.keyStore = Objects.requireNonNull(store, "store");
            this.keyStorePassword = Objects.requireNonNull(password, "password");
            return this;
        }

        public Builder keyStoreType(String type) {
            this.keyStoreType = Objects.requireNonNull(type, "type");
            return this;
        }

        /** The protocol versions to offer, such as {@code TLSv1.3}. */
        public Builder protocols(String... protocols) {
            if (protocols.length == 0) {
                throw new IllegalArgumentException("protocols must name at least one TLS version");
            }
            this.protocols = List.of(protocols);
            return this;
        }

        /**
         * {@code false} accepts a server certificate that names another host, as long as a
         * trusted CA signed it and it is valid for a server: an opt-out for servers whose
         * certificates do not name the addresses their references carry. Anyone the CAs gave a
         * certificate can then answer in the server's place. Default: {@code true}.
         */
        public Builder verifyHostName(boolean verify) {
            this.verifyHostName = verify;
            return this;
        }

        /** @throws IllegalArgumentException no trust store, or a store that is not a readable file */
        public TlsConfig build() {
            if (trustStore == null) {
                throw new IllegalArgumentException("TLS needs a trust store with the CA of the servers' certificates");
            }
            requireReadable(trustStore, "trust store");
            if (keyStore != null) {
                requireReadable(keyStore, "key store");
            }
            return new TlsConfig(this);
        }

        private static void requireReadable(Path store, String what) {
            if (!Files.isRegularFile(store) || !Files.isReadable(store)) {
                throw new IllegalArgumentException("the " + what + " " + store + " is not a readable file");
            }
        }
    }
}
