package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;

/** A {@link CorbaClient}: a JDK proxy of the generated interface whose calls go through a {@link RemoteInterface}. */
public final class ProxyClient<T> extends RemoteHandle implements CorbaClient<T> {

    private final RemoteInterface calls;
    private final T proxy;

    public ProxyClient(Class<T> operationsInterface, RemoteInterface calls) {
        super(calls.remote);
        this.calls = calls;
        InvocationHandler handler = new Dispatch();
        this.proxy = operationsInterface.cast(Proxy.newProxyInstance(operationsInterface.getClassLoader(),
                new Class<?>[] {operationsInterface}, handler));
    }

    /** The proxy's handler; as an argument of another call, the proxy is sent as the reference it calls. */
    private final class Dispatch implements InvocationHandler, References.Handle {
        @Override
        public Object invoke(Object self, Method method, Object[] arguments) throws Throwable {
            return dispatch(self, method, arguments);
        }

        @Override
        public org.omg.CORBA.Object reference() {
            return calls.reference();
        }
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
        return TypedCalls.call(calls, method, arguments);
    }

    /** Closes the objects the proxy's calls handed out, then the client. */
    @Override
    public void close() {
        calls.close();
    }

    @Override
    public <S> ExportedObject export(Class<S> operationsInterface, S servant) {
        return calls.export(operationsInterface, servant);
    }

    @Override
    public ExportedObject export(InterfaceSignature signature, DynamicServant servant) {
        return calls.export(signature, servant);
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
