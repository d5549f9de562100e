package org.corbabridge.adapter.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.corbabridge.adapter.CorbaClient;

/** A {@link CorbaClient}: a JDK proxy of the generated interface whose calls go through a {@link RemoteInterface}. */
final class ProxyClient<T> extends RemoteHandle implements CorbaClient<T> {

    private final RemoteInterface calls;
    private final T proxy;

    ProxyClient(Class<T> operationsInterface, RemoteInterface calls) {
        super(calls.remote);
        this.calls = calls;
        InvocationHandler handler = this::dispatch;
        this.proxy = operationsInterface.cast(Proxy.newProxyInstance(operationsInterface.getClassLoader(),
                new Class<?>[] {operationsInterface}, handler));
    }

    private Object dispatch(Object self, Method method, Object[] arguments) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            switch (method.getName()) {
                case "equals":
                    return self == arguments[0];
                case "hashCode":
                    return System.identityHashCode(self);
                default:
                    return "proxy of " + calls.signature().repositoryId() + " for " + target();
            }
        }
        return calls.callMethod(method, arguments);
    }

    @Override
    public T proxy() {
        return proxy;
    }

    @Override
    public String toString() {
        return describe("CorbaClient", calls.config().invocation().configName());
    }
}
