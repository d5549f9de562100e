package org.corbabridge.adapter.internal.serving;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.adapter.internal.codec.ArgumentCheck;
import org.corbabridge.adapter.internal.codec.Codec;
import org.corbabridge.adapter.internal.codec.Codecs;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.UNKNOWN;
import org.omg.CORBA.UserException;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;
import org.omg.CORBA.portable.ResponseHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One operation of a served interface, ready to answer: the codecs of its parameters, result and
 * exceptions, built once at export for the generated Java types (a typed servant) or for generic
 * values (a {@link DynamicServant}), as a client's are. A call reads its {@code in} and
 * {@code inout} values, runs the handler, and writes the reply only once every value of it has
 * been checked ({@link ArgumentCheck}): a value the reply cannot carry is a system exception, never
 * half a reply.
 */
final class ServedOperation {

    private static final Logger LOG = LoggerFactory.getLogger(ServedOperation.class);

    /** The OMG's minor code of {@code UNKNOWN} for "an unlisted user exception" / a non-CORBA exception in a servant. */
    static final int OMG_UNKNOWN_SERVANT_EXCEPTION = 0x4f4d0002;

    final OperationSignature signature;
    private final String interfaceName;
    /** The generated operations interface's method; null for a dynamic servant. */
    private final Method method;
    private final ParameterMode[] modes;
    private final String[] names;
    private final Codec[] parameters;
    /** A typed servant's holder class per out and inout parameter, and its {@code value} field. */
    private final Class<?>[] holders;
    private final Field[] holderValues;
    private final Codec result;
    /** Exception codecs by repository id, and the repository id of each exception's IDL name. */
    private final Map<String, Codec> exceptions = new HashMap<>();
    private final Map<String, String> exceptionIds = new HashMap<>();
    private final OrbPlatform platform;

    /**
     * @param method the generated interface's method, or null: generic values for a {@link DynamicServant}
     * @throws IllegalArgumentException a type the codecs cannot carry, or a method that does not fit
     */
    ServedOperation(String interfaceName, OperationSignature signature, Method method, OrbPlatform platform) {
        this.interfaceName = interfaceName;
        this.signature = signature;
        this.method = method;
        this.platform = platform;
        List<OperationSignature.Parameter> declared = signature.parameters();
        if (method != null) {
            if (method.getParameterCount() != declared.size()) {
                throw new IllegalArgumentException(method + " has " + method.getParameterCount() + " parameters, "
                        + "operation " + signature + " has " + declared.size());
            }
            method.trySetAccessible();
        }
        int count = declared.size();
        modes = new ParameterMode[count];
        names = new String[count];
        parameters = new Codec[count];
        holders = new Class<?>[count];
        holderValues = new Field[count];
        for (int i = 0; i < count; i++) {
            OperationSignature.Parameter parameter = declared.get(i);
            modes[i] = parameter.mode();
            names[i] = parameter.name();
            Class<?> javaType = null;
            if (method != null) {
                javaType = method.getParameterTypes()[i];
                if (modes[i] != ParameterMode.IN) {
                    holders[i] = javaType;
                    holderValues[i] = holderValue(javaType);
                    javaType = holderValues[i].getType();
                }
            }
            parameters[i] = Codecs.of(parameter.type(), javaType, platform);
        }
        result = signature.returnsValue()
                ? Codecs.of(signature.result(), method != null ? method.getReturnType() : null, platform) : null;
        for (TypeCode exception : signature.exceptions()) {
            String id = id(exception);
            exceptions.put(id, Codecs.of(exception, exceptionClass(method, id), platform));
            try {
                exceptionIds.put(exception.name(), id);
            } catch (BadKind impossible) {
                throw new IllegalArgumentException("a user exception's TypeCode has no name", impossible);
            }
        }
    }

    /**
     * What a call answered: its reply, and the repository id of the IDL exception it carries when
     * the handler raised one (null for a normal reply).
     */
    record Answer(OutputStream reply, String userException) {
    }

