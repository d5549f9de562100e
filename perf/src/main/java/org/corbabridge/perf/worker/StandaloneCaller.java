package org.corbabridge.perf.worker;

import java.util.EnumMap;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.omg.CORBA.ORB;

/** CC: the adapter alone, one ORB for the JVM, one adapter per invocation mode. */
final class StandaloneCaller implements CatalogCaller {

    private final ORB orb;
    private final Map<InvocationMode, CatalogAdapter> adapters = new EnumMap<>(InvocationMode.class);
    private final SetupCosts setup = new SetupCosts();

    StandaloneCaller(AdapterConfig config) {
        orb = setup.time("orbInit", () -> Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout()));
        for (InvocationMode mode : InvocationMode.values()) {
            CatalogAdapter adapter = setup.time(mode.configName() + ".connect",
                    () -> CatalogAdapter.create(config.toBuilder().invocation(mode).build(), orb));
            adapters.put(mode, adapter);
            setup.timeFirstCalls(mode.configName(), () -> adapter.queryCatalog("items=1"));
        }
    }

    @Override
    public Map<String, Long> setupCosts() {
        return setup.asMap();
    }

    @Override
    public CatalogResult call(InvocationMode mode, String query) {
        return adapters.get(mode).queryCatalog(query);
    }

    @Override
    public void close() {
        adapters.values().forEach(CatalogAdapter::close);
        Orbs.destroy(orb);
    }
}
