package org.corbabridge.adapter.internal.bind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.adapter.internal.call.RaisedUserException;
import org.corbabridge.adapter.internal.call.RemoteObject;
import org.corbabridge.adapter.internal.codec.AnyGuard;
import org.corbabridge.adapter.internal.codec.ArgumentCheck;
import org.corbabridge.adapter.internal.codec.Codec;
import org.corbabridge.adapter.internal.codec.Codecs;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.corbabridge.adapter.internal.idl.IdlModel;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.internal.serving.ServingSide;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;

/**
 * A remote object of one IDL interface with its operations bound for calls: what both the
 * {@link DynamicClient} and the typed proxy of {@link ProxyClient} call through. Each call runs
 * on the {@link RemoteObject}, which bounds it, re-resolves and retries it.
 */
public final class RemoteInterface extends RemoteHandle implements DynamicClient, References.Handle {

    private static final String CORBA_OBJECT = "IDL:omg.org/CORBA/Object:1.0";

    /** The invoker of operations whose codecs every mode uses ({@link #invokerOf}). */
    private final Invoker streams;

    private final InterfaceSignature signature;
    private final AdapterConfig config;
    private final Invoker invoker;
    private final Operations operations;
    /** The clients of objects this one's calls handed out: held weakly, closed with this one. */
    private final Set<RemoteInterface> children = Collections.newSetFromMap(Collections.synchronizedMap(
            new WeakHashMap<>()));
    /** Whether this client's ORB sends only a {@code string}'s Latin-1 characters right ({@link ArgumentCheck}). */
    private final boolean latin1Only;
    /** Whether the ORB's reader takes a fixed inside a received any wrong (see {@link BoundOperation#anysThroughCodecs}). */
    private final boolean readsFixedInAnysWrong;
    /** What this client serves (callbacks): the root's, shared with the clients its calls handed out. */
    private final ServingSide serving;
    /** Whether this client made {@link #serving} and closes it: the root. */
    private final boolean ownsServing;

    private RemoteInterface(InterfaceSignature signature, AdapterConfig config, Invoker invoker,
            Operations operations, RemoteObject<org.omg.CORBA.Object> remote, ServingSide serving) {
        super(remote);
        this.ownsServing = serving == null;
        this.serving = serving != null ? serving : ServingSide.of(remote.orb(), config.orb().serving(),
                signature.interfaceName() + " client of " + remote.describeTarget(),
                remote.orb().owned() && config.orb().tls().isPresent(), config.observers());
        this.signature = signature;
        this.config = config;
        this.invoker = invoker;
        this.operations = operations;
        this.latin1Only = remote.orb().platform().cutsStringsBeyondLatin1(remote.orb().orb());
        this.readsFixedInAnysWrong = !remote.orb().platform().readsFixedInAnysRight();
        this.streams = invoker instanceof StreamInvoker ? invoker : Invoker.of(InvocationMode.DYNAMIC, remote.orb().platform());
    }

    /**
     * Binds every operation (its codecs are built here, once), then resolves the name and checks
     * the object's type. On failure the lease is closed (an owned ORB destroyed).
     */
    public static RemoteInterface open(InterfaceSignature signature, AdapterConfig config, OrbLease orb) {
        Invoker invoker = Invoker.of(config.invocation(), orb.platform());
        Operations bound;
        try {
            bound = Operations.bind(signature, config, invoker, orb.platform());
        } catch (RuntimeException | Error e) {
            // whatever is thrown (a StackOverflowError from a malformed TypeCode included), no ORB is left behind
            orb.close();
            throw e;
        }
        String name = config.name() != null ? config.name() : signature.interfaceName();
        Class<?> operationsInterface = signature.operationsInterface().orElse(null);
        RemoteObject<org.omg.CORBA.Object> remote = RemoteObject.open(config, name, orb, signature.repositoryId(),
                reference -> invoker.bind(reference, signature.repositoryId(), operationsInterface));
        return new RemoteInterface(signature, config, invoker, bound, remote, null);
    }

    /**
     * A client of an object a call of this one handed out: the same configuration, ORB and
     * invocation mode, bound to its reference (see {@link References}); closed with this one.
     */
    RemoteInterface adopt(org.omg.CORBA.Object reference, InterfaceSignature childSignature, String operation) {
        if (remote.isClosed()) {
            throw new org.corbabridge.adapter.AdapterClosedException(operation + " on " + target()
                    + ": the adapter is closed");
        }
        Invoker childInvoker = Invoker.of(config.invocation(), remote.orb().platform());
        Operations bound = Operations.bind(childSignature, config, childInvoker, remote.orb().platform());
        Class<?> operationsInterface = childSignature.operationsInterface().orElse(null);
        String description = childSignature.interfaceName() + " from " + operation + " on " + target();
        RemoteObject<org.omg.CORBA.Object> child = remote.adopt(reference, description, childSignature.repositoryId(),
                handedOut -> childInvoker.bind(handedOut, childSignature.repositoryId(), operationsInterface));
        RemoteInterface adopted = new RemoteInterface(childSignature, config, childInvoker, bound, child, serving);
        children.add(adopted);
        return adopted;
    }

