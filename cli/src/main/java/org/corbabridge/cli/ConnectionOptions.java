package org.corbabridge.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.TlsConfig;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** What every command that talks to a server takes: the ORB, the two time-outs and TLS. */
final class ConnectionOptions {

    @Option(names = "--orb", defaultValue = "${env:CORBABRIDGE_ORB:-JACORB}",
            description = "The ORB: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; env CORBABRIDGE_ORB).")
    OrbImplementation orb;

    @Option(names = "--timeout", defaultValue = "10s", converter = DurationConverter.class,
            description = "How long a call may take, retries included: 500ms, 5s, 2m (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--connect-timeout", defaultValue = "3s", converter = DurationConverter.class,
            description = "How long opening a connection may take (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--tls-trust-store", paramLabel = "FILE",
            description = "Call over TLS, trusting the certificates in this key store (PKCS12 or JKS).")
    Path trustStore;

    @Option(names = "--tls-trust-store-password", paramLabel = "PASSWORD",
            defaultValue = "${env:CORBABRIDGE_TLS_TRUST_STORE_PASSWORD:-changeit}",
            description = "The trust store's password (env CORBABRIDGE_TLS_TRUST_STORE_PASSWORD).")
    String trustStorePassword;

    @Option(names = "--tls-key-store", paramLabel = "FILE",
            description = "The client's own certificate and key, for a server that asks for one.")
    Path keyStore;

    @Option(names = "--tls-key-store-password", paramLabel = "PASSWORD",
            defaultValue = "${env:CORBABRIDGE_TLS_KEY_STORE_PASSWORD:-changeit}",
            description = "The key store's password (env CORBABRIDGE_TLS_KEY_STORE_PASSWORD).")
    String keyStorePassword;

    OrbConfig orbConfig() {
        OrbConfig.Builder orbConfig = OrbConfig.builder().implementation(orb);
        if (trustStore != null) {
            TlsConfig.Builder tls = TlsConfig.builder().trustStore(trustStore, trustStorePassword);
            if (keyStore != null) {
                tls.keyStore(keyStore, keyStorePassword);
            }
            orbConfig.tls(tls.build());
        } else if (keyStore != null) {
            throw new IllegalArgumentException("--tls-key-store needs --tls-trust-store: TLS is on when a trust store is given");
        }
        return orbConfig.build();
    }

    /** A client configuration with these options and no telemetry: a command prints what it saw itself. */
    AdapterConfig.Builder config() {
        return AdapterConfig.builder().orb(orbConfig()).callTimeout(timeout).connectTimeout(connectTimeout)
                .observers();
    }

    /** 500ms, 5s, 2m, or an ISO-8601 duration (PT5S); a bare number is seconds. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            String text = value.trim().toLowerCase(Locale.ROOT);
            try {
                Duration duration;
                if (text.startsWith("pt")) {
                    duration = Duration.parse(text.toUpperCase(Locale.ROOT));
                } else if (text.endsWith("ms")) {
                    duration = Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
                } else if (text.endsWith("s")) {
                    duration = Duration.ofMillis(Math.round(Double.parseDouble(text.substring(0, text.length() - 1)) * 1000));
                } else if (text.endsWith("m")) {
                    duration = Duration.ofSeconds(Math.round(Double.parseDouble(text.substring(0, text.length() - 1)) * 60));
                } else {
                    duration = Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
                }
                if (duration.isNegative() || duration.isZero()) {
                    throw new IllegalArgumentException("a time-out must be positive: " + value);
                }
                return duration;
            } catch (NumberFormatException | DateTimeParseException e) {
                throw new IllegalArgumentException("'" + value + "' is not a duration such as 500ms, 5s or 2m");
            }
        }
    }
}
