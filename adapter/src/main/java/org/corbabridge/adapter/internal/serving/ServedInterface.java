package org.corbabridge.adapter.internal.serving;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.internal.orb.OrbPlatform;

/**
 * The operations of one served interface, by IDL name, each ready to answer; built once at
 * export. A typed servant's operations marshal its generated Java types, a dynamic servant's
 * generic values.
 */
final class ServedInterface {

    final InterfaceSignature signature;
    private final Map<String, ServedOperation> operations;

    private ServedInterface(InterfaceSignature signature, Map<String, ServedOperation> operations) {
        this.signature = signature;
        this.operations = operations;
    }

    /**
     * @param methods each operation's method of the generated interface by IDL name (attributes'
     *     {@code _get_x}, {@code _set_x}); empty for a dynamic servant
     * @throws IllegalArgumentException an operation the codecs cannot carry, or a typed servant's
     *     interface that lacks a method for one
     */
    static ServedInterface of(InterfaceSignature signature, Map<String, Method> methods, boolean typed,
            OrbPlatform platform) {
        Map<String, ServedOperation> operations = new LinkedHashMap<>();
        for (OperationSignature operation : signature.operations()) {
            Method method = methods.get(operation.name());
            if (typed && method == null) {
                throw new IllegalArgumentException("cannot serve " + signature.repositoryId() + ": "
                        + signature.operationsInterface().map(Class::getName).orElse("its interface")
                        + " has no method for " + operation.name());
            }
            try {
                operations.put(operation.name(), new ServedOperation(signature.interfaceName(), operation, method, platform));
            } catch (IllegalArgumentException cannot) {
                throw new IllegalArgumentException("cannot serve " + signature.repositoryId() + "'s operation "
                        + operation.name() + ": " + cannot.getMessage(), cannot);
            }
        }
        return new ServedInterface(signature, Map.copyOf(operations));
    }

    /** The operation of that IDL name; null where the interface has none. */
    ServedOperation operation(String name) {
        return operations.get(name);
    }
}