    /** The reference calls are made on now. */
    @Override
    public org.omg.CORBA.Object reference() {
        return remote.currentTarget();
    }

    /** Closes the objects this one's calls handed out, then this one. */
    @Override
    public void close() {
        List<RemoteInterface> adopted;
        synchronized (children) {
            adopted = new ArrayList<>(children);
            children.clear();
        }
        adopted.forEach(RemoteInterface::close);
        if (ownsServing) {
            // before the lease: an owned ORB's destroy would wait for the calls its POA runs
            serving.close();
        }
        super.close();
    }

    @Override
    public <S> ExportedObject export(Class<S> operationsInterface, S servant) {
        InterfaceSignature served = Signatures.forServing(operationsInterface);
        return serving.exportTyped(served, Operations.methodsByOperation(operationsInterface, served), servant);
    }

    @Override
    public ExportedObject export(InterfaceSignature served, DynamicServant servant) {
        return serving.exportDynamic(served, servant);
    }

    /**
     * The reference an application object passed as an argument is served as (exported at its
     * first use, for this client's life): a {@link DynamicServant} as the parameter's interface, as
     * the IDL this client's signature came from declares it, or an object implementing the
     * generated {@code FooOperations} of the parameter's interface; null for anything else.
     */
    org.omg.CORBA.Object referenceOfServant(Object value, Class<?> javaType, TypeCode type) {
        String id = interfaceId(javaType, type);
        if (id == null) {
            return null;
        }
        if (value instanceof DynamicServant dynamic) {
            InterfaceSignature served = javaType != null && References.isGeneratedInterface(javaType)
                    ? Signatures.forServing(References.operationsOf(javaType))
                    : IdlModel.related(signature, id).orElseThrow(() -> new IllegalArgumentException("cannot serve a "
                            + "DynamicServant as " + id + ": the IDL " + signature.interfaceName() + " was read from "
                            + "does not declare it; export it with its signature (export(signature, servant))"));
            return serving.referenceOfDynamic(served, dynamic);
        }
        Class<?> operationsInterface = operationsInterfaceOf(value.getClass(), javaType, id);
        if (operationsInterface == null) {
            return null;
        }
        InterfaceSignature served = Signatures.forServing(operationsInterface);
        return serving.referenceOfTyped(served, Operations.methodsByOperation(operationsInterface, served), value);
    }

    /** The repository id of a parameter's interface; null where it is no specific interface. */
    private static String interfaceId(Class<?> javaType, TypeCode type) {
        if (javaType != null && References.isGeneratedInterface(javaType)) {
            return GeneratedCode.repositoryIdOf(javaType);
        }
        if (type == null) {
            return null;
        }
        TypeCode plain = TypeCodes.unaliased(type);
        try {
            return plain.kind().value() == TCKind._tk_objref && !CORBA_OBJECT.equals(plain.id()) ? plain.id() : null;
        } catch (BadKind e) {
            return null;
        }
    }

