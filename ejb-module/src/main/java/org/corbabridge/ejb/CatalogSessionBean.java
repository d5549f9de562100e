package org.corbabridge.ejb;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Remove;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.omg.CORBA.ORB;

/**
 * A stateful session that delegates every CORBA call to one {@link CatalogAdapter}, held for
 * the life of the session. Declared in META-INF/ejb-jar.xml, once per study configuration:
 * the env-entries {@code invocation} and {@code orbMode} choose the configuration, the
 * {@code CatalogClientSettings} resource says where the Catalog is.
 *
 * <p>Not passivation-capable: an ORB and its object references cannot be serialized, and an
 * external ORB is too dear to recreate on every activation. The container serialises calls to
 * one session, so the bean needs no locking.
 *
 * <p>Its methods support a caller's transaction but never start one: a CORBA call takes no part
 * in JTA, and with the default (REQUIRED) the container began and committed a transaction around
 * every call, a large part of the container's cost per call in the study's profiles.
 */
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class CatalogSessionBean implements CatalogSession {

    @Resource(name = "CatalogClientSettings")
    private CatalogClientSettings settings;

    @Resource(name = "CatalogOrb")
    private ContainerOrb containerOrb;

    @Resource(name = "invocation")
    private String invocation = "static";

    @Resource(name = "orbMode")
    private String orbModeName = OrbMode.BUILT_IN.configName();

    private OrbMode orbMode;
    private AdapterConfig config;
    private ORB externalOrb;
    private CatalogAdapter adapter;
    private long calls;
    private long failures;
    private long lastResponseNanos;
    private long lastServerNanos;
    private long connectNanos;
    private long orbInitNanos;

    /** In external mode the session initialises its own ORB here, as the study's ASRO bean did. */
    @PostConstruct
    void start() {
        orbMode = OrbMode.fromConfig(orbModeName);
        config = settings.adapterConfig(invocation);
        if (orbMode == OrbMode.EXTERNAL) {
            long started = System.nanoTime();
            externalOrb = Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout());
            orbInitNanos = System.nanoTime() - started;
        } else {
            orbInitNanos = containerOrb.initNanos();
        }
    }

    @Override
    public CatalogResult queryCatalog(String query) {
        long started = System.nanoTime();
        try {
            CatalogResult result = adapter().queryCatalog(query);
            lastResponseNanos = System.nanoTime() - started;
            lastServerNanos = result.timeInServerNanos();
            calls++;
            return result;
        } catch (RuntimeException e) {
            failures++;
            throw e;
        }
    }

    @Override
    public List<CatalogResult> queryCatalogs(List<String> queries) {
        List<CatalogResult> results = new ArrayList<>(queries.size());
        for (String query : queries) {
            results.add(queryCatalog(query));
        }
        return results;
    }

    @Override
    public SessionStats stats() {
        String name = config.name() != null ? config.name() : CatalogAdapter.DEFAULT_NAME;
        return new SessionStats("'" + name + "' in " + config.nameServiceDescription(),
                config.invocation().configName(), orbMode, calls, failures, lastResponseNanos, lastServerNanos, connectNanos,
                orbInitNanos);
    }

    @Override
    @Remove
    public void remove() {
        // the container ends the session after this method; @PreDestroy releases its resources
    }

    @PreDestroy
    void stop() {
        if (adapter != null && orbMode == OrbMode.EXTERNAL) {
            adapter.close();
        }
        adapter = null;
        Orbs.destroy(externalOrb);
        externalOrb = null;
    }

    /**
     * The adapter, resolved on first use so that a missing name or a dead name service reaches
     * the caller as a typed application exception rather than a failed session creation. In
     * built-in mode one adapter per invocation mode serves every session over the container's ORB
     * ({@link ContainerOrb#shared}): only the first session pays its lookup, and a session costs
     * no heap for a reference of its own. In external mode the session's own ORB gets its own.
     */
    private CatalogAdapter adapter() {
        if (adapter == null) {
            long started = System.nanoTime();
            adapter = orbMode == OrbMode.EXTERNAL ? CatalogAdapter.create(config, externalOrb)
                    : containerOrb.shared(new SharedAdapter(settings, config.invocation().configName()),
                            () -> CatalogAdapter.create(config, containerOrb.orb()));
            connectNanos = System.nanoTime() - started;
        }
        return adapter;
    }

    /** What the sessions of one settings resource share in one invocation mode. */
    private record SharedAdapter(CatalogClientSettings settings, String invocation) {
    }
}
