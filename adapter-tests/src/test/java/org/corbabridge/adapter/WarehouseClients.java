package org.corbabridge.adapter;

import java.util.EnumMap;
import java.util.Map;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;

/**
 * A test class's clients of the fixture's warehouse_server: one typed proxy per invocation mode,
 * made on first use and closed with this; dynamic clients, each the caller's to close.
 */
final class WarehouseClients implements AutoCloseable {

    /** The Warehouse read from the IDL its generated classes' jar carries. */
    static final Idl IDL = Idl.fromClassPath(WarehouseClients.class.getClassLoader(), "idl/warehouse.idl");

    private final ServerFixture fixture;
    private final Map<InvocationMode, CorbaClient<WarehouseOperations>> proxies = new EnumMap<>(InvocationMode.class);

    WarehouseClients(ServerFixture fixture) {
        this.fixture = fixture;
    }

    WarehouseOperations proxy(InvocationMode mode) {
        return proxies.computeIfAbsent(mode, m -> CorbaClient.create(WarehouseOperations.class,
                TestOrbs.configFor(fixture).invocation(m).build())).proxy();
    }

    DynamicClient dynamic(InvocationMode mode) {
        return DynamicClient.create(IDL.signature("depot::stock::Warehouse"),
                TestOrbs.configFor(fixture).invocation(mode).build());
    }

    @Override
    public void close() {
        proxies.values().forEach(CorbaClient::close);
    }
}
