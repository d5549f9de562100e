package org.corbabridge.perf.worker;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.perf.worker.OrbSettings.Setting;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Op;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.VariantRequest;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.omg.CORBA.ORB;

/**
 * What ORB settings are worth, in one JVM per ORB: the adapter with its defaults, a plain client,
 * and each of {@link OrbSettings#of} on an ORB of its own, taking turns on the driver's requests
 * (variant: the setting's name).
 */
public final class SettingsWorker {

    private SettingsWorker() {
    }

    public static void main(String[] args) throws Exception {
        WorkerChannel channel = WorkerChannel.open();
        FeatureSetup setup = channel.setup(FeatureSetup.class);
        AdapterConfig config = WorkerChannel.adapterConfig(setup);
        Map<String, ORB> orbs = new LinkedHashMap<>();
        Map<String, CatalogAdapter> adapters = new LinkedHashMap<>();
        Map<String, TimedBatch.Call> calls = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        try {
            // the baselines are opened as a setting is, with no properties of their own
            calls.put(OrbSettings.ADAPTER, open(OrbSettings.ADAPTER, OrbSettings.ADAPTER, Map.of(), config, orbs, adapters));
            calls.put(OrbSettings.PLAIN, open(OrbSettings.PLAIN, OrbSettings.PLAIN, Map.of(), config, orbs, adapters));
            for (Setting setting : OrbSettings.of(setup.orb())) {
                try {
                    calls.put(setting.name(), open(setting.name(), setting.baseline(), setting.properties(), config, orbs,
                            adapters));
                } catch (RuntimeException e) {
                    // a setting the ORB cannot work with is a finding, not the end of the part
                    e.printStackTrace();
                    failed.put(setting.name(), setting.name() + ": " + e);
                }
            }
            channel.reply(new Reply(true, null, Map.of(), null, null));
            VariantRequest request;
            while ((request = channel.next(VariantRequest.class)) != null && request.op() != Op.QUIT) {
                channel.reply(serve(calls, failed, request, setup));
            }
            channel.reply(new Reply(true, null, null, null, null));
        } catch (Exception e) {
            e.printStackTrace();
            channel.reply(Reply.failed("settings worker: " + e));
        } finally {
            adapters.values().forEach(CatalogAdapter::close);
            orbs.values().forEach(Orbs::destroy);
        }
    }

    private static Reply serve(Map<String, TimedBatch.Call> calls, Map<String, String> failed,
            VariantRequest request, FeatureSetup setup) {
        if (failed.containsKey(request.variant())) {
            return Reply.failed(failed.get(request.variant()));
        }
        TimedBatch.Call call = calls.get(request.variant());
        if (call == null) {
            return Reply.failed("no setting " + request.variant() + " on " + setup.orb().displayName() + "; the settings are "
                    + calls.keySet());
        }
        try {
            return TimedBatch.run(call, request);
        } catch (Exception e) {
            e.printStackTrace();
            return Reply.failed(request.variant() + ": " + e);
        }
    }

    /**
     * An ORB for {@code name}: a plain client's ({@link OrbSettings#PLAIN} baseline) or the adapter's,
     * each with {@code properties} added, and how to call the Catalog on it. The ORB goes into
     * {@code orbs} as soon as it exists, so that it is destroyed even if what follows fails.
     */
    private static TimedBatch.Call open(String name, String baseline, Map<String, String> properties,
            AdapterConfig config, Map<String, ORB> orbs, Map<String, CatalogAdapter> adapters) {
        if (OrbSettings.LENT.equals(name)) {
            ORB orb = StandaloneCaller.plainOrb(config.orb(), properties);
            orbs.put(name, orb);
            return adapterCalls(config, orb, name, adapters);
        }
        if (OrbSettings.PLAIN.equals(baseline)) {
            ORB orb = StandaloneCaller.plainOrb(config.orb(), properties);
            orbs.put(name, orb);
            return stubCalls(orb, config);
        }
        OrbConfig.Builder orbConfig = OrbConfig.builder().implementation(config.orb().implementation());
        properties.forEach(orbConfig::property);
        ORB orb = Orbs.create(orbConfig.build(), config.callTimeout(), config.connectTimeout());
        orbs.put(name, orb);
        return adapterCalls(config, orb, name, adapters);
    }

    private static TimedBatch.Call adapterCalls(AdapterConfig config, ORB orb, String name,
            Map<String, CatalogAdapter> adapters) {
        CatalogAdapter adapter = CatalogAdapter.create(config, orb);
        adapters.put(name, adapter);
        return query -> adapter.queryCatalog(query).items().size();
    }

    private static TimedBatch.Call stubCalls(ORB orb, AdapterConfig config) {
        Catalog stub = CatalogHelper.narrow(StandaloneCaller.resolve(orb, config));
        return query -> stub.queryCatalog(query).items.length;
    }
}
