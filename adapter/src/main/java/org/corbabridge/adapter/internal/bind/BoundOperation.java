package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.call.RaisedUserException;
import org.corbabridge.adapter.internal.call.UndeclaredUserException;
import org.corbabridge.adapter.internal.codec.AnyGuard;
import org.corbabridge.adapter.internal.codec.ArgumentCheck;
import org.corbabridge.adapter.internal.codec.Codec;
import org.corbabridge.adapter.internal.codec.Codecs;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.codec.Nesting;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * One operation ready to call: its signature, the codecs of its parameters, result and user
 * exceptions (built once, for the generated Java types where the operation's Java method is
 * known), and whether it is idempotent. Values are positional, one per parameter; an out
 * parameter's is ignored on the way in. Static invocation marshals through the generated stub
 * and builds no codec: an operation is never refused for a codec it would not use. Except one
 * whose types hold a fixed-point value, which every mode marshals through codecs
 * ({@link #throughCodecs}), and one that receives an any on the ORBs that read a fixed in one
 * wrong ({@link #anysThroughCodecs}).
 */
final class BoundOperation {

    /** What a reply carried: the result, and each parameter's value (null for an in parameter). */
    record Outcome(Object result, Object[] outputs) {
    }

    final OperationSignature signature;
    final String name;
    final boolean idempotent;
    /** The generated interface's method, or null for a signature written by hand. */
    final Method method;
    final ParameterMode[] modes;
    final TypeCode[] types;
    final Codec[] parameters;
    /** For a typed proxy: the {@code value} field of each out/inout parameter's holder class. */
    final Field[] holderValues;
    final Codec result;
    /** Whether an argument may be an object reference, or a sequence or array of them (see {@link References}). */
    final boolean takesReferences;
    /** Whether the result or an out parameter may be one. */
    final boolean handsOutReferences;
    /** Whether an argument can hold an any: checked before sending on ORBs that send some anys wrong ({@link AnyGuard}). */
    final boolean carriesAny;
    /** Which parameters' types can nest without bound: their values are measured before marshalling. */
    final boolean[] recursive;
    /** Whether any parameter is out or inout: a typed proxy's holders then need converting. */
    final boolean hasHolders;
    /**
     * Per parameter, the codec its value is checked with before anything is sent ({@link ArgumentCheck}),
     * or null: an out parameter, or a static call's value that holds no string, any or bound (the
     * generated stub checks the rest), or whose type the dynamic path cannot marshal.
     */
    private final Codec[] checks;
    private final Map<String, Codec> exceptions = new HashMap<>();
    /**
     * Whether a static or DII call marshals through the codecs all the same, as a dynamic one
     * does ({@link RemoteInterface} hands it to the stream invoker): its parameters, result or exceptions hold a {@code fixed}, which no ORB here writes
     * as CDR has it. JacORB's {@code write_fixed(value, digits, scale)}, which its generated
     * helpers and its DII's Anys use, ignores the digits and writes the value's own (a
     * {@code fixed<12,2>} 1.50 as 2 octets, not 7: omniORB read past the message, or read the next
     * value's octets as digits); the Eclipse and OpenJDK ORBs' streams do not have that method at
     * all ({@code NO_IMPLEMENT}, or {@code NoSuchMethodError} with their own OMG classes). The
     * codecs write the digits the type declares on every ORB ({@link org.corbabridge.adapter.internal.codec.FixedCodec}).
     */
    final boolean throughCodecs;
    /**
     * Whether its result, out parameters or exceptions can hold an any, and the codecs can carry
     * all its types: on an ORB whose reader takes a fixed inside an any wrong, a static or DII call
     * goes through the codecs too ({@link RemoteInterface}), which check each any they read
     * ({@link AnyGuard#fixedInAnAny}). An any the server fills may hold a fixed the operation's
     * types never name: the Eclipse and OpenJDK ORBs copy one inside a struct as 4 octets, and
     * read the values after it from the wrong place. JacORB reads one right (its
     * {@code read_fixed} reads up to the sign, whatever the digits) and keeps its own marshalling.
     */
    final boolean anysThroughCodecs;
    /** The ORB's, whose streams the codecs read and whose reading of anys the argument check repeats. */
    private final OrbPlatform platform;

    /**
     * @param marshals whether calls marshal through this operation's codecs (dynamic invocation and DII)
     * @param platform the ORB's, whose streams the codecs read
     */
    BoundOperation(OperationSignature signature, Method method, boolean idempotent, boolean marshals,
            OrbPlatform platform) {
        this.platform = platform;
        this.signature = signature;
        this.name = signature.name();
        this.idempotent = idempotent;
        this.method = method;
        if (method != null) {
            // a public method of a public interface: accessible already, but Method.invoke then asks
            // the JVM for its caller on every call to check so, a twentieth of the adapter's own CPU
            method.trySetAccessible();
        }
        this.throughCodecs = holdsFixed(signature);
        List<OperationSignature.Parameter> declared = signature.parameters();
        if (method != null && method.getParameterCount() != declared.size()) {
            throw new IllegalArgumentException(method + " has " + method.getParameterCount() + " parameters, "
                    + "operation " + signature + " has " + declared.size());
        }
        this.modes = new ParameterMode[declared.size()];
        this.types = new TypeCode[declared.size()];
        this.holderValues = new Field[declared.size()];
        Class<?>[] javaTypes = new Class<?>[declared.size()];
        for (int i = 0; i < declared.size(); i++) {
            OperationSignature.Parameter parameter = declared.get(i);
            modes[i] = parameter.mode();
            types[i] = parameter.type();
            if (method != null) {
                javaTypes[i] = method.getParameterTypes()[i];
                if (parameter.mode() != ParameterMode.IN) {
                    holderValues[i] = holderValue(javaTypes[i]);
                    javaTypes[i] = holderValues[i].getType();
                }
            }
        }
        boolean receivesAny = receivesAny(signature);
        Built built;
        if (marshals || throughCodecs) {
            built = build(signature, method, javaTypes, platform);
        } else if (receivesAny) {
            // an operation that receives an any keeps the ORB's own marshalling where the codecs cannot
            // carry one of its other types (a value type): callable as before, its anys unchecked
            built = buildOrNull(signature, method, javaTypes, platform);
        } else {
            built = null;
        }
        boolean codecs = built != null;
        this.anysThroughCodecs = codecs && receivesAny;
        this.parameters = codecs ? built.parameters() : new Codec[declared.size()];
        this.result = codecs ? built.result() : null;
        if (codecs) {
            exceptions.putAll(built.exceptions());
        }
        this.recursive = new boolean[declared.size()];
        for (int i = 0; i < declared.size(); i++) {
            recursive[i] = codecs && Nesting.isRecursive(types[i]);
        }
        this.checks = new Codec[declared.size()];
        for (int i = 0; i < declared.size(); i++) {
            if (modes[i] != ParameterMode.OUT) {
                // the dynamic path checks every value: a codec refusing one half-way through the
                // request would have left its first fragments with the server (see ArgumentCheck)
                checks[i] = codecs ? parameters[i]
                        : ArgumentCheck.applies(types[i]) ? codecOrNull(types[i], javaTypes[i], platform) : null;
            }
        }
        this.hasHolders = declared.stream().anyMatch(parameter -> parameter.mode() != ParameterMode.IN);
        this.takesReferences = declared.stream().anyMatch(parameter -> parameter.mode() != ParameterMode.OUT
                && TypeCodes.isReference(parameter.type()));
        this.handsOutReferences = TypeCodes.isReference(signature.result()) || declared.stream().anyMatch(
                parameter -> parameter.mode() != ParameterMode.IN && TypeCodes.isReference(parameter.type()));
        this.carriesAny = declared.stream().anyMatch(parameter -> parameter.mode() != ParameterMode.OUT
                && AnyGuard.carriesAny(parameter.type()));
    }

    /** An operation's codecs: per parameter, the result's (null for none), per exception's repository id. */
    private record Built(Codec[] parameters, Codec result, Map<String, Codec> exceptions) {
    }

    /**
     * The operation's codecs, its parameters' for {@code javaTypes} (the holders' values for out and
     * inout ones; null: generic).
     *
     * @throws IllegalArgumentException a type the codecs cannot carry
     */
    private static Built build(OperationSignature signature, Method method, Class<?>[] javaTypes,
            OrbPlatform platform) {
        Codec[] parameters = new Codec[javaTypes.length];
        for (int i = 0; i < javaTypes.length; i++) {
            parameters[i] = Codecs.of(signature.parameters().get(i).type(), javaTypes[i], platform);
        }
        Codec result = signature.returnsValue()
                ? Codecs.of(signature.result(), method != null ? method.getReturnType() : null, platform) : null;
        Map<String, Codec> exceptions = new HashMap<>();
        for (TypeCode exception : signature.exceptions()) {
            exceptions.put(id(exception), Codecs.of(exception, exceptionClass(method, exception), platform));
        }
        return new Built(parameters, result, exceptions);
    }

    /** As {@link #build}, or null where the codecs cannot carry a type of the operation. */
    private static Built buildOrNull(OperationSignature signature, Method method, Class<?>[] javaTypes,
            OrbPlatform platform) {
        try {
            return build(signature, method, javaTypes, platform);
        } catch (IllegalArgumentException noCodec) {
            return null;
        }
    }

    /** Whether a parameter, the result or an exception of {@code signature} holds a {@code fixed}. */
    static boolean holdsFixed(OperationSignature signature) {
        return types(signature, parameter -> true).anyMatch(type -> AnyGuard.fixedWithin(type) != null);
    }

    /** Whether the result, an out or inout parameter or an exception of {@code signature} can hold an any. */
    static boolean receivesAny(OperationSignature signature) {
        return types(signature, parameter -> parameter.mode() != ParameterMode.IN).anyMatch(AnyGuard::carriesAny);
    }

    /** The types of {@code signature}'s parameters that {@code parameters} admits, of its result and of its exceptions. */
    private static Stream<TypeCode> types(OperationSignature signature,
            Predicate<OperationSignature.Parameter> parameters) {
        return Stream.concat(Stream.concat(signature.parameters().stream().filter(parameters)
                .map(OperationSignature.Parameter::type), Stream.of(signature.result())), signature.exceptions().stream());
    }

    /**
     * Refuses, before anything is sent, an argument its IDL type cannot carry as it is ({@link ArgumentCheck}).
     *
     * @param holders whether out and inout values are a typed proxy's holders
     * @param latin1Only whether a {@code string} may hold Latin-1 only ({@link OrbPlatform#cutsStringsBeyondLatin1})
     */
    void checkArguments(Object[] values, boolean holders, boolean latin1Only) throws IllegalAccessException {
        for (int i = 0; i < checks.length; i++) {
            if (checks[i] != null) {
                Object value = holders && modes[i] == ParameterMode.INOUT ? holderValues[i].get(values[i]) : values[i];
                try {
                    ArgumentCheck.require(checks[i], value, latin1Only, platform);
                } catch (IllegalArgumentException | ClassCastException refused) {
                    // a codec's cast of a value of another type than its IDL type's (a String for an
                    // object reference) is the caller's error too
                    throw new IllegalArgumentException("the argument '" + signature.parameters().get(i).name() + "' of " + name + ": "
                            + refused.getMessage() + ". Nothing was sent", refused);
                }
            }
        }
    }

    /** The codec of a static call's parameter, for the text check only; null where none can be built. */
    private static Codec codecOrNull(TypeCode type, Class<?> javaType, OrbPlatform platform) {
        try {
            return Codecs.of(type, javaType, platform);
        } catch (IllegalArgumentException noCodec) {
            return null;
        }
    }

    void writeArguments(OutputStream out, Object[] values) {
        for (int i = 0; i < recursive.length; i++) {
            if (recursive[i] && modes[i] != ParameterMode.OUT) {
                Nesting.requireWithinBound(values[i]);
            }
        }
        for (int i = 0; i < parameters.length; i++) {
            if (modes[i] != ParameterMode.OUT) {
                parameters[i].write(out, values[i]);
            }
        }
    }

    /** The result, then the out and inout values in order: the CDR of a reply body. */
    Outcome readReply(InputStream in) {
        Object value = result != null ? result.read(in) : null;
        Object[] outputs = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            if (modes[i] != ParameterMode.IN) {
                outputs[i] = parameters[i].read(in);
            }
        }
        return new Outcome(value, outputs);
    }

    /** The user exception whose CDR (repository id first) {@code in} holds. */
    RaisedUserException userException(String repositoryId, InputStream in) {
        Codec codec = exceptions.get(repositoryId);
        if (codec == null) {
            throw new UndeclaredUserException(name, repositoryId);
        }
        return new RaisedUserException(repositoryId, codec.read(in));
    }

    boolean raises(String repositoryId) {
        return exceptions.containsKey(repositoryId);
    }

    private static Field holderValue(Class<?> holder) {
        try {
            return holder.getField("value");
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(holder.getName() + " is not a holder: an out or inout parameter of a "
                    + "generated interface is one", e);
        }
    }

    private static Class<?> exceptionClass(Method method, TypeCode exception) {
        if (method == null) {
            return null;
        }
        String id = id(exception);
        for (Class<?> declared : method.getExceptionTypes()) {
            if (id.equals(GeneratedCode.repositoryIdOf(declared))) {
                return declared;
            }
        }
        return null;
    }

    static String id(TypeCode type) {
        try {
            return type.id();
        } catch (BadKind e) {
            throw new IllegalArgumentException("a user exception's TypeCode has no id", e);
        }
    }
}
