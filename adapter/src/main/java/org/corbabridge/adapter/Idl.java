package org.corbabridge.adapter;

import java.nio.file.Path;
import java.util.List;

/**
 * IDL read at run time: the {@link InterfaceSignature} of any interface in it, with every
 * parameter direction, oneway operation, readonly attribute, {@code wstring}, unsigned type,
 * bounded string, fixed-length array, union label and repository id exactly as the IDL says,
 * and no generated class needed.
 *
 * <pre>{@code
 * Idl idl = Idl.read(Path.of("warehouse.idl"));
 * try (DynamicClient warehouse = DynamicClient.create(idl.signature("depot::stock::Warehouse"), config)) {
 *     Object site = warehouse.get("site");
 * }
 * }</pre>
 *
 * <p>{@code #include} is looked for beside the including file, then in the include directories;
 * {@code #define}, {@code #if} and the {@code #pragma}s that set repository ids work as in the
 * IDL compilers. TypeCodes are made by the ORB of this JVM's {@code org.omg.CORBA} classes.
 *
 * <p>What the library cannot call through is refused with an {@link IdlException} naming the
 * file, the line and the construct, when the signature of an interface that uses it is built:
 * value types ({@code valuetype}, {@code ValueBase}), {@code native}, {@code long double},
 * abstract and local interfaces, context clauses, IDL 4's 8-bit integers, and CORBA component
 * declarations (these when read). Immutable and thread-safe.
 */
public interface Idl {

    /**
     * Reads an IDL file and what it includes.
     *
     * @throws IdlException the IDL is not valid, with its file and line
     * @throws java.io.UncheckedIOException a file cannot be read
     */
    static Idl read(Path file, Path... includeDirectories) {
        return ClientFactory.instance().readIdl(file, null, null, List.of(includeDirectories));
    }

    /** Reads IDL text; {@code name} stands for its file in messages; includes come from the directories. */
    static Idl parse(String name, String text, Path... includeDirectories) {
        return ClientFactory.instance().readIdl(null, name, text, List.of(includeDirectories));
    }

    /** Reads an IDL resource (such as {@code idl/warehouse.idl}) and its includes from a class loader. */
    static Idl fromClassPath(ClassLoader loader, String resource) {
        return ClientFactory.instance().readIdl(loader, resource);
    }

    /** The scoped name of every interface defined, such as {@code depot::stock::Warehouse}. */
    List<String> interfaces();

    /**
     * The signature of one interface: by scoped name, by simple name where it is unique, or by
     * repository id. Its operations include those it inherits.
     *
     * @throws IdlException no such interface, or it uses what the library does not support
     */
    InterfaceSignature signature(String interfaceName);

    /** The TypeCode of a named type (scoped name or repository id), for building values by hand. */
    org.omg.CORBA.TypeCode type(String typeName);
}
