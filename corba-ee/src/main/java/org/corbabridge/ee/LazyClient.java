package org.corbabridge.ee;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;

/**
 * A typed proxy whose client is made at its first call, not before: a server that is down when
 * the application starts is a typed error of that call (and the next call tries again), not a
 * failed deployment. Closed with whatever holds it (the application, a session); a call after
 * that is refused with {@link AdapterClosedException}. Thread-safe.
 */
final class LazyClient implements InvocationHandler {

    private final Class<?> operations;
    private final Supplier<CorbaClient<?>> factory;
    /** What the proxy's {@code toString} says before and after the client exists. */
    private final String description;
    private volatile CorbaClient<?> client;
    private boolean closed;

    LazyClient(Class<?> operations, Supplier<CorbaClient<?>> factory, String description) {
        this.operations = operations;
        this.factory = factory;
        this.description = description;
    }

    /** A proxy of the operations interface, and of {@code more} (whose methods {@code invoke} must be told of), calling through this. */
    Object proxy(Class<?>... more) {
        Class<?>[] interfaces = new Class<?>[more.length + 1];
        interfaces[0] = operations;
        System.arraycopy(more, 0, interfaces, 1, more.length);
        return Proxy.newProxyInstance(operations.getClassLoader(), interfaces, this);
    }

    /**
     * The client's serving side: made at its first export; what it exports is served in a request
     * context of each call's own ({@code contexts}).
     */
    CorbaExports exports(InRequestContext contexts) {
        return new CorbaExports() {
            @Override
            public <S> ExportedObject export(Class<S> operationsInterface, S servant) {
                return client().export(operationsInterface, contexts.typed(operationsInterface, servant));
            }

            @Override
            public ExportedObject export(InterfaceSignature signature, DynamicServant servant) {
                return client().export(signature, contexts.dynamic(servant));
            }

            @Override
            public String toString() {
                return "CorbaExports of " + description;
            }
        };
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            switch (method.getName()) {
                case "equals":
                    return proxy == arguments[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                default:
                    return description;
            }
        }
        try {
            return method.invoke(client().proxy(), arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** The client, made now if it was not yet: its name resolved and bound, or the typed error why not. */
    CorbaClient<?> client() {
        CorbaClient<?> made = client;
        return made != null ? made : make();
    }

    /** What the client calls, as configured: for messages. */
    String description() {
        return description;
    }

    /** Whether the client exists (a call or a check has made it). */
    boolean made() {
        return client != null;
    }

    /** Once; a failed attempt is made again by the next call. */
    private synchronized CorbaClient<?> make() {
        if (closed) {
            throw new AdapterClosedException(description + ": closed with the application or session that held it");
        }
        if (client == null) {
            client = factory.get();
        }
        return client;
    }

    /** Closes the client (destroying an ORB of its own) if it was made. Idempotent. */
    synchronized void close() {
        closed = true;
        if (client != null) {
            client.close();
            client = null;
        }
    }
}
