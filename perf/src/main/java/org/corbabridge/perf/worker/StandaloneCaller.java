package org.corbabridge.perf.worker;

import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.perf.Caller;
import org.corbabridge.shop.Catalog;
import org.corbabridge.shop.CatalogHelper;
import org.corbabridge.shop.CatalogOperations;
import org.corbabridge.shop.InvalidQuery;
import org.corbabridge.shop.QueryResult;
import org.omg.CosNaming.NamingContextExtHelper;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.TlsConfig;
import org.corbabridge.adapter.catalog.CatalogAdapter;
import org.corbabridge.adapter.catalog.CatalogResult;
import org.corbabridge.fixture.TestKeys;
import org.omg.CORBA.ORB;

/**
 * CC: the adapter alone, one ORB for the JVM, one adapter per invocation mode; on the same ORB
 * the generated stub alone and the core's typed proxy alone; on an ORB created with nothing but
 * its class names, the plain client every series is compared with; and the typed proxy over TLS
 * on an ORB set up for it.
 */
final class StandaloneCaller implements CatalogCaller {

    private final ORB orb;
    private final Map<InvocationMode, CatalogAdapter> adapters = new EnumMap<>(InvocationMode.class);
    private final SetupCosts setup = new SetupCosts();
    private final Catalog stub;
    private final ORB plainOrb;
    private final Catalog plainStub;
    private final CorbaClient<CatalogOperations> proxyClient;
    private final CatalogOperations proxy;
    private final ORB tlsOrb;
    private final CorbaClient<CatalogOperations> tlsClient;
    private final CatalogOperations tlsProxy;

    /** @param trustStore the CA of the server's TLS certificate: the test keys' trust store */
    StandaloneCaller(AdapterConfig config, Path trustStore) {
        orb = setup.time("orbInit", () -> Orbs.create(config.orb(), config.callTimeout(), config.connectTimeout()));
        for (InvocationMode mode : InvocationMode.values()) {
            CatalogAdapter adapter = setup.time(mode.configName() + ".connect",
                    () -> CatalogAdapter.create(config.toBuilder().invocation(mode).build(), orb));
            adapters.put(mode, adapter);
            setup.timeFirstCalls(mode.configName(), () -> adapter.queryCatalog("items=1"));
        }
        stub = setup.time("stub.connect", () -> CatalogHelper.narrow(resolve(orb, config)));
        plainOrb = setup.time("plain.orbInit", () -> plainOrb(config.orb()));
        plainStub = setup.time("plain.connect", () -> CatalogHelper.narrow(resolve(plainOrb, config)));
        proxyClient = setup.time("proxy.connect", () -> CorbaClient.create(CatalogOperations.class, config, orb));
        proxy = proxyClient.proxy();
        // the test server certificate names 127.0.0.1: over the network path (a server in a
        // namespace of its own, at another address) the TLS series does not verify the host name
        boolean loopback = config.nameServiceUrl().contains("127.0.0.1");
        AdapterConfig overTls = config.toBuilder().orb(OrbConfig.builder()
                .implementation(config.orb().implementation())
                .tls(TlsConfig.builder().trustStore(trustStore, TestKeys.PASSWORD).verifyHostName(loopback).build())
                .build()).build();
        tlsOrb = setup.time("tls.orbInit", () -> Orbs.create(overTls.orb(), overTls.callTimeout(),
                overTls.connectTimeout()));
        tlsClient = setup.time("tls.connect", () -> CorbaClient.create(CatalogOperations.class, overTls, tlsOrb));
        tlsProxy = tlsClient.proxy();
    }

    @Override
    public QueryResult callBaseline(Caller baseline, String query) throws InvalidQuery {
        return switch (baseline) {
            case STUB -> stub.queryCatalog(query);
            case PLAIN -> plainStub.queryCatalog(query);
            case PROXY -> proxy.queryCatalog(query);
            case TLS -> tlsProxy.queryCatalog(query);
            default -> throw new IllegalArgumentException(baseline + " is not a baseline");
        };
    }

    /** An ORB as a plain client creates one: its class names, nothing else. */
    static ORB plainOrb(OrbConfig config) {
        return plainOrb(config, Map.of());
    }

    /** A plain client's ORB with {@code more} properties. */
    static ORB plainOrb(OrbConfig config, Map<String, String> more) {
        Properties properties = new Properties();
        properties.putAll(more);
        properties.setProperty("org.omg.CORBA.ORBClass", config.orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", config.orbSingletonClass());
        return ORB.init(new String[0], properties);
    }

    /** The Catalog's reference as a plain client finds it: the root context by corbaloc, then resolve_str. */
    static org.omg.CORBA.Object resolve(ORB orb, AdapterConfig config) {
        String root = config.nameServiceUrl().replaceFirst("^corbaname:", "corbaloc:") + "/NameService";
        try {
            return NamingContextExtHelper.narrow(orb.string_to_object(root)).resolve_str(CatalogAdapter.DEFAULT_NAME);
        } catch (org.omg.CORBA.UserException e) {
            throw new IllegalStateException("cannot resolve the Catalog in " + root + ": " + e, e);
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
        proxyClient.close();
        tlsClient.close();
        Orbs.destroy(tlsOrb);
        Orbs.destroy(plainOrb);
        Orbs.destroy(orb);
    }
}
