package org.corbabridge.adapter;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.omg.CORBA.TypeCode;

/**
 * Everything dynamic invocation knows of an IDL interface: its repository id and the
 * {@link OperationSignature} of each operation and attribute. TypeCodes are the only type
 * knowledge; no stub is used. Immutable.
 *
 * <p>From the classes the IDL compiler generated ({@code FooOperations}, the helpers' TypeCodes
 * and the holders), with every rule it follows listed on {@link #of(Class)}:
 *
 * <pre>{@code
 * InterfaceSignature warehouse = InterfaceSignature.of(WarehouseOperations.class);
 * }</pre>
 *
 * <p>or by hand, for a server whose IDL you have but whose Java classes you do not:
 *
 * <pre>{@code
 * ORB orb = ORB.init();
 * InterfaceSignature echo = InterfaceSignature.builder("IDL:demo/Echo:1.0")
 *         .operation(OperationSignature.builder("echo")
 *                 .in("text", orb.create_wstring_tc(0))
 *                 .returns(orb.create_wstring_tc(0))
 *                 .build())
 *         .attribute("greeting", orb.create_string_tc(0), true)
 *         .build();
 * }</pre>
 */
public final class InterfaceSignature {

    private final String repositoryId;
    private final Class<?> operationsInterface;
    private final Map<String, OperationSignature> operations;

    private InterfaceSignature(Builder builder) {
        this.repositoryId = builder.repositoryId;
        this.operationsInterface = builder.operationsInterface;
        this.operations = Collections.unmodifiableMap(new LinkedHashMap<>(builder.operations));
    }

    /**
     * The signature of a generated {@code FooOperations} interface (or {@code Foo}):
     * <ul>
     * <li>the repository id from {@code FooHelper.id()};
     * <li>each parameter's TypeCode from its Java type: the primitives as IDL's ({@code int} is
     *     {@code long}, {@code long} is {@code long long}, {@code byte} is {@code octet},
     *     {@code String} is {@code string}, {@code char} is {@code char}); a generated type from
     *     its helper's {@code type()}; an array as a sequence of its element type; a holder (an
     *     {@code out} or {@code inout} parameter) from its {@code _type()};
     * <li>user exceptions from the declared exception classes' helpers;
     * <li>a getter and a setter of one name ({@code long capacity()}, {@code void capacity(long)})
     *     as a writable attribute;
     * <li>a holder parameter as {@code out};
     * <li>parameter names from the class file when it was compiled with {@code -parameters}, else
     *     {@code arg0}, {@code arg1}...
     * </ul>
     * Java types alone cannot tell a {@code wstring}, a {@code wchar}, a fixed-length array or an
     * unsigned type from its common twin, an {@code inout} from an {@code out} parameter, a
     * readonly attribute from an operation without parameters, or a oneway operation from a
     * two-way {@code void} one: declare those with {@link #toBuilder()} ({@link Builder#attribute},
     * {@link Builder#oneway}, {@link Builder#parameterMode}, {@link Builder#operation}). Unsigned
     * types and oneway calls work undeclared (the same bytes; a reply waited for).
     *
     * @throws IllegalArgumentException the class is not generated IDL code, or a type cannot be mapped
     */
    public static InterfaceSignature of(Class<?> operationsInterface) {
        return ClientFactory.instance().signatureOf(operationsInterface);
    }

    public static Builder builder(String repositoryId) {
        return new Builder(repositoryId, null);
    }

    /**
     * A builder for a generated interface's signature, for code that derives one itself; the
     * typed proxy uses {@code operationsInterface} to map methods to operations.
     */
    public static Builder builder(String repositoryId, Class<?> operationsInterface) {
        return new Builder(repositoryId, Objects.requireNonNull(operationsInterface, "operationsInterface"));
    }

    public Builder toBuilder() {
        Builder builder = new Builder(repositoryId, operationsInterface);
        builder.operations.putAll(operations);
        return builder;
    }

    /** Such as {@code IDL:shop/Catalog:1.0}. */
    public String repositoryId() {
        return repositoryId;
    }

