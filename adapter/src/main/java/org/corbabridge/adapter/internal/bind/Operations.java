package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.orb.OrbPlatform;

/**
 * The operations of one interface, bound and ready to call: by IDL name for the dynamic client,
 * by Java method for a typed proxy (an attribute's {@code x()} is {@code _get_x}, {@code x(v)}
 * {@code _set_x}). Immutable but for the proxy's lookup by identity, copied on write.
 */
final class Operations {

    private final InterfaceSignature signature;
    private final Map<String, BoundOperation> byName;
    private final Map<Method, BoundOperation> byMethod;
    /**
     * {@link #byMethod}'s entries for the very {@code Method} objects proxies pass; copied on write.
     * Bounded: only {@link ProxyClient} asks {@link #of(Method)}, and a proxy class holds one
     * {@code Method} object per method, whoever calls it and however.
     */
    private volatile Map<Method, BoundOperation> byIdentity = new IdentityHashMap<>();

    private Operations(InterfaceSignature signature, Map<String, BoundOperation> byName,
            Map<Method, BoundOperation> byMethod) {
        this.signature = signature;
        this.byName = byName;
        this.byMethod = byMethod;
    }

    /** Binds every operation of {@code signature} for {@code invoker}'s mode: its codecs are built here, once. */
    static Operations bind(InterfaceSignature signature, AdapterConfig config, Invoker invoker, OrbPlatform platform) {
        Class<?> operationsInterface = signature.operationsInterface().orElse(null);
        Map<String, BoundOperation> bound = new LinkedHashMap<>();
        Map<Method, BoundOperation> boundMethods = new HashMap<>();
        Map<String, Method> methods = operationsInterface != null
                ? methodsByOperation(operationsInterface, signature) : Map.of();
        for (OperationSignature operation : signature.operations()) {
            Method method = methods.get(operation.name());
            BoundOperation ready = new BoundOperation(operation, method, config.idempotentOperations().contains(operation.name()),
                    !(invoker instanceof StubInvoker), platform);
            bound.put(operation.name(), ready);
            if (method != null) {
                boundMethods.put(method, ready);
            }
        }
        return new Operations(signature, Collections.unmodifiableMap(bound), boundMethods);
    }

    /** The operation of that IDL name; null where the interface has none. */
    BoundOperation named(String operation) {
        return byName.get(operation);
    }

    /** The IDL names of the operations, in the IDL's order. */
    Set<String> names() {
        return byName.keySet();
    }

    /**
     * The operation a proxy's method is: looked up by identity, since a proxy passes the same
     * {@code Method} object on every call; by {@code equals} the first time (hashing a method and
     * comparing its parameter types took a twentieth of the adapter's own CPU in a small call).
     */
    BoundOperation of(Method method) {
        BoundOperation bound = byIdentity.get(method);
        if (bound != null) {
            return bound;
        }
        bound = byMethod.get(method);
        if (bound == null) {
            throw new UnsupportedOperationException(method + " is not an operation of " + signature.repositoryId()
                    + "; create the client with the generated FooOperations interface");
        }
        synchronized (byMethod) {
            Map<Method, BoundOperation> more = new IdentityHashMap<>(byIdentity);
            more.put(method, bound);
            byIdentity = more;
        }
        return bound;
    }

    /** Each operation's Java method: {@code x()} is {@code _get_x} and {@code x(v)} {@code _set_x} for an attribute. */
    static Map<String, Method> methodsByOperation(Class<?> operationsInterface, InterfaceSignature signature) {
        Map<String, Method> methods = new HashMap<>();
        for (Method method : Signatures.operationMethods(operationsInterface)) {
            String name = GeneratedCode.idlName(method.getName());
            String getter = "_get_" + name;
            String setter = "_set_" + name;
            if (method.getParameterCount() == 0 && method.getReturnType() != void.class
                    && signature.operation(getter).isPresent()) {
                methods.put(getter, method);
            } else if (method.getParameterCount() == 1 && method.getReturnType() == void.class
                    && signature.operation(setter).isPresent()) {
                methods.put(setter, method);
            } else if (signature.operation(name).isPresent()) {
                methods.put(name, method);
            }
        }
        return methods;
    }
}
