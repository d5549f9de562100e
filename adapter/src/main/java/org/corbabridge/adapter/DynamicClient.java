package org.corbabridge.adapter;

import java.nio.file.Path;
import org.omg.CORBA.ORB;

/**
 * Calls any operation of an IDL interface by name, with positional arguments, with no
 * generated stub: the {@link InterfaceSignature}'s TypeCodes are all it needs. Every call gets
 * what a {@link CorbaClient} call gets: naming lookup, the call time-out, rebind and safe retry,
 * typed failures.
 *
 * <pre>{@code
 * InterfaceSignature signature = InterfaceSignature.of(WarehouseOperations.class);
 * try (DynamicClient warehouse = DynamicClient.create(signature, config)) {
 *     DynamicReply reply = warehouse.invoke("store", pallet, null, counters); // in, out, inout
 *     int slot = (Integer) reply.output("slot");
 *     String site = (String) warehouse.get("site");
 *     warehouse.set("capacity", 500);
 * }
 * }</pre>
 *
 * <p><b>Values.</b> When the signature came from generated classes, values are the generated
 * Java types. Otherwise they are generic: an IDL struct or exception is a
 * {@code Map<String, Object>} in member order; a union a two-entry map, {@code "discriminator"}
 * then the active member by name (the member alone when the default branch has none); an enum
 * its label as a {@code String}; a sequence or an array of a primitive type the Java primitive
 * array ({@code byte[]} for {@code octet}), of anything else a {@code List}; {@code any} an
 * {@code org.omg.CORBA.Any}; an object reference an {@code org.omg.CORBA.Object}; a
 * {@code fixed<d, s>} a {@code java.math.BigDecimal} of scale {@code s}; numbers, characters and
 * strings as their Java boxes. Arguments may be given in either form, and a
 * number as any {@code Number} whose value its IDL type holds (an unsigned type also takes the
 * Java mapping's negative values; a {@code fixed} a {@code BigDecimal} or an integral number, with
 * no more decimal places than its scale: nothing is rounded); one it does not hold, a string with a NUL character, a
 * bounded string or sequence beyond its bound, or a map with a member its struct does not have
 * (or a union's with a member its discriminator does not select) is refused with an
 * {@code IllegalArgumentException} before anything is sent.
 *
 * <p><b>Threads.</b> Thread-safe, like {@link CorbaClient}.
 */
public interface DynamicClient extends AutoCloseable {

    /**
     * Creates and owns an ORB as {@code config.orb()} says; resolves the name and checks the type.
     * A signature with no generated classes (one read from IDL) has no stub to call: the default
     * {@link InvocationMode#STATIC} calls it as {@link InvocationMode#DYNAMIC}; {@code DII} is kept.
     */
    static DynamicClient create(InterfaceSignature signature, AdapterConfig config) {
        return ClientFactory.instance().dynamic(signature, config, null);
    }

    /**
     * A client of {@code interfaceName} as the IDL file declares it (its includes looked for
     * beside it): {@code Idl.read(idlFile).signature(interfaceName)}, no generated class needed.
     *
     * @throws IdlException the IDL cannot be read, or the interface uses what the library does not support
     */
    static DynamicClient create(Path idlFile, String interfaceName, AdapterConfig config) {
        return create(Idl.read(idlFile).signature(interfaceName), config);
    }

    /** On an ORB someone else owns; {@code config.orb()} is ignored. */
    static DynamicClient create(InterfaceSignature signature, AdapterConfig config, ORB orb) {
        if (orb == null) {
            throw new IllegalArgumentException("the ORB to borrow must not be null");
        }
        return ClientFactory.instance().dynamic(signature, config, orb);
    }

    /**
     * Calls {@code operation} with one argument per parameter, in order: the value of an
     * {@code in} or {@code inout} parameter, anything (null) for an {@code out} one. A oneway
     * operation returns as soon as the request is sent, with an empty reply.
     *
     * @throws RemoteUserException the operation raised one of its user exceptions
     * @throws IllegalArgumentException no such operation, or the wrong number of arguments
     * @throws CorbaAdapterException any other failure, typed by its cause
     */
    DynamicReply invoke(String operation, Object... arguments);

    /** Reads attribute {@code name} ({@code _get_name}). */
    Object get(String attribute);

    /** Writes attribute {@code name} ({@code _set_name}). */
    void set(String attribute, Object value);

    /**
     * An {@code any} holding {@code value} as a value of {@code type}, made on this client's ORB
     * by the same marshalling as arguments: a generic value (a map, a list, a label) or a
     * generated one. Use it where a generated helper's {@code insert} does not work (JacORB's
     * leave the Any empty on the Eclipse ORB and the OpenJDK ORB) or where there is no helper.
     *
     * @throws IllegalArgumentException the value does not fit the type, or holds a {@code fixed}
     *     this ORB cannot carry in an any (docs/idl.md)
     */
    org.omg.CORBA.Any toAny(org.omg.CORBA.TypeCode type, Object value);

    /**
     * What an {@code any} holds, as a generic value (see above); its type is {@code any.type()}.
     *
     * @throws IllegalArgumentException the any holds a {@code fixed} its ORB holds wrong: on JacORB
     *     any fixed (kept with the value's own digits; the type's generated helper reads it right)
     */
    Object fromAny(org.omg.CORBA.Any any);

    InterfaceSignature signature();

    /** "'Warehouse' in corbaname::127.0.0.1:2809", for messages. */
    String target();

    boolean ownsOrb();

    boolean isClosed();

    long retries();

    long rebinds();

    /**
     * Serves {@code servant}, an object implementing the generated {@code operationsInterface}
     * ({@code StockListenerOperations}), on this client's ORB until the handle or this client is
     * closed: its {@link ExportedObject#reference()} is what a server calls back. Only the generated
     * {@code FooOperations} interface, its types and their helpers are needed (no POA skeleton).
     *
     * @throws IllegalArgumentException the interface is not a generated operations interface
     * @throws AdapterClosedException this client is closed
     */
    <S> ExportedObject export(Class<S> operationsInterface, S servant);

    /**
     * Serves a {@link DynamicServant} as an object of {@code signature}'s interface ({@code
     * Idl.read(file).signature("StockListener")}), until the handle or this client is closed.
     *
     * @throws AdapterClosedException this client is closed
     */
    ExportedObject export(InterfaceSignature signature, DynamicServant servant);

    /** Destroys the ORB if the client owns it; a borrowed ORB is left alone. Idempotent. */
    @Override
    void close();
}