    /** The interface's own name: {@code Catalog} for {@code IDL:shop/Catalog:1.0}. */
    public String interfaceName() {
        String path = repositoryId.startsWith("IDL:") ? repositoryId.substring(4) : repositoryId;
        int version = path.lastIndexOf(':');
        path = version > 0 ? path.substring(0, version) : path;
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The generated operations interface this signature was derived from, if any. */
    public Optional<Class<?>> operationsInterface() {
        return Optional.ofNullable(operationsInterface);
    }

    public Collection<OperationSignature> operations() {
        return operations.values();
    }

    /** The operation with this wire name ({@code _get_x} for attribute x). */
    public Optional<OperationSignature> operation(String name) {
        return Optional.ofNullable(operations.get(name));
    }

    @Override
    public String toString() {
        return "InterfaceSignature[" + repositoryId + ", " + operations.values() + "]";
    }

    public static final class Builder {
        private final String repositoryId;
        private final Class<?> operationsInterface;
        private final Map<String, OperationSignature> operations = new LinkedHashMap<>();

        private Builder(String repositoryId, Class<?> operationsInterface) {
            if (repositoryId == null || repositoryId.isBlank()) {
                throw new IllegalArgumentException("an interface needs a repository id, such as IDL:shop/Catalog:1.0");
            }
            this.repositoryId = repositoryId;
            this.operationsInterface = operationsInterface;
        }

        /** Adds an operation, or replaces the one of the same name. */
        public Builder operation(OperationSignature operation) {
            operations.put(operation.name(), Objects.requireNonNull(operation, "operation"));
            return this;
        }

        /**
         * Declares an attribute: {@code _get_name}, and {@code _set_name} unless readonly. Replaces
         * an operation {@code name} without parameters that {@link #of(Class)} took it for.
         */
        public Builder attribute(String name, TypeCode type, boolean readonly) {
            OperationSignature misread = operations.get(name);
            if (misread != null && misread.parameters().isEmpty()) {
                operations.remove(name);
            }
            operation(OperationSignature.builder("_get_" + name).returns(type).build());
            if (!readonly) {
                operation(OperationSignature.builder("_set_" + name).in("value", type).build());
            } else {
                operations.remove("_set_" + name);
            }
            return this;
        }

        /**
         * Declares an attribute whose type is already known here: as {@link #attribute(String,
         * TypeCode, boolean)} with the result type of operation {@code name} or {@code _get_name}.
         */
        public Builder attribute(String name, boolean readonly) {
            OperationSignature known = operations.containsKey(name) ? operations.get(name)
                    : operations.get("_get_" + name);
            if (known == null || !known.returnsValue()) {
                throw new IllegalArgumentException("no operation " + name + " returning a value to take as attribute "
                        + name + "; give its TypeCode");
            }
            return attribute(name, known.result(), readonly);
        }

        /**
         * Sets the direction of one parameter: Java's holders cannot tell {@code out} (the default
         * {@link #of(Class)} takes) from {@code inout}.
         *
         * @param index the parameter's position, from 0
         */
        public Builder parameterMode(String operation, int index, ParameterMode mode) {
            OperationSignature known = operations.get(operation);
            if (known == null || index < 0 || index >= known.parameters().size()) {
                throw new IllegalArgumentException("no parameter " + index + " in operation " + operation + " of "
                        + repositoryId);
            }
            OperationSignature.Builder rebuilt = OperationSignature.builder(operation).oneway(known.oneway())
                    .returns(known.result());
            for (int i = 0; i < known.parameters().size(); i++) {
                OperationSignature.Parameter parameter = known.parameters().get(i);
                rebuilt.parameter(i == index ? new OperationSignature.Parameter(parameter.name(), mode, parameter.type())
                        : parameter);
            }
            known.exceptions().forEach(rebuilt::raises);
            operations.put(operation, rebuilt.build());
            return this;
        }

        /** Marks these operations oneway (they must have in parameters only). */
        public Builder oneway(String... names) {
            for (String name : names) {
                OperationSignature operation = operations.get(name);
                if (operation == null) {
                    throw new IllegalArgumentException("no operation " + name + " in " + repositoryId);
                }
                OperationSignature.Builder rebuilt = OperationSignature.builder(name).oneway(true);
                operation.parameters().forEach(rebuilt::parameter);
                operations.put(name, rebuilt.build());
            }
            return this;
        }

        public InterfaceSignature build() {
            return new InterfaceSignature(this);
        }
    }
}
