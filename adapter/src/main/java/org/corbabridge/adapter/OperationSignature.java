package org.corbabridge.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;

/**
 * One IDL operation as the wire sees it: its name, its parameters with their direction and
 * TypeCode, its result TypeCode, the TypeCodes of the user exceptions it raises, and whether
 * it is oneway. An attribute is two operations, {@code _get_x} and (unless readonly)
 * {@code _set_x}. Immutable. Derived from generated code by {@link InterfaceSignature#of}, or
 * written by hand for an interface with no generated classes:
 *
 * <pre>{@code
 * OperationSignature query = OperationSignature.builder("queryCatalog")
 *         .in("query", orb.create_string_tc(0))
 *         .returns(QueryResultHelper.type())
 *         .raises(InvalidQueryHelper.type())
 *         .build();
 * }</pre>
 */
public final class OperationSignature {

    /** One parameter: its IDL name, direction and type. */
    public record Parameter(String name, ParameterMode mode, TypeCode type) {
        public Parameter {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(type, "type");
        }
    }

    private final String name;
    private final List<Parameter> parameters;
    private final TypeCode result;
    private final List<TypeCode> exceptions;
    private final boolean oneway;

    private OperationSignature(Builder builder) {
        this.name = builder.name;
        this.parameters = List.copyOf(builder.parameters);
        this.result = builder.result;
        this.exceptions = List.copyOf(builder.exceptions);
        this.oneway = builder.oneway;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The operation's name on the wire, such as {@code queryCatalog} or {@code _get_site}. */
    public String name() {
        return name;
    }

    public List<Parameter> parameters() {
        return parameters;
    }

    /** The result's TypeCode; {@code tk_void} for none. */
    public TypeCode result() {
        return result;
    }

    public boolean returnsValue() {
        return result.kind().value() != TCKind._tk_void;
    }

    /** The TypeCodes of the user exceptions the operation may raise. */
    public List<TypeCode> exceptions() {
        return exceptions;
    }

    /** Sent without waiting for, or getting, a reply. */
    public boolean oneway() {
        return oneway;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(oneway ? "oneway " : "").append(name).append('(');
        for (int i = 0; i < parameters.size(); i++) {
            Parameter parameter = parameters.get(i);
            text.append(i == 0 ? "" : ", ").append(parameter.mode().name().toLowerCase(Locale.ROOT))
                    .append(' ').append(parameter.name());
        }
        return text.append(')').toString();
    }

    public static final class Builder {
        private final String name;
        private final List<Parameter> parameters = new ArrayList<>();
        private TypeCode result;
        private final List<TypeCode> exceptions = new ArrayList<>();
        private boolean oneway;

        private Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("an operation needs a name");
            }
            this.name = name;
        }

        public Builder in(String parameter, TypeCode type) {
            return parameter(new Parameter(parameter, ParameterMode.IN, type));
        }

        public Builder out(String parameter, TypeCode type) {
            return parameter(new Parameter(parameter, ParameterMode.OUT, type));
        }

        public Builder inout(String parameter, TypeCode type) {
            return parameter(new Parameter(parameter, ParameterMode.INOUT, type));
        }

        public Builder parameter(Parameter parameter) {
            parameters.add(Objects.requireNonNull(parameter, "parameter"));
            return this;
        }

        /** The result's TypeCode; leave unset (or pass {@code tk_void}) for none. */
        public Builder returns(TypeCode type) {
            this.result = Objects.requireNonNull(type, "type");
            return this;
        }

        /** A user exception the operation may raise (an exception TypeCode, {@code tk_except}). */
        public Builder raises(TypeCode exception) {
            if (exception.kind().value() != TCKind._tk_except) {
                throw new IllegalArgumentException("raises takes an exception TypeCode, not " + exception.kind().value());
            }
            exceptions.add(exception);
            return this;
        }

        /** Marks the operation oneway: no reply, so no result, no out parameters, no exceptions. */
        public Builder oneway(boolean oneway) {
            this.oneway = oneway;
            return this;
        }

        public OperationSignature build() {
            if (result == null) {
                result = ORB.init().get_primitive_tc(TCKind.tk_void);
            }
            if (oneway && (result.kind().value() != TCKind._tk_void || !exceptions.isEmpty()
                    || parameters.stream().anyMatch(p -> p.mode() != ParameterMode.IN))) {
                throw new IllegalArgumentException("oneway " + name + " may have in parameters only: no result, "
                        + "out parameter or exception");
            }
            return new OperationSignature(this);
        }
    }
}
