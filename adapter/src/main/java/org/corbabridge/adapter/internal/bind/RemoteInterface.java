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
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.TypeCode;

/**
 * A remote object of one IDL interface with its operations bound for calls: what both the
 * {@link DynamicClient} and the typed proxy of {@link ProxyClient} call through. Each call runs
 * on the {@link RemoteObject}, which bounds it, re-resolves and retries it.
 */
public final class RemoteInterface extends RemoteHandle implements DynamicClient, References.Handle {

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

    private RemoteInterface(InterfaceSignature signature, AdapterConfig config, Invoker invoker,
            Operations operations, RemoteObject<org.omg.CORBA.Object> remote) {
        super(remote);
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
        return new RemoteInterface(signature, config, invoker, bound, remote);
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
        RemoteInterface adopted = new RemoteInterface(childSignature, config, childInvoker, bound, child);
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
        super.close();
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
                values[i] = References.unwrap(values[i], null);
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