    /**
     * The generated {@code FooOperations} a servant implements for the interface {@code id}: the
     * parameter's own where the typed path knows it, else the one among the servant's interfaces
     * whose generated interface has that repository id; null for none.
     */
    private static Class<?> operationsInterfaceOf(Class<?> servantClass, Class<?> javaType, String id) {
        if (javaType != null && References.isGeneratedInterface(javaType)) {
            Class<?> operations = References.operationsOf(javaType);
            return operations.isAssignableFrom(servantClass) ? operations : null;
        }
        for (Class<?> type = servantClass; type != null; type = type.getSuperclass()) {
            for (Class<?> implemented : type.getInterfaces()) {
                Class<?> found = operationsInterfaceIn(implemented, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static Class<?> operationsInterfaceIn(Class<?> implemented, String id) {
        String name = implemented.getName();
        if (name.endsWith("Operations")) {
            try {
                Class<?> generated = Class.forName(name.substring(0, name.length() - "Operations".length()), false,
                        implemented.getClassLoader());
                if (References.isGeneratedInterface(generated) && id.equals(GeneratedCode.repositoryIdOf(generated))) {
                    return implemented;
                }
            } catch (ClassNotFoundException notGenerated) {
                // an application interface that happens to end so
            }
        }
        for (Class<?> parent : implemented.getInterfaces()) {
            Class<?> found = operationsInterfaceIn(parent, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    @Override
    public DynamicReply invoke(String operation, Object... arguments) {
        BoundOperation bound = operations.named(operation);
        if (bound == null) {
            throw new IllegalArgumentException(signature.repositoryId() + " has no operation '" + operation + "'"
                    + (operations.named("_get_" + operation) != null ? "; for the attribute use get/set" : "")
                    + "; it has " + operations.names());
        }
        Object[] values = arguments == null ? new Object[0] : arguments;
        if (values.length != bound.parameters.length) {
            throw new IllegalArgumentException(bound.signature + " takes " + bound.parameters.length
                    + " arguments (null for an out parameter), not " + values.length);
        }
        if (bound.takesReferences) {
            values = values.clone();
            for (int i = 0; i < values.length; i++) {
                values[i] = bound.modes[i] == ParameterMode.OUT ? values[i]
                        : References.unwrap(values[i], null, bound.types[i], this::referenceOfServant);
            }
        }
        BoundOperation.Outcome outcome = call(bound, values);
        Map<String, Object> outputs = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            if (bound.modes[i] != ParameterMode.IN) {
                Object output = outcome.outputs()[i];
                if (bound.handsOutReferences) {
                    output = References.adoptGeneric(this, operation, bound.types[i], output);
                }
                outputs.put(bound.signature.parameters().get(i).name(), output);
            }
        }
        Object result = bound.handsOutReferences
                ? References.adoptGeneric(this, operation, bound.signature.result(), outcome.result())
                : outcome.result();
        return Reply.of(result, outputs);
    }

    @Override
    public Object get(String attribute) {
        requireAttribute("_get_" + attribute, attribute);
        return invoke("_get_" + attribute).result();
    }

    @Override
    public void set(String attribute, Object value) {
        requireAttribute("_set_" + attribute, attribute);
        invoke("_set_" + attribute, value);
    }

    /** One call, with user exceptions reported as {@link RemoteUserException}. */
    BoundOperation.Outcome call(BoundOperation bound, Object[] values) {
        guard(bound, values, false);
        try {
            return remote.call(bound.name, bound.idempotent, target -> invokerOf(bound).invoke(target, bound, values));
        } catch (RaisedUserException raised) {
            throw UserExceptions.of(bound, raised, remote.describeTarget());
        }
    }

    /** The operations, by name and by a typed proxy's method. */
    Operations operations() {
        return operations;
    }

    /** Whether a typed proxy's call of {@code bound} goes through the generated stub's own method (STATIC). */
    boolean callsStubsOf(BoundOperation bound) {
        return invoker instanceof StubInvoker && invokerOf(bound) == invoker;
    }

    /**
     * The invoker a call of {@code bound} goes through: this client's mode's, or the stream invoker
     * for an operation no ORB's own marshalling carries right ({@link BoundOperation#throughCodecs}),
     * or whose anys this ORB's reader would take wrong ({@link BoundOperation#anysThroughCodecs}),
     * whose codecs are built in every mode. Every mode's reference is an ObjectImpl on the ORBs here.
     */
    Invoker invokerOf(BoundOperation bound) {
        return bound.throughCodecs || bound.anysThroughCodecs && readsFixedInAnysWrong ? streams : invoker;
    }

    /**
     * An argument that would arrive other than it was sent is refused here, before anything is sent:
     * a string that would ({@link ArgumentCheck}), an any the ORB would send wrong ({@link AnyGuard}).
     *
     * @param holders whether out and inout values are a typed proxy's holders
     */
    void guard(BoundOperation bound, Object[] values, boolean holders) {
        if (bound.carriesAny) {
            for (int i = 0; i < values.length; i++) {
                if (bound.modes[i] != ParameterMode.OUT) {
                    AnyGuard.requireSendable(values[i], remote.orb().orb(), remote.orb().platform());
                }
            }
        }
        try {
            bound.checkArguments(values, holders, latin1Only);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public org.omg.CORBA.Any toAny(TypeCode type, Object value) {
        org.omg.CORBA.ORB orb = remote.orb().orb();
        OrbPlatform platform = remote.orb().platform();
        Class<?> javaType = value instanceof org.omg.CORBA.portable.IDLEntity ? value.getClass() : null;
        Codec codec = Codecs.of(type, javaType, platform);
        AnyGuard.fixedRefusal(type, orb, platform, "made correctly on").ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal);
        });
        // written in the ORB's code set here: what it would not carry is refused first
        ArgumentCheck.require(codec, value, latin1Only, platform);
        org.omg.CORBA.portable.OutputStream out = (org.omg.CORBA.portable.OutputStream) orb.create_output_stream();
        codec.write(out, value);
        org.omg.CORBA.Any any = orb.create_any();
        any.read_value(out.create_input_stream(), type);
        return any;
    }

    @Override
    public Object fromAny(org.omg.CORBA.Any any) {
        org.omg.CORBA.ORB orb = remote.orb().orb();
        OrbPlatform platform = remote.orb().platform();
        // JacORB's any holds each fixed with the value's own digits, which the codecs (exactly the
        // declared digits, as CDR has it) would read wrong; its generated helpers read it right
        AnyGuard.fixedRefusal(any.type(), orb, platform, "read correctly by the adapter's codecs on").ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal + (platform.readsFixedInAnysRight()
                    ? ". Extract it with the type's generated helper, which reads it right" : ""));
        });
        return Codecs.of(any.type(), null, platform).read(any.create_input_stream());
    }

    @Override
    public InterfaceSignature signature() {
        return signature;
    }

    @Override
    public String toString() {
        return describe("DynamicClient", config.invocation().configName());
    }

    AdapterConfig config() {
        return config;
    }

    private void requireAttribute(String operation, String attribute) {
        if (operations.named(operation) == null) {
            throw new IllegalArgumentException(signature.repositoryId() + " has no " + (operation.startsWith("_set_")
                    ? "writable " : "") + "attribute '" + attribute + "'");
        }
    }
}
