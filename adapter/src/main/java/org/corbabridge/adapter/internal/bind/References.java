package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.idl.IdlModel;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;

/**
 * Object references that calls hand out and take. A reference a call returns (a cursor, a
 * session, a factory's product) comes back as a client of its own, called as its parent is:
 * the same configuration, ORB, bounds, retry rules and typed failures; a typed proxy's as a
 * proxy of its generated interface, a dynamic client's as a {@link org.corbabridge.adapter.DynamicClient}
 * where the IDL it was read from declares that interface. It is closed with its parent. An
 * argument that is such a client (or any typed proxy) is sent as the reference it calls.
 */
final class References {

    private static final String CORBA_OBJECT = "IDL:omg.org/CORBA/Object:1.0";

    private References() {
    }

    /** What a client made by this adapter answers when asked for the reference it calls. */
    interface Handle {
        org.omg.CORBA.Object reference();
    }


    /**
     * What serves an application's object passed as an argument: the reference of its export, or
     * null for a value that is no object to serve.
     */
    interface Servants {
        /**
         * @param javaType the parameter's Java type on the typed path, else null
         * @param type the parameter's IDL type, null where unknown (an element of a typed array)
         */
        org.omg.CORBA.Object referenceOf(Object value, Class<?> javaType, TypeCode type);
    }

    /**
     * For an argument: the reference a client of this adapter calls, an {@link ExportedObject}'s
     * reference, an application object that {@code servants} serves (a {@link
     * org.corbabridge.adapter.DynamicServant}, an implementation of a generated {@code FooOperations}),
     * in sequences and arrays too; anything else as it is.
     */
    static Object unwrap(Object value, Class<?> javaType, TypeCode type, Servants servants) {
        if (value == null) {
            return null;
        }
        if (Proxy.isProxyClass(value.getClass()) && Proxy.getInvocationHandler(value) instanceof Handle handle) {
            return narrowed(handle.reference(), javaType);
        }
        if (value instanceof Handle handle) {
            return narrowed(handle.reference(), javaType);
        }
        if (value instanceof ExportedObject exported) {
            return narrowed(exported.reference(), javaType);
        }
        if (value instanceof List<?> list) {
            TypeCode element = elementOf(type);
            List<Object> unwrapped = new ArrayList<>(list.size());
            list.forEach(item -> unwrapped.add(unwrap(item, null, element, servants)));
            return unwrapped;
        }
        if (value instanceof Object[] array && !(value.getClass().getComponentType().isPrimitive())) {
            Class<?> component = value.getClass().getComponentType();
            TypeCode element = elementOf(type);
            Object[] unwrapped = (Object[]) Array.newInstance(component, array.length);
            for (int i = 0; i < array.length; i++) {
                unwrapped[i] = unwrap(array[i], component, element, servants);
            }
            return unwrapped;
        }
        if (!(value instanceof org.omg.CORBA.Object)) {
            org.omg.CORBA.Object served = servants.referenceOf(value, javaType, type);
            if (served != null) {
                return narrowed(served, javaType);
            }
        }
        return value;
    }

    /** A sequence's or array's element type; null where {@code type} is none of them, or unknown. */
    private static TypeCode elementOf(TypeCode type) {
        if (type == null) {
            return null;
        }
        TypeCode plain = TypeCodes.unaliased(type);
        int kind = plain.kind().value();
        try {
            return kind == TCKind._tk_sequence || kind == TCKind._tk_array ? plain.content_type() : null;
        } catch (BadKind e) {
            return null;
        }
    }

    /** A generated stub's parameter wants its own interface type: the plain reference is narrowed to it, unchecked. */
    private static Object narrowed(org.omg.CORBA.Object reference, Class<?> javaType) {
        if (javaType == null || javaType.isInstance(reference) || !isGeneratedInterface(javaType)) {
            return reference;
        }
        Method narrow = GeneratedCode.helperMethod(javaType, "unchecked_narrow", org.omg.CORBA.Object.class);
        return GeneratedCode.invoke(narrow, null, reference);
    }

