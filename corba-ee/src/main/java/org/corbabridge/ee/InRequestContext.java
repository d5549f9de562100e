package org.corbabridge.ee;

import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.spi.BeanManager;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.DynamicServant;

/**
 * Objects an application exports, served in a request context of their own: a call from the
 * server runs on one of the ORB's threads, where no CDI context is active, so without it a handler
 * that uses a {@code @RequestScoped} bean would fail with {@code ContextNotActiveException}. Each
 * call gets a new request context, ended when it returns, as a JAX-RS request or a message-driven
 * bean's delivery does; a call that finds one active (a servant called from application code on its
 * own thread) keeps it. The application's class loader is the adapter's concern: a served call
 * runs with the context class loader of the thread that exported the object.
 */
final class InRequestContext {

    private final BeanManager beans;

    InRequestContext(BeanManager beans) {
        this.beans = beans;
    }

    /** {@code servant} behind a proxy of {@code operations} whose every call runs in a request context. */
    <S> S typed(Class<S> operations, S servant) {
        if (servant == null) {
            // the adapter's own message
            return null;
        }
        Object proxy = Proxy.newProxyInstance(operations.getClassLoader(), new Class<?>[] {operations},
                (self, method, arguments) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.invoke(servant, arguments);
                    }
                    return run(() -> {
                        try {
                            return method.invoke(servant, arguments);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
                });
        return operations.cast(proxy);
    }

    /** {@code servant}, each of whose calls runs in a request context. */
    DynamicServant dynamic(DynamicServant servant) {
        if (servant == null) {
            return null;
        }
        return (String operation, Map<String, Object> arguments) -> {
            try {
                return (DynamicReply) run(() -> servant.invoke(operation, arguments));
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private interface Call {
        Object call() throws Throwable;
    }

    private Object run(Call call) throws Throwable {
        RequestContextController controller = beans.createInstance().select(RequestContextController.class).get();
        boolean activated = controller.activate();
        try {
            return call.call();
        } finally {
            if (activated) {
                controller.deactivate();
            }
        }
    }
}
