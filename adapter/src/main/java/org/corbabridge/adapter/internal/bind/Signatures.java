package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.idl.IdlClassPath;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.UserException;
import org.omg.CORBA.portable.IDLEntity;
import org.omg.CORBA.portable.Streamable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Derives an {@link InterfaceSignature} from the classes the IDL compiler generated (see {@link InterfaceSignature#of}). */
public final class Signatures {

    private Signatures() {
    }

    /**
     * The signature the IDL on the class path gives the interface (see {@link IdlClassPath}),
     * tied to its generated Java interface; where no IDL declares it, the one its classes give.
     */
    public static InterfaceSignature of(Class<?> operationsInterface) {
        String repositoryId = repositoryId(operationsInterface);
        Optional<InterfaceSignature> declared = IdlClassPath.signature(operationsInterface, repositoryId);
        if (declared.isPresent()) {
            return typed(declared.get(), operationsInterface);
        }
        InterfaceSignature derived = fromClasses(operationsInterface);
        if (WARNED.add(repositoryId)) {
            LOG.warn("no IDL on the class path declares {}: its signature is derived from {} alone, and Java types "
                    + "cannot tell a readonly attribute, a oneway operation, an inout parameter, a wstring, an "
                    + "unsigned type or a fixed-length array from their twins. A call that goes wrong on the wire "
                    + "(BAD_OPERATION, MARSHAL, DATA_CONVERSION) is likely one of these: put the IDL file in the jar "
                    + "under idl/, or declare them on InterfaceSignature.of(...).toBuilder()", repositoryId,
                    operationsInterface.getName());
        }
        return derived;
    }

    /**
     * The signature an object of {@code operationsInterface} is served with: only the IDL's. A
     * request is read by its parameters' IDL types, and the Java types alone cannot tell an
     * {@code out} from an {@code inout} parameter, a {@code wstring} from a {@code string}, an
     * array from a sequence: read by a guess, a request's values would arrive wrong.
     *
     * @throws IllegalArgumentException no IDL on the class path declares the interface
     */
    public static InterfaceSignature forServing(Class<?> operationsInterface) {
        String repositoryId = repositoryId(operationsInterface);
        return IdlClassPath.signature(operationsInterface, repositoryId)
                .map(declared -> typed(declared, operationsInterface))
                .orElseThrow(() -> new IllegalArgumentException("cannot serve " + operationsInterface.getName()
                        + ": no IDL on its class path declares " + repositoryId + ", and its Java types alone cannot "
                        + "tell an out from an inout parameter, a wstring from a string or an array from a sequence, "
                        + "so a request would be read by a guess. Put the IDL file in the jar under idl/ (as the IDL "
                        + "set-up in the README does), or serve a DynamicServant with Idl.read(file).signature(...)"));
    }

    private static final Logger LOG = LoggerFactory.getLogger(Signatures.class);
    /** Each interface is warned about once. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    /** The IDL's signature, bound to the generated interface: every Java method must be one of its operations. */
    static InterfaceSignature typed(InterfaceSignature idl, Class<?> operationsInterface) {
        InterfaceSignature.Builder typed = InterfaceSignature.builder(idl.repositoryId(), operationsInterface);
        idl.operations().forEach(typed::operation);
        for (Method method : operationMethods(operationsInterface)) {
            String name = GeneratedCode.idlName(method.getName());
            boolean getter = method.getParameterCount() == 0 && idl.operation("_get_" + name).isPresent();
            boolean setter = method.getParameterCount() == 1 && idl.operation("_set_" + name).isPresent();
            Optional<OperationSignature> operation = idl.operation(name);
            if (!getter && !setter && (operation.isEmpty()
                    || operation.get().parameters().size() != method.getParameterCount())) {
                throw new IllegalArgumentException(operationsInterface.getName() + "." + method.getName()
                        + " is not an operation of " + idl.repositoryId() + " as the IDL on the class path declares it"
                        + operation.map(op -> " (" + op + ")").orElse("")
                        + ": the generated classes and the IDL file differ; regenerate one from the other");
            }
        }
        return typed.build();
    }

    private static String repositoryId(Class<?> operationsInterface) {
        if (!operationsInterface.isInterface()) {
            throw new IllegalArgumentException(operationsInterface.getName() + " is not an interface; pass the "
                    + "generated FooOperations (or Foo) interface");
        }
        return (String) GeneratedCode.invoke(GeneratedCode.helperMethod(operationsInterface, "id"), null);
    }

    /** The signature the generated classes alone give, by the rules on {@link InterfaceSignature#of}. */
    static InterfaceSignature fromClasses(Class<?> operationsInterface) {
        return fromClasses(operationsInterface, Set.of());
    }

    /** As {@link #fromClasses(Class)}, leaving out the methods named {@code leftOut} (their IDL names). */
    static InterfaceSignature fromClasses(Class<?> operationsInterface, Set<String> leftOut) {
        String repositoryId = repositoryId(operationsInterface);
        ORB orb = ORB.init();
        InterfaceSignature.Builder signature = InterfaceSignature.builder(repositoryId, operationsInterface);
        Map<String, List<Method>> byName = new LinkedHashMap<>();
        for (Method method : operationMethods(operationsInterface)) {
            byName.computeIfAbsent(method.getName(), name -> new ArrayList<>()).add(method);
        }
        for (Map.Entry<String, List<Method>> entry : byName.entrySet()) {
            String name = GeneratedCode.idlName(entry.getKey());
            if (leftOut.contains(name)) {
                continue;
            }
            List<Method> methods = entry.getValue();
            Method getter = find(methods, 0, false);
            Method setter = find(methods, 1, true);
            if (methods.size() == 2 && getter != null && setter != null
                    && setter.getParameterTypes()[0] == getter.getReturnType()) {
                signature.attribute(name, typeOf(getter.getReturnType(), orb, getter), false);
                continue;
            }
            if (methods.size() > 1) {
                throw new IllegalArgumentException(operationsInterface.getName() + " overloads " + name
                        + ": IDL has no overloading, so this is not IDL-generated code");
            }
            signature.operation(operation(name, methods.get(0), orb));
        }
        return signature.build();
    }

    /** The interface's own methods, in a stable order; those of org.omg.CORBA.Object and the like are not operations. */
    static List<Method> operationMethods(Class<?> operationsInterface) {
        List<Method> methods = new ArrayList<>();
        for (Method method : operationsInterface.getMethods()) {
            Class<?> declaring = method.getDeclaringClass();
            if (Modifier.isStatic(method.getModifiers()) || declaring == org.omg.CORBA.Object.class
                    || declaring == IDLEntity.class || declaring == Object.class
                    || declaring.getName().startsWith("org.omg.CORBA")) {
                continue;
            }
            methods.add(method);
        }
        methods.sort(Comparator.comparing(Method::getName).thenComparing(Method::getParameterCount));
        return methods;
    }

    private static Method find(List<Method> methods, int parameters, boolean isVoid) {
        for (Method method : methods) {
            if (method.getParameterCount() == parameters && (method.getReturnType() == void.class) == isVoid) {
                return method;
            }
        }
        return null;
    }

    private static OperationSignature operation(String name, Method method, ORB orb) {
        OperationSignature.Builder operation = OperationSignature.builder(name);
        for (Parameter parameter : method.getParameters()) {
            Class<?> type = parameter.getType();
            if (Streamable.class.isAssignableFrom(type)) {
                operation.out(parameter.getName(), holderType(type));
            } else {
                operation.in(parameter.getName(), typeOf(type, orb, method));
            }
        }
        if (method.getReturnType() != void.class) {
            operation.returns(typeOf(method.getReturnType(), orb, method));
        }
        for (Class<?> exception : method.getExceptionTypes()) {
            if (UserException.class.isAssignableFrom(exception)) {
                operation.raises(helperType(exception));
            }
        }
        return operation.build();
    }

    /** The TypeCode of a Java type of the IDL mapping, by the rules on {@link InterfaceSignature#of}. */
    static TypeCode typeOf(Class<?> type, ORB orb, Method where) {
        if (type.isPrimitive()) {
            return orb.get_primitive_tc(primitiveKind(type));
        }
        if (type == String.class) {
            return orb.create_string_tc(0);
        }
        if (type == org.omg.CORBA.Any.class) {
            return orb.get_primitive_tc(TCKind.tk_any);
        }
        if (type == TypeCode.class) {
            return orb.get_primitive_tc(TCKind.tk_TypeCode);
        }
        if (type == org.omg.CORBA.Object.class) {
            return orb.create_interface_tc("IDL:omg.org/CORBA/Object:1.0", "Object");
        }
        if (type.isArray()) {
            return orb.create_sequence_tc(0, typeOf(type.getComponentType(), orb, where));
        }
        if (type == java.math.BigDecimal.class) {
            throw new IllegalArgumentException("cannot map java.math.BigDecimal in " + where + " to an IDL type: it is "
                    + "a fixed<digits, scale>, whose digits and scale the Java mapping does not keep (and a wrong "
                    + "count of digits is a different value on the wire). Put the IDL file in the jar (see "
                    + "InterfaceSignature.of), or read it with Idl.read");
        }
        try {
            return helperType(type);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot map " + type.getName() + " in " + where + " to an IDL type: "
                    + e.getMessage(), e);
        }
    }

    private static TypeCode helperType(Class<?> type) {
        try {
            return (TypeCode) GeneratedCode.invoke(GeneratedCode.helperMethod(type, "type"), null);
        } catch (StackOverflowError | org.omg.CORBA.BAD_PARAM broken) {
            // each IDL compiler breaks one form of recursive type: JacORB's type() recurses without end
            // for a union recursive through a typedef'd sequence of a forward-declared union, the OpenJDK
            // ORB's idlj asks for a recursive TypeCode of id "" for an anonymous sequence of the struct
            throw new IllegalArgumentException(GeneratedCode.helper(type).getName() + ".type() fails ("
                    + broken.getClass().getSimpleName() + "): the IDL compiler generated a broken helper for a "
                    + "recursive type. Put the IDL file in the generated classes' jar (under idl/), whose TypeCodes "
                    + "are then read from the IDL instead", broken);
        }
    }

    private static TypeCode holderType(Class<?> holder) {
        return ((Streamable) GeneratedCode.newInstance(holder))._type();
    }

    private static TCKind primitiveKind(Class<?> type) {
        if (type == boolean.class) {
            return TCKind.tk_boolean;
        }
        if (type == char.class) {
            return TCKind.tk_char;
        }
        if (type == byte.class) {
            return TCKind.tk_octet;
        }
        if (type == short.class) {
            return TCKind.tk_short;
        }
        if (type == int.class) {
            return TCKind.tk_long;
        }
        if (type == long.class) {
            return TCKind.tk_longlong;
        }
        if (type == float.class) {
            return TCKind.tk_float;
        }
        if (type == double.class) {
            return TCKind.tk_double;
        }
        throw new IllegalArgumentException("no IDL type for " + type);
    }
}
