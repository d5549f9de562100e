package org.corbabridge.adapter.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.corbabridge.adapter.CorbaClient;

/** A {@link CorbaClient}: a JDK proxy of the generated interface whose calls go through a {@link RemoteInterface}. */
final class ProxyClient<T> implements CorbaClient<T> {

    private final RemoteInterface remote;
    private final T proxy;

    ProxyClient(Class<T> operationsInterface, RemoteInterface remote) {
        this.remote = remote;
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
                    return "proxy of " + remote.signature().repositoryId() + " for " + remote.target();
            }
        }
        return remote.callMethod(method, arguments);
    }

    @Override
    public T proxy() {
        return proxy;
    }

    @Override
    public String target() {
        return remote.target();
    }

    @Override
    public boolean ownsOrb() {
        return remote.ownsOrb();
    }

    @Override
    public boolean isClosed() {
        return remote.isClosed();
    }

    @Override
    public long retries() {
        return remote.retries();
    }

    @Override
    public long rebinds() {
        return remote.rebinds();
    }

    @Override
    public void close() {
        remote.close();
    }

    @Override
    public String toString() {
        return "CorbaClient[" + remote.target() + ", " + remote.config().invocation().configName() + ", "
                + (ownsOrb() ? "own ORB" : "borrowed ORB") + (isClosed() ? ", closed" : "") + "]";
    }
}
