package org.corbabridge.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.ejb.ResourceOverrides;
import org.corbabridge.fixture.ServerConfig;
import org.corbabridge.fixture.ServerProcess;
import org.corbabridge.fixture.ServerProgram;
import org.corbabridge.fixture.ServerTls;
import org.corbabridge.fixture.TestKeys;
import org.corbabridge.fixture.ServerFixture;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One name service, catalog server and warehouse server for the whole test JVM, started before Arquillian boots
 * OpenEJB, and published to it as resource overrides ({@code <id>.<property>} system
 * properties): the port is only known at run time, and the jar is deployed as built. Register
 * it before ArquillianExtension. Closed when the test run ends.
 */
public final class CatalogServersForContainer implements BeforeAllCallback {

    public static final long CALL_TIMEOUT_MILLIS = 4000;
    public static final long CONNECT_TIMEOUT_MILLIS = 1000;
    /** The Warehouse that offers TLS only; the test application's WarehouseSessions resource calls it. */
    public static final String TLS_WAREHOUSE = "WarehouseTls";

    private static ServerFixture fixture;
    private static ServerProcess warehouse;
    private static final List<ServerProcess> REPLICAS = new ArrayList<>();

    @Override
    public void beforeAll(ExtensionContext context) {
        start(context);
    }

    private static synchronized void start(ExtensionContext context) {
        if (fixture != null) {
            return;
        }
        fixture = ServerFixture.start();
        // the root store closes the servers when the test plan has run; with several forks a fork
        // runs a plan per class, so the next class of the same JVM starts (and publishes) new ones
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(CatalogServersForContainer.class,
                (AutoCloseable) CatalogServersForContainer::stop);

        AdapterConfig config = AdapterConfig.builder()
                .nameService(fixture.nameServiceUrl())
                .name(fixture.catalogName())
                .orb(orb())
                .callTimeout(Duration.ofMillis(CALL_TIMEOUT_MILLIS))
                .connectTimeout(Duration.ofMillis(CONNECT_TIMEOUT_MILLIS))
                .build();
        ResourceOverrides.of(config).forEach(System::setProperty);

        // the example Warehouse, for a test application that declares clients of its own
        warehouse = fixture.startServer(ServerConfig.warehouse());
        for (String resource : List.of("Warehouse", "WarehouseSessions")) {
            System.setProperty(resource + ".NameServiceUrl", fixture.nameServiceUrl());
            System.setProperty(resource + ".OrbImplementation", orb().name());
            System.setProperty(resource + ".CallTimeoutMillis", Long.toString(CALL_TIMEOUT_MILLIS));
            System.setProperty(resource + ".ConnectTimeoutMillis", Long.toString(CONNECT_TIMEOUT_MILLIS));
        }
        // the sessions' own ORBs call a second Warehouse that speaks TLS only: a plain-text client
        // could not reach it, so every call through them shows the resource's Tls* settings at work
        fixture.startServer(ServerConfig.builder().program(ServerProgram.WAREHOUSE).name(TLS_WAREHOUSE)
                .tls(ServerTls.only()).build());
        System.setProperty("WarehouseSessions.Name", TLS_WAREHOUSE);
        System.setProperty("WarehouseSessions.TlsTrustStore", TestKeys.trustStore().toString());
        System.setProperty("WarehouseSessions.TlsTrustStorePassword", TestKeys.PASSWORD);

        // three replicas of the Warehouse behind "NAT": each publishes 127.0.0.2, where nothing
        // listens; the application's ReplicatedWarehouse resource maps it (WarehouseReplicasIT)
        for (int i = 1; i <= 3; i++) {
            REPLICAS.add(fixture.startServer(ServerConfig.warehouse().toBuilder().name("Warehouse-" + i)
                    .extraArguments("--site", "depot-" + i).publishedHost("127.0.0.2").build()));
        }
        System.setProperty("ReplicatedWarehouse.NameServiceUrl", fixture.nameServiceUrl());
        System.setProperty("ReplicatedWarehouse.OrbImplementation", orb().name());
    }

    private static synchronized void stop() {
        try {
            fixture.close();
        } finally {
            fixture = null;
            warehouse = null;
            REPLICAS.clear();
        }
    }

    /** The example Warehouse, named "Warehouse" in the fixture's name service. */
    public static synchronized ServerProcess warehouse() {
        fixture();
        return warehouse;
    }

    /** The three Warehouse replicas the ReplicatedWarehouse resource of WarehouseReplicasIT calls. */
    public static synchronized List<ServerProcess> replicas() {
        fixture();
        return List.copyOf(REPLICAS);
    }

    public static synchronized ServerFixture fixture() {
        if (fixture == null) {
            throw new IllegalStateException("register CatalogServersForContainer before ArquillianExtension");
        }
        return fixture;
    }

    /** The ORB of this test JVM (one Failsafe execution per ORB). */
    public static OrbImplementation orb() {
        return OrbImplementation.valueOf(System.getProperty("corbabridge.test.orb", "JACORB"));
    }
}