    /** Reads the call, runs {@code servant} (a typed object, or a {@link DynamicServant}), writes its answer. */
    Answer answer(InputStream in, ResponseHandler handler, Object servant) {
        Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            if (modes[i] != ParameterMode.OUT) {
                values[i] = parameters[i].read(in);
            }
        }
        try {
            return method != null ? answerTyped(values, handler, servant)
                    : answerDynamic(values, handler, (DynamicServant) servant);
        } catch (SystemException passedOn) {
            throw passedOn;
        } catch (RuntimeException | Error thrown) {
            throw unknown(thrown);
        }
    }

    private Answer answerTyped(Object[] values, ResponseHandler handler, Object servant) {
        Object[] arguments = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            if (modes[i] == ParameterMode.IN) {
                arguments[i] = values[i];
            } else {
                arguments[i] = GeneratedCode.newInstance(holders[i]);
                if (modes[i] == ParameterMode.INOUT) {
                    set(holderValues[i], arguments[i], values[i]);
                }
            }
        }
        Object returned;
        try {
            returned = method.invoke(servant, arguments);
        } catch (InvocationTargetException e) {
            return raised(e.getCause(), handler);
        } catch (IllegalAccessException e) {
            throw unknown(e);
        }
        Object[] outputs = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            if (modes[i] != ParameterMode.IN) {
                outputs[i] = get(holderValues[i], arguments[i]);
            }
        }
        return reply(handler, returned, outputs);
    }

    private Answer answerDynamic(Object[] values, ResponseHandler handler, DynamicServant servant) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            if (modes[i] != ParameterMode.OUT) {
                arguments.put(names[i], values[i]);
            }
        }
        DynamicReply answer;
        try {
            answer = servant.invoke(signature.name(), arguments);
        } catch (Exception thrown) {
            return raised(thrown, handler);
        }
        Object[] outputs = new Object[values.length];
        Map<String, Object> given = answer == null ? Map.of() : answer.outputs();
        for (int i = 0; i < values.length; i++) {
            if (modes[i] != ParameterMode.IN) {
                if (!given.containsKey(names[i])) {
                    throw handlerError("answered no value for its " + modes[i].name().toLowerCase() + " parameter '"
                            + names[i] + "' (it answered " + given.keySet() + ")", null);
                }
                outputs[i] = given.get(names[i]);
            }
        }
        return reply(handler, answer == null ? null : answer.result(), outputs);
    }

    /** The normal reply: every value checked first, then written. */
    private Answer reply(ResponseHandler handler, Object returned, Object[] outputs) {
        try {
            if (result != null) {
                ArgumentCheck.require(result, returned, false, platform);
            }
            for (int i = 0; i < outputs.length; i++) {
                if (modes[i] != ParameterMode.IN) {
                    ArgumentCheck.require(parameters[i], outputs[i], false, platform);
                }
            }
        } catch (IllegalArgumentException | ClassCastException | NullPointerException refused) {
            throw handlerError("answered a value its IDL type cannot carry: " + refused.getMessage(), refused);
        }
        OutputStream out = handler.createReply();
        if (result != null) {
            result.write(out, returned);
        }
        for (int i = 0; i < outputs.length; i++) {
            if (modes[i] != ParameterMode.IN) {
                parameters[i].write(out, outputs[i]);
            }
        }
        return new Answer(out, null);
    }

    /**
     * What the handler threw: one of the operation's IDL exceptions as itself; a CORBA system
     * exception as itself; anything else as {@code UNKNOWN}, logged.
     */
    private Answer raised(Throwable thrown, ResponseHandler handler) {
        if (thrown instanceof UserException generated) {
            String id = GeneratedCode.repositoryIdOf(generated.getClass());
            Codec codec = id == null ? null : exceptions.get(id);
            if (codec == null) {
                throw handlerError("raised " + generated.getClass().getName() + ", which the operation does not declare",
                        generated);
            }
            return exceptionReply(handler, id, codec, generated);
        }
        if (thrown instanceof RemoteUserException dynamic) {
            String id = exceptions.containsKey(dynamic.repositoryId()) ? dynamic.repositoryId()
                    : exceptionIds.get(dynamic.repositoryId());
            if (id == null) {
                throw handlerError("raised " + dynamic.repositoryId() + ", which the operation does not declare (it "
                        + "declares " + exceptions.keySet() + ")", dynamic);
            }
            return exceptionReply(handler, id, exceptions.get(id), dynamic.members());
        }
        if (thrown instanceof SystemException system) {
            throw system;
        }
        throw unknown(thrown);
    }

    private Answer exceptionReply(ResponseHandler handler, String id, Codec codec, Object value) {
        try {
            ArgumentCheck.require(codec, value, false, platform);
        } catch (IllegalArgumentException | ClassCastException | NullPointerException refused) {
            throw handlerError("raised an exception its IDL type cannot carry: " + refused.getMessage(), refused);
        }
        OutputStream out = handler.createExceptionReply();
        codec.write(out, value);
        return new Answer(out, id);
    }

    private SystemException unknown(Throwable thrown) {
        return handlerError("threw " + thrown, thrown);
    }

    /** A handler's failure: one log line, and {@code UNKNOWN} (completed MAYBE: the handler ran) to the caller. */
    private SystemException handlerError(String what, Throwable cause) {
        String message = interfaceName + "." + signature.name() + " " + what;
        LOG.warn("{}: answered UNKNOWN", message, cause);
        UNKNOWN unknown = new UNKNOWN(message, OMG_UNKNOWN_SERVANT_EXCEPTION, CompletionStatus.COMPLETED_MAYBE);
        if (cause != null) {
            unknown.initCause(cause);
        }
        return unknown;
    }

    private static Field holderValue(Class<?> holder) {
        try {
            return holder.getField("value");
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(holder.getName() + " is not a holder: an out or inout parameter of a "
                    + "generated interface is one", e);
        }
    }

    private static Class<?> exceptionClass(Method method, String id) {
        if (method == null) {
            return null;
        }
        for (Class<?> declared : method.getExceptionTypes()) {
            if (id.equals(GeneratedCode.repositoryIdOf(declared))) {
                return declared;
            }
        }
        return null;
    }

    private static String id(TypeCode type) {
        try {
            return type.id();
        } catch (BadKind e) {
            throw new IllegalArgumentException("a user exception's TypeCode has no id", e);
        }
    }

    private static void set(Field field, Object holder, Object value) {
        try {
            field.set(holder, value);
        } catch (IllegalAccessException e) {
            throw new BAD_PARAM(e.toString(), 0, CompletionStatus.COMPLETED_NO);
        }
    }

    private static Object get(Field field, Object holder) {
        try {
            return field.get(holder);
        } catch (IllegalAccessException e) {
            throw new BAD_PARAM(e.toString(), 0, CompletionStatus.COMPLETED_MAYBE);
        }
    }
}
