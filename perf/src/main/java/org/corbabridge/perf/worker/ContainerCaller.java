package org.corbabridge.perf.worker;

import jakarta.ejb.embeddable.EJBContainer;
import java.io.File;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import javax.naming.NamingException;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.ejb.CatalogSession;
import org.corbabridge.ejb.ResourceOverrides;
import org.omg.CORBA.ORB;

/**
 * ASIO or ASRO: the built EJB jar in embedded OpenEJB, one session per invocation mode, every
 * timed call through the bean's business interface (the container's proxy and interceptors).
 * Beside the beans, ASIO's JVM also holds the Catalog adapter on an ORB of its own, configured as
 * the container's, for calls that skip the bean ({@link #callWithoutBean}).
 */
final class ContainerCaller implements CatalogCaller {

    private final EJBContainer container;
    private final Map<InvocationMode, CatalogSession> sessions = new EnumMap<>(InvocationMode.class);
    private final SetupCosts setup = new SetupCosts();
    private final ORB besideOrb;
    private final CatalogAdapter besideBean;

    /** @param external ASRO (sessions start their own ORB) rather than ASIO */
    ContainerCaller(AdapterConfig config, File ejbJar, boolean external) {
        Map<String, Object> properties = new HashMap<>(ResourceOverrides.of(config));
        properties.put(EJBContainer.MODULES, ejbJar);

        container = setup.time("containerBoot", () -> EJBContainer.createEJBContainer(properties));
        for (InvocationMode mode : InvocationMode.values()) {
            String bean = beanFor(mode) + (external ? "External" : "");
            String name = "java:global/catalog-ejb/" + bean + "!" + CatalogSession.class.getName();
            CatalogSession session = setup.time(mode.configName() + ".sessionCreate", () -> lookup(name));
            sessions.put(mode, session);
            setup.timeFirstCalls(mode.configName(), () -> session.queryCatalog("items=1"));
            // the bean resolves the name at its first call; it says how long that took
            setup.record(mode.configName() + ".connect", session.stats().connectNanos());
        }
        if (external) {
            besideOrb = null;
            besideBean = null;
        } else {
            besideOrb = setup.time("noBean.orbInit", () -> Orbs.create(config.orb(), config.callTimeout(),
                    config.connectTimeout()));
            besideBean = setup.time("noBean.connect", () -> CatalogAdapter.create(
                    config.toBuilder().invocation(InvocationMode.STATIC).build(), besideOrb));
        }
    }

    @Override
    public CatalogResult callWithoutBean(String query) {
        if (besideBean == null) {
            return CatalogCaller.super.callWithoutBean(query);
        }
        return besideBean.queryCatalog(query);
    }

    @Override
    public Map<String, Long> setupCosts() {
        return setup.asMap();
    }

    @Override
    public CatalogResult call(InvocationMode mode, String query) {
        return sessions.get(mode).queryCatalog(query);
    }

    @Override
    public void close() {
        sessions.values().forEach(CatalogSession::remove);
        container.close();
        if (besideBean != null) {
            besideBean.close();
            Orbs.destroy(besideOrb);
        }
    }

    private CatalogSession lookup(String name) {
        try {
            return (CatalogSession) container.getContext().lookup(name);
        } catch (NamingException e) {
            throw new IllegalStateException("no session bean at " + name, e);
        }
    }

    /** The bean of the EJB jar (META-INF/ejb-jar.xml) configured for each invocation mode. */
    private static String beanFor(InvocationMode mode) {
        return switch (mode) {
            case STATIC -> "CatalogSession";
            case DYNAMIC -> "CatalogSessionDynamic";
            case DII -> "CatalogSessionDii";
        };
    }
}
