package org.corbabridge.adapter;

import java.util.Map;

/**
 * An object served from its IDL alone, with no generated class: each call's arguments arrive in
 * {@link DynamicClient}'s value model (maps for structs, lists, labels for enums, the same
 * unsigned and {@code fixed} rules), and the answer goes back in it.
 *
 * <pre>{@code
 * InterfaceSignature listener = Idl.read(Path.of("warehouse.idl")).signature("StockListener");
 * ExportedObject exported = warehouse.export(listener, (operation, arguments) -> switch (operation) {
 *     case "onEvent" -> DynamicReply.of(((Map<?, ?>) arguments.get("event")).get("sequence"), Map.of());
 *     case "adjust" -> DynamicReply.of(null, Map.of("totals", arguments.get("totals"), "remark", "seen"));
 *     default -> DynamicReply.of(null, Map.of());
 * });
 * }</pre>
 *
 * <p>To raise one of the operation's IDL exceptions, throw a {@link RemoteUserException} with its
 * repository id (or its IDL name) and members. Any other exception is answered as the system
 * exception {@code UNKNOWN} (a {@code org.omg.CORBA.SystemException} as itself) and logged once.
 * Called on the ORB's threads, concurrently: implementations must be thread-safe.
 */
@FunctionalInterface
public interface DynamicServant {

    /**
     * Answers one call.
     *
     * @param operation the IDL operation's name; an attribute's {@code _get_name} or {@code _set_name}
     * @param arguments the {@code in} and {@code inout} parameters' values by name, in parameter order
     * @return the result (null for {@code void}) and every {@code out} and {@code inout} parameter's value by name
     * @throws RemoteUserException one of the operation's IDL exceptions
     */
    DynamicReply invoke(String operation, Map<String, Object> arguments) throws Exception;
}
