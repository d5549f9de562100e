package org.corbabridge.adapter.spi;

import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Which names the telemetry add-ons give spans, attributes and meters: OpenTelemetry's semantic
 * conventions for RPC, this project's earlier names, or both while dashboards move.
 *
 * <p>Chosen by the system property {@value #PROPERTY} or, without it, the environment variable
 * {@value #ENVIRONMENT}, in the words of OpenTelemetry's own {@code OTEL_SEMCONV_STABILITY_OPT_IN}:
 * {@code rpc} (the default), {@code legacy}, or {@code rpc/dup} (both). The earlier names are kept
 * for one release.
 */
public enum TelemetryNames {

    /**
     * OpenTelemetry's semantic conventions for RPC, {@value #SEMCONV_VERSION}: spans carry
     * {@code rpc.system.name}, {@code rpc.method} (the interface's scoped name, a slash, the
     * operation), {@code server.address}, {@code server.port} and, on failure, {@code error.type};
     * the call's duration is {@code rpc.client.call.duration}, in seconds.
     */
    RPC,
    /**
     * The names of corbabridge 0.1, for one more release: {@code rpc.system}, {@code rpc.service},
     * {@code rpc.method} (the operation alone) on spans, and {@code corba.client.calls} with the
     * tags {@code interface}, {@code operation}, {@code outcome}, {@code exception}.
     */
    LEGACY,
    /** Both: the conventions' names and the earlier ones ({@code rpc.method} takes the conventions' value). */
    RPC_AND_LEGACY;

    /** The version of OpenTelemetry's semantic conventions {@link #RPC} follows. */
    public static final String SEMCONV_VERSION = "1.40.0";
    /** The URL of the schema of {@link #SEMCONV_VERSION}, for a tracer's or meter's schema URL. */
    public static final String SCHEMA_URL = "https://opentelemetry.io/schemas/" + SEMCONV_VERSION;
    public static final String PROPERTY = "corbabridge.telemetry.names";
    public static final String ENVIRONMENT = "CORBABRIDGE_TELEMETRY_NAMES";

    /** Whether the conventions' names are given. */
    public boolean conventions() {
        return this != LEGACY;
    }

    /** Whether the earlier names are given. */
    public boolean legacy() {
        return this != RPC;
    }

    /** As this JVM is configured ({@value #PROPERTY}, else {@value #ENVIRONMENT}); {@link #RPC} when neither is set. */
    public static TelemetryNames configured() {
        return configured(System::getProperty, System::getenv);
    }

    static TelemetryNames configured(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        String property = properties.apply(PROPERTY);
        if (property != null && !property.isBlank()) {
            return parse(property, PROPERTY);
        }
        String variable = environment.apply(ENVIRONMENT);
        return variable == null || variable.isBlank() ? RPC : parse(variable, ENVIRONMENT);
    }

    /**
     * An interface's name in telemetry: its scoped IDL name ({@code IDL:shop/Catalog:1.0} is
     * {@code shop::Catalog}); a repository id of another form stays as it is. The conventions'
     * {@code rpc.method} is this, a slash, and the operation.
     */
    public static String service(String repositoryId) {
        if (repositoryId.startsWith("IDL:")) {
            int version = repositoryId.lastIndexOf(':');
            if (version > 3) {
                return repositoryId.substring(4, version).replace("/", "::");
            }
        }
        return repositoryId;
    }

    /** The conventions' {@code rpc.method}: {@link #service} of the interface, a slash, the operation. */
    public static String method(String repositoryId, String operation) {
        return service(repositoryId) + "/" + operation;
    }

    /**
     * {@code rpc}, {@code legacy} or {@code rpc/dup}, in any case.
     *
     * @throws IllegalArgumentException naming {@code source} and the values it takes
     */
    public static TelemetryNames parse(String value, String source) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "rpc":
                return RPC;
            case "legacy":
                return LEGACY;
            case "rpc/dup":
                return RPC_AND_LEGACY;
            default:
                throw new IllegalArgumentException(source + " is '" + value + "'; it takes rpc, legacy or rpc/dup");
        }
    }
}