    /** A generated interface of an IDL interface ({@code PalletCursor}), not {@code org.omg.CORBA.Object} itself. */
    static boolean isGeneratedInterface(Class<?> type) {
        return type.isInterface() && org.omg.CORBA.Object.class.isAssignableFrom(type)
                && type != org.omg.CORBA.Object.class && !Proxy.class.isAssignableFrom(type);
    }

    /** A typed proxy's returned value: its references (of a generated interface type) each a proxy of its own. */
    static Object adoptTyped(RemoteInterface parent, String operation, Class<?> javaType, Object value) {
        if (value == null) {
            return null;
        }
        if (javaType.isArray() && isGeneratedInterface(javaType.getComponentType())) {
            Object[] references = (Object[]) value;
            Object[] adopted = (Object[]) Array.newInstance(javaType.getComponentType(), references.length);
            for (int i = 0; i < references.length; i++) {
                adopted[i] = adoptTyped(parent, operation, javaType.getComponentType(), references[i]);
            }
            return adopted;
        }
        if (!isGeneratedInterface(javaType) || Proxy.isProxyClass(value.getClass())) {
            return value;
        }
        Class<?> operations = operationsOf(javaType);
        InterfaceSignature signature = Signatures.of(operations);
        RemoteInterface child = parent.adopt((org.omg.CORBA.Object) value, signature, operation);
        return Proxy.newProxyInstance(javaType.getClassLoader(), new Class<?>[] {javaType},
                new TypedHandle(child, operations));
    }

    /** A dynamic client's returned value: a reference to an interface its IDL declares becomes a DynamicClient. */
    static Object adoptGeneric(RemoteInterface parent, String operation, TypeCode type, Object value) {
        if (value == null) {
            return null;
        }
        TypeCode plain = TypeCodes.unaliased(type);
        try {
            int kind = plain.kind().value();
            if ((kind == TCKind._tk_sequence || kind == TCKind._tk_array) && value instanceof List<?> list) {
                List<Object> adopted = new ArrayList<>(list.size());
                for (Object item : list) {
                    adopted.add(adoptGeneric(parent, operation, plain.content_type(), item));
                }
                return adopted;
            }
            if (kind != TCKind._tk_objref || !(value instanceof org.omg.CORBA.Object reference)
                    || CORBA_OBJECT.equals(plain.id())) {
                return value;
            }
            Optional<InterfaceSignature> signature = IdlModel.related(parent.signature(), plain.id());
            return signature.<Object>map(found -> parent.adopt(reference, found, operation)).orElse(value);
        } catch (BadKind e) {
            return value;
        }
    }

    static Class<?> operationsOf(Class<?> generatedInterface) {
        try {
            return Class.forName(generatedInterface.getName() + "Operations", true, generatedInterface.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(generatedInterface.getName() + " has no " + generatedInterface.getName()
                    + "Operations beside it: is it IDL-generated code?", e);
        }
    }

    /**
     * The proxy of a handed-out object: its IDL operations go through the adapter, the methods of
     * {@code org.omg.CORBA.Object} ({@code _non_existent}, {@code _is_a}, ...) to the reference.
     */
    private static final class TypedHandle implements InvocationHandler, Handle {
        private final RemoteInterface calls;
        private final Class<?> operations;

        TypedHandle(RemoteInterface calls, Class<?> operations) {
            this.calls = calls;
            this.operations = operations;
        }

        @Override
        public org.omg.CORBA.Object reference() {
            return calls.reference();
        }

        @Override
        public Object invoke(Object self, Method method, Object[] arguments) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> self == arguments[0];
                    case "hashCode" -> System.identityHashCode(self);
                    default -> "proxy of " + calls.signature().repositoryId() + " for " + calls.target();
                };
            }
            if (method.getDeclaringClass().isAssignableFrom(operations)) {
                return TypedCalls.call(calls, method, arguments);
            }
            try {
                return method.invoke(calls.reference(), arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
