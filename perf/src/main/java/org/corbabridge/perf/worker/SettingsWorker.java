package org.corbabridge.perf.worker;

import java.util.LinkedHashMap;
import java.util.Map;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.perf.worker.OrbSettings.Setting;
import org.corbabridge.perf.worker.WorkerMessages.FeatureSetup;
import org.corbabridge.perf.worker.WorkerMessages.Reply;
import org.corbabridge.perf.worker.WorkerMessages.Request;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.omg.CORBA.ORB;

/**
 * What ORB settings are worth, in one JVM per ORB: the adapter with its defaults, a plain client,
 * and each of {@link OrbSettings#of} on an ORB of its own, taking turns on the driver's requests
 * (mode: the setting's name).
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
            ORB adapterOrb = Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout());
            orbs.put(OrbSettings.ADAPTER, adapterOrb);
            calls.put(OrbSettings.ADAPTER, adapterCalls(config, adapterOrb, OrbSettings.ADAPTER, adapters));
            ORB plainOrb = StandaloneCaller.plainOrb(config.orb());
            orbs.put(OrbSettings.PLAIN, plainOrb);
            calls.put(OrbSettings.PLAIN, stubCalls(plainOrb, config));
            for (Setting setting : OrbSettings.of(setup.orb())) {
                try {
                    ORB orb = OrbSettings.PLAIN.equals(setting.baseline())
                            ? StandaloneCaller.plainOrb(config.orb(), setting.properties())
                            : Orbs.create(withProperties(setup, setting), config.callTimeout(), config.connectTimeout());
                    orbs.put(setting.name(), orb);
                    calls.put(setting.name(), OrbSettings.PLAIN.equals(setting.baseline()) ? stubCalls(orb, config)
                            : adapterCalls(config, orb, setting.name(), adapters));
                } catch (RuntimeException e) {
                    // a setting the ORB cannot work with is a finding, not the end of the part
                    e.printStackTrace();
                    failed.put(setting.name(), setting.name() + ": " + e);
                }
            }
            channel.reply(new Reply(true, null, Map.of(), null, null));
            Request request;
            while ((request = channel.next(Request.class)) != null && !"quit".equals(request.op())) {
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

    private static Reply serve(Map<String, TimedBatch.Call> calls, Map<String, String> failed, Request request,
            FeatureSetup setup) {
        if (failed.containsKey(request.mode())) {
            return Reply.failed(failed.get(request.mode()));
        }
        TimedBatch.Call call = calls.get(request.mode());
        if (call == null) {
            return Reply.failed("no setting " + request.mode() + " on " + setup.orb().displayName() + "; the settings are "
                    + calls.keySet());
        }
        try {
            return TimedBatch.run(call, request);
        } catch (Exception e) {
            e.printStackTrace();
            return Reply.failed(request.mode() + ": " + e);
        }
    }

    private static OrbConfig withProperties(FeatureSetup setup, Setting setting) {
        OrbConfig.Builder orbConfig = OrbConfig.builder().implementation(setup.orb());
        setting.properties().forEach(orbConfig::property);
        return orbConfig.build();
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
