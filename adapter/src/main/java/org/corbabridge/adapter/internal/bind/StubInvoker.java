package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.call.RaisedUserException;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.omg.CORBA.UserException;

/**
 * Static invocation: the stub the IDL compiler generated, from {@code FooHelper.narrow}, called
 * through the operations interface's method. Out and inout values travel in fresh holders.
 */
final class StubInvoker implements Invoker {

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference, String repositoryId,
            Class<?> operationsInterface) {
        if (operationsInterface == null) {
            throw new IllegalArgumentException("static invocation needs the generated classes; a signature written "
                    + "by hand is called with InvocationMode.DYNAMIC or DII");
        }
        Method narrow = GeneratedCode.helperMethod(operationsInterface, "narrow", org.omg.CORBA.Object.class);
        return (org.omg.CORBA.Object) GeneratedCode.invoke(narrow, null, reference);
    }

    @Override
    public BoundOperation.Outcome invoke(org.omg.CORBA.Object target, BoundOperation operation, Object[] values) {
        Object[] arguments = values.clone();
        for (int i = 0; i < arguments.length; i++) {
            if (operation.modes[i] != ParameterMode.IN) {
                Object holder = GeneratedCode.newInstance(operation.holderValues[i].getDeclaringClass());
                if (operation.modes[i] == ParameterMode.INOUT) {
                    set(operation, i, holder, values[i]);
                }
                arguments[i] = holder;
            }
        }
        Object result = call(operation.method, target, arguments);
        Object[] outputs = new Object[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            if (operation.modes[i] != ParameterMode.IN) {
                outputs[i] = get(operation, i, arguments[i]);
            }
        }
        return new BoundOperation.Outcome(result, outputs);
    }

    /**
     * Calls a stub's method: what the stub throws comes out as it is, a user exception carried
     * in a {@link RaisedUserException}.
     */
    static Object call(Method method, Object stub, Object[] arguments) {
        try {
            return method.invoke(stub, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof UserException raised) {
                throw new RaisedUserException(idOf(raised), raised);
            }
            throw GeneratedCode.unchecked(method, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String idOf(UserException raised) {
        Method id = GeneratedCode.findMethod(GeneratedCode.helper(raised.getClass()), "id");
        return id != null ? (String) GeneratedCode.invoke(id, null) : raised.getClass().getName();
    }

    private static void set(BoundOperation operation, int index, Object holder, Object value) {
        try {
            operation.holderValues[index].set(holder, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object get(BoundOperation operation, int index, Object holder) {
        try {
            return operation.holderValues[index].get(holder);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
