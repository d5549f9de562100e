package org.corbabridge.ejb;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.RetryPolicy;

/**
 * The {@code <resource>.<Property>} overrides that point this jar's resources at a name service
 * and ORB, for embedding: pass them as container properties
 * ({@code EJBContainer.createEJBContainer(map)}) or as system properties before the container
 * starts. OpenEJB and TomEE apply such overrides to any resource.
 */
public final class ResourceOverrides {

    public static final String SETTINGS = "CatalogClientSettings";
    public static final String ORB = "CatalogOrb";

    private ResourceOverrides() {
    }

    /**
     * Both resources configured from {@code config}: its name service, name, ORB (the built-in
     * ORB and the ORB external-mode sessions create), time-outs, retry policy, idempotent
     * operations, message cap and TLS (of the built-in ORB and the sessions' own). The name
     * service URL must be set; the invocation is each bean's own.
     */
    public static Map<String, String> of(AdapterConfig config) {
        if (config.nameServiceUrl() == null || config.orb().implementation() == null) {
            throw new IllegalArgumentException("the overrides need a name service URL and a known ORB: " + config);
        }
        String orb = config.orb().implementation().name();
        String call = Long.toString(config.callTimeout().toMillis());
        String connect = Long.toString(config.connectTimeout().toMillis());
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put(SETTINGS + ".NameServiceUrl", config.nameServiceUrl());
        if (config.name() != null) {
            overrides.put(SETTINGS + ".Name", config.name());
        }
        overrides.put(SETTINGS + ".OrbImplementation", orb);
        overrides.put(SETTINGS + ".CallTimeoutMillis", call);
        overrides.put(SETTINGS + ".ConnectTimeoutMillis", connect);
        RetryPolicy retry = config.retry();
        overrides.put(SETTINGS + ".RetryMaxAttempts", Integer.toString(retry.maxAttempts()));
        overrides.put(SETTINGS + ".RetryBackoffMillis", Long.toString(retry.initialBackoff().toMillis()));
        overrides.put(SETTINGS + ".RetryBackoffMultiplier", Double.toString(retry.backoffMultiplier()));
        overrides.put(SETTINGS + ".RetryMaxBackoffMillis", Long.toString(retry.maxBackoff().toMillis()));
        overrides.put(SETTINGS + ".RetryIdempotentCalls", Boolean.toString(retry.retriesIdempotentCalls()));
        overrides.put(SETTINGS + ".Idempotent", String.join(",", config.idempotentOperations()));
        overrides.putAll(orbOverrides(SETTINGS, config));
        overrides.put(ORB + ".Implementation", orb);
        overrides.put(ORB + ".CallTimeoutMillis", call);
        overrides.put(ORB + ".ConnectTimeoutMillis", connect);
        overrides.putAll(orbOverrides(ORB, config));
        return overrides;
    }

    /** The message cap and TLS settings both resources take (see {@code OrbSettings}). */
    private static Map<String, String> orbOverrides(String resource, AdapterConfig config) {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put(resource + ".MaxIncomingMessageBytes", Long.toString(config.orb().maxIncomingMessageBytes()));
        overrides.put(resource + ".TraceContext", config.orb().traceContext().name());
        config.orb().tls().ifPresent(tls -> {
            overrides.put(resource + ".TlsTrustStore", tls.trustStore().toString());
            overrides.put(resource + ".TlsTrustStorePassword", tls.trustStorePassword());
            overrides.put(resource + ".TlsTrustStoreType", tls.trustStoreType());
            tls.keyStore().ifPresent(keyStore -> {
                overrides.put(resource + ".TlsKeyStore", keyStore.toString());
                overrides.put(resource + ".TlsKeyStorePassword", tls.keyStorePassword());
                overrides.put(resource + ".TlsKeyStoreType", tls.keyStoreType());
            });
            overrides.put(resource + ".TlsProtocols", String.join(",", tls.protocols()));
        });
        return overrides;
    }
}
