package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Method;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.call.RaisedUserException;

/**
 * A typed proxy's call of a generated interface's method (a {@link ProxyClient}'s, or a handed-out
 * object's, {@link References}): the generated stub's own method where nothing needs converting
 * (STATIC, no holders), else the client's invoker with the holders' values unwrapped before and
 * filled after; references handed out adopted as typed clients, and the generated exception class
 * thrown for an IDL exception where there is one.
 */
final class TypedCalls {

    private TypedCalls() {
    }

    /** A typed proxy's call: the stub's own method where nothing needs converting, else the invoker. */
    static Object call(RemoteInterface calls, Method method, Object[] arguments) throws Throwable {
        BoundOperation bound = calls.operations().of(method);
        Object[] given = arguments == null ? new Object[0] : arguments;
        Object[] values = bound.takesReferences ? unwrapped(calls, bound, method, given) : given;
        calls.guard(bound, values, bound.hasHolders);
        try {
            Object result;
            if (!bound.hasHolders && calls.callsStubsOf(bound)) {
                result = calls.remote.call(bound.name, bound.idempotent, target -> StubInvoker.call(bound.method, target, values));
            } else {
                result = callWithHolders(calls, bound, values, given);
            }
            return bound.handsOutReferences ? References.adoptTyped(calls, bound.name, method.getReturnType(), result)
                    : result;
        } catch (RaisedUserException raised) {
            if (raised.value() instanceof Throwable generated) {
                throw generated;
            }
            throw UserExceptions.of(bound, raised, calls.remote.describeTarget());
        }
    }

    /** The arguments with this adapter's clients replaced by the references they call, each of its parameter's type. */
    private static Object[] unwrapped(RemoteInterface calls, BoundOperation bound, Method method, Object[] arguments) {
        Object[] values = arguments.clone();
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < values.length; i++) {
            // a holder's value is unwrapped by callWithHolders, with the holder's own type
            values[i] = bound.modes[i] == ParameterMode.IN
                    ? References.unwrap(values[i], types[i], bound.types[i], calls::referenceOfServant) : values[i];
        }
        return values;
    }

    /**
     * Out and inout values travel in holders: unwrapped before the call, filled after it.
     *
     * @param holders the caller's arguments, whose holders are filled (values may be their unwrapped copy)
     */
    private static Object callWithHolders(RemoteInterface calls, BoundOperation bound, Object[] values, Object[] holders)
            throws IllegalAccessException {
        Object[] unwrapped = values.clone();
        for (int i = 0; i < values.length; i++) {
            if (bound.modes[i] != ParameterMode.IN) {
                unwrapped[i] = bound.modes[i] == ParameterMode.INOUT ? References.unwrap(bound.holderValues[i].get(values[i]),
                        bound.holderValues[i].getType(), bound.types[i], calls::referenceOfServant) : null;
            }
        }
        BoundOperation.Outcome outcome = calls.remote.call(bound.name, bound.idempotent,
                target -> calls.invokerOf(bound).invoke(target, bound, unwrapped));
        for (int i = 0; i < values.length; i++) {
            if (bound.modes[i] != ParameterMode.IN) {
                Object output = outcome.outputs()[i];
                if (bound.handsOutReferences) {
                    output = References.adoptTyped(calls, bound.name, bound.holderValues[i].getType(), output);
                }
                bound.holderValues[i].set(holders[i], output);
            }
        }
        return outcome.result();
    }
}
