package org.corbabridge.ee;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.TlsConfig;

/**
 * The settings of an ORB a container resource creates, as the container sets them: the
 * implementation, the two time-outs that bound it, the cap on incoming messages, and IIOP over
 * TLS. Shared by {@link CorbaClientResource} (the ORB a client or session creates) and the EJB's
 * built-in ORB resource, so that both take the same properties with the same defaults: the
 * adapter's ({@link AdapterConfig#ofDefaults()}, {@link OrbConfig#ofDefaults()},
 * {@link TlsConfig}); none is declared here.
 */
public abstract class OrbSettings {

    private String orbImplementation = OrbImplementation.JACORB.name();
    private long callTimeoutMillis = AdapterConfig.DEFAULT_CALL_TIMEOUT.toMillis();
    private long connectTimeoutMillis = AdapterConfig.DEFAULT_CONNECT_TIMEOUT.toMillis();
    private long maxIncomingMessageBytes = OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES;
    private String tlsTrustStore = "";
    private String tlsTrustStorePassword = "";
    private String tlsTrustStoreType = TlsConfig.DEFAULT_STORE_TYPE;
    private String tlsKeyStore = "";
    private String tlsKeyStorePassword = "";
    private String tlsKeyStoreType = TlsConfig.DEFAULT_STORE_TYPE;
    private String tlsProtocols = String.join(",", TlsConfig.DEFAULT_PROTOCOLS);
    private boolean tlsVerifyHostName = true;
    private String traceContext = OrbConfig.TraceContextMode.AUTO.name();
    private String mapAddresses = "";

    /** {@code JACORB}, {@code ECLIPSE_ORB} or {@code OPENJDK_ORB}: the ORB this resource (or a session) creates. */
    public void setOrbImplementation(String orbImplementation) {
        this.orbImplementation = orbImplementation;
    }

    public void setCallTimeoutMillis(long callTimeoutMillis) {
        this.callTimeoutMillis = callTimeoutMillis;
    }

    public void setConnectTimeoutMillis(long connectTimeoutMillis) {
        this.connectTimeoutMillis = connectTimeoutMillis;
    }

    /** The cap on messages the ORB receives, in bytes (see {@link OrbConfig#maxIncomingMessageBytes()}). */
    public void setMaxIncomingMessageBytes(long bytes) {
        this.maxIncomingMessageBytes = bytes;
    }

    /**
     * {@code auto} (carry the trace context if OpenTelemetry is set up when the ORB is created),
     * {@code true} or {@code false}.
     */
    public void setTraceContext(String mode) {
        this.traceContext = mode;
    }

    /**
     * Addresses servers publish mapped to ones this client reaches ({@link OrbConfig.Builder#mapAddress}),
     * as {@code PUBLISHED=REACHABLE}, comma-separated and tried in order, such as
     * {@code 10.0.1.5:4000=gateway:14000, *.cluster.local:*=gateway:*}.
     */
    public void setMapAddresses(String rules) {
        this.mapAddresses = rules;
    }

    /** IIOP over TLS, and only TLS, for the object: the CAs to trust (PKCS #12 unless {@code TlsTrustStoreType}). */
    public void setTlsTrustStore(String path) {
        this.tlsTrustStore = path;
    }

    public void setTlsTrustStorePassword(String password) {
        this.tlsTrustStorePassword = password;
    }

    public void setTlsTrustStoreType(String type) {
        this.tlsTrustStoreType = type;
    }

    /** Mutual TLS: the client's certificate and key. */
    public void setTlsKeyStore(String path) {
        this.tlsKeyStore = path;
    }

    public void setTlsKeyStorePassword(String password) {
        this.tlsKeyStorePassword = password;
    }

    public void setTlsKeyStoreType(String type) {
        this.tlsKeyStoreType = type;
    }

    /** Comma-separated, such as {@code TLSv1.3,TLSv1.2}. */
    public void setTlsProtocols(String protocols) {
        this.tlsProtocols = protocols;
    }

    /**
     * {@code false} accepts a trusted server certificate for another host
     * ({@link TlsConfig.Builder#verifyHostName(boolean)}): an explicit opt-out, for this client only.
     */
    public void setTlsVerifyHostName(boolean verify) {
        this.tlsVerifyHostName = verify;
    }

    protected Duration callTimeout() {
        return Duration.ofMillis(callTimeoutMillis);
    }

    protected Duration connectTimeout() {
        return Duration.ofMillis(connectTimeoutMillis);
    }

    /** The ORB these settings describe: the implementation, its message cap, and TLS when a trust store is set. */
    protected OrbConfig.Builder orbConfig() {
        OrbConfig.Builder orb = OrbConfig.builder().implementation(OrbImplementation.valueOf(orbImplementation.trim()))
                .maxIncomingMessageBytes(maxIncomingMessageBytes)
                .traceContext(OrbConfig.TraceContextMode.fromConfig(traceContext));
        for (String rule : list(mapAddresses)) {
            int equals = rule.indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException("MapAddresses: '" + rule + "' is not PUBLISHED=REACHABLE");
            }
            orb.mapAddress(rule.substring(0, equals).trim(), rule.substring(equals + 1).trim());
        }
        if (!tlsTrustStore.isBlank()) {
            TlsConfig.Builder tls = TlsConfig.builder()
                    .trustStore(Path.of(tlsTrustStore.trim()), tlsTrustStorePassword)
                    .trustStoreType(tlsTrustStoreType.trim())
                    .protocols(list(tlsProtocols).toArray(String[]::new))
                    .verifyHostName(tlsVerifyHostName);
            if (!tlsKeyStore.isBlank()) {
                tls.keyStore(Path.of(tlsKeyStore.trim()), tlsKeyStorePassword).keyStoreType(tlsKeyStoreType.trim());
            }
            orb.tls(tls.build());
        }
        return orb;
    }

    /** A comma-separated property as a list, blanks dropped. */
    protected static List<String> list(String commaSeparated) {
        return Arrays.stream(commaSeparated == null ? new String[0] : commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
