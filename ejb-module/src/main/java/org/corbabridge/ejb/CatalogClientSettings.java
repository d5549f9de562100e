package org.corbabridge.ejb;

import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.ee.CorbaClientResource;

/**
 * Where every session of the deployment finds the Catalog and how it calls it: the
 * {@code CatalogClientSettings} resource of META-INF/resources.xml. It takes every property of
 * {@link CorbaClientResource} ({@code NameServiceUrl}, {@code Name}, {@code OrbImplementation},
 * the time-outs, the retry policy, {@code Idempotent}), with the adapter's own defaults; each
 * bean's {@code invocation} env-entry chooses the invocation. Each property can be overridden
 * without touching the jar, as OpenEJB/TomEE allow for any resource: a system or container
 * property such as {@code CatalogClientSettings.NameServiceUrl=corbaname::host:2809}.
 *
 * <pre>{@code
 * <Resource id="CatalogClientSettings" class-name="org.corbabridge.ejb.CatalogClientSettings">
 *   NameServiceUrl = corbaname::127.0.0.1:2809
 *   CallTimeoutMillis = 4000
 *   RetryMaxAttempts = 1
 * </Resource>
 * }</pre>
 */
public class CatalogClientSettings extends CorbaClientResource {

    /** The adapter configuration of one session, with that session's invocation mode (null: the resource's). */
    public AdapterConfig adapterConfig(String invocation) {
        AdapterConfig config = adapterConfig();
        return invocation == null ? config : config.toBuilder().invocation(invocation).build();
    }
}
