package org.corbabridge.ejb;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.RetryPolicy;

/**
 * Where every session of the deployment finds the Catalog and how long it may wait: the
 * {@code CatalogClientSettings} resource of META-INF/resources.xml. Each property can be
 * overridden without touching the jar, as OpenEJB/TomEE allow for any resource: a system or
 * container property {@code CatalogClientSettings.NameServiceUrl=corbaname::host:2809}.
 */
public class CatalogClientSettings {

    private String nameServiceUrl = "corbaname::127.0.0.1:2809";
    private String name = "Catalog";
    private String orbImplementation = OrbImplementation.JACORB.name();
    private long callTimeoutMillis = AdapterConfig.DEFAULT_CALL_TIMEOUT.toMillis();
    private long connectTimeoutMillis = AdapterConfig.DEFAULT_CONNECT_TIMEOUT.toMillis();
    private int retryMaxAttempts = RetryPolicy.ofDefaults().maxAttempts();
    private long retryBackoffMillis = RetryPolicy.ofDefaults().initialBackoff().toMillis();

    public void setNameServiceUrl(String nameServiceUrl) {
        this.nameServiceUrl = nameServiceUrl;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The ORB an external-mode session creates: {@code JACORB} or {@code ECLIPSE_ORB}. */
    public void setOrbImplementation(String orbImplementation) {
        this.orbImplementation = orbImplementation;
    }

    public void setCallTimeoutMillis(long callTimeoutMillis) {
        this.callTimeoutMillis = callTimeoutMillis;
    }

    public void setConnectTimeoutMillis(long connectTimeoutMillis) {
        this.connectTimeoutMillis = connectTimeoutMillis;
    }

    /** Attempts per call, the first included; 1 never retries. Only safe calls are ever retried. */
    public void setRetryMaxAttempts(int retryMaxAttempts) {
        this.retryMaxAttempts = retryMaxAttempts;
    }

    /** The first back-off; it doubles at each retry, up to 1 s. */
    public void setRetryBackoffMillis(long retryBackoffMillis) {
        this.retryBackoffMillis = retryBackoffMillis;
    }

    /** The adapter configuration of one session, with that session's invocation mode. */
    public AdapterConfig adapterConfig(String invocation) {
        return AdapterConfig.builder()
                .nameService(nameServiceUrl)
                .name(name)
                .invocation(invocation == null ? InvocationMode.STATIC.configName() : invocation)
                .orb(OrbImplementation.valueOf(orbImplementation.trim()))
                .callTimeout(Duration.ofMillis(callTimeoutMillis))
                .connectTimeout(Duration.ofMillis(connectTimeoutMillis))
                .retry(RetryPolicy.builder()
                        .maxAttempts(retryMaxAttempts)
                        .backoff(Duration.ofMillis(retryBackoffMillis), 2.0,
                                Duration.ofMillis(Math.max(retryBackoffMillis, 1000)))
                        .build())
                .build();
    }
}
