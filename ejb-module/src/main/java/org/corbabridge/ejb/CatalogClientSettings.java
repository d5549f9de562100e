package org.corbabridge.ejb;

import java.time.Duration;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbImplementation;

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

    /** The adapter configuration of one session, with that session's invocation mode. */
    public AdapterConfig adapterConfig(String invocation) {
        return AdapterConfig.builder()
                .nameService(nameServiceUrl)
                .name(name)
                .invocation(invocation == null ? InvocationMode.STATIC.configName() : invocation)
                .orb(OrbImplementation.valueOf(orbImplementation.trim()))
                .callTimeout(Duration.ofMillis(callTimeoutMillis))
                .connectTimeout(Duration.ofMillis(connectTimeoutMillis))
                .build();
    }
}
