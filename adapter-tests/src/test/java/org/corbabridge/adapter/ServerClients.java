package org.corbabridge.adapter;

import java.util.EnumMap;
import java.util.Map;
import org.corbabridge.depot.stock.TillOperations;
import org.corbabridge.depot.stock.WarehouseOperations;
import org.corbabridge.fixture.ServerFixture;

/**
 * A test class's clients of one object of the fixture's warehouse_server (the Warehouse, or the
 * Till it serves beside it): one typed proxy per invocation mode, made on first use and closed with
 * this; dynamic clients, each the caller's to close.
 *
 * @param <T> the generated operations interface
 */
final class ServerClients<T> implements AutoCloseable {

    /** The Warehouse and the Till, read from the IDL their generated classes' jar carries. */
    static final Idl WAREHOUSE_IDL = Idl.fromClassPath(ServerClients.class.getClassLoader(), "idl/warehouse.idl");
    static final Idl TILL_IDL = Idl.fromClassPath(ServerClients.class.getClassLoader(), "idl/till.idl");

    private final ServerFixture fixture;
    private final Class<T> operations;
    private final String name;
    private final InterfaceSignature signature;
    private final Map<InvocationMode, CorbaClient<T>> proxies = new EnumMap<>(InvocationMode.class);

    private ServerClients(ServerFixture fixture, Class<T> operations, String name, InterfaceSignature signature) {
        this.fixture = fixture;
        this.operations = operations;
        this.name = name;
        this.signature = signature;
    }

    static ServerClients<WarehouseOperations> warehouse(ServerFixture fixture) {
        return new ServerClients<>(fixture, WarehouseOperations.class, fixture.catalogName(),
                WAREHOUSE_IDL.signature("depot::stock::Warehouse"));
    }

    /** The Till a warehouse fixture with one binds as {@code Warehouse-Till} ({@code ServerFixture.startWarehouseWithTill}). */
    static ServerClients<TillOperations> till(ServerFixture fixture) {
        return new ServerClients<>(fixture, TillOperations.class, "Warehouse-Till",
                TILL_IDL.signature("depot::stock::Till"));
    }

    T proxy(InvocationMode mode) {
        return proxies.computeIfAbsent(mode, m -> CorbaClient.create(operations,
                TestOrbs.configFor(fixture).name(name).invocation(m).build())).proxy();
    }

    DynamicClient dynamic(InvocationMode mode) {
        return DynamicClient.create(signature, TestOrbs.configFor(fixture).name(name).invocation(mode).build());
    }

    @Override
    public void close() {
        proxies.values().forEach(CorbaClient::close);
    }
}
