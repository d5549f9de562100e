package org.corbabridge.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;

/** TypeCodes and signatures written back as IDL, for {@code describe} and for messages. */
final class IdlText {

    private IdlText() {
    }

    /** An interface as IDL: its attributes, then its operations, in the order the signature has them. */
    static String describe(String scopedName, InterfaceSignature signature) {
        StringBuilder text = new StringBuilder("interface ").append(scopedName).append("  // ")
                .append(signature.repositoryId()).append('\n');
        Map<String, OperationSignature> setters = new LinkedHashMap<>();
        signature.operations().forEach(operation -> {
            if (operation.name().startsWith("_set_")) {
                setters.put(operation.name().substring(5), operation);
            }
        });
        for (OperationSignature operation : signature.operations()) {
            if (operation.name().startsWith("_get_")) {
                String attribute = operation.name().substring(5);
                text.append("  ").append(setters.containsKey(attribute) ? "" : "readonly ").append("attribute ")
                        .append(name(operation.result())).append(' ').append(attribute).append(";\n");
            }
        }
        for (OperationSignature operation : signature.operations()) {
            if (!operation.name().startsWith("_get_") && !operation.name().startsWith("_set_")) {
                text.append("  ").append(operation(operation)).append(";\n");
            }
        }
        return text.toString();
    }

    static String operation(OperationSignature operation) {
        StringBuilder text = new StringBuilder(operation.oneway() ? "oneway " : "")
                .append(operation.returnsValue() ? name(operation.result()) : "void").append(' ')
                .append(operation.name()).append('(');
        List<String> parameters = new ArrayList<>();
        for (OperationSignature.Parameter parameter : operation.parameters()) {
            parameters.add(parameter.mode().name().toLowerCase(Locale.ROOT) + " " + name(parameter.type()) + " "
                    + parameter.name());
        }
        text.append(String.join(", ", parameters)).append(')');
        if (!operation.exceptions().isEmpty()) {
            List<String> raised = new ArrayList<>();
            operation.exceptions().forEach(exception -> raised.add(name(exception)));
            text.append(" raises (").append(String.join(", ", raised)).append(')');
        }
        return text.toString();
    }

    /** The IDL name of a type: a declared type's scoped name, else its spelling ({@code sequence<long, 8>}). */
    static String name(TypeCode type) {
        try {
            int kind = type.kind().value();
            switch (kind) {
                case TCKind._tk_struct, TCKind._tk_union, TCKind._tk_enum, TCKind._tk_alias, TCKind._tk_except,
                        TCKind._tk_objref:
                    return scopedName(type.id(), type.name());
                case TCKind._tk_sequence:
                    return "sequence<" + name(type.content_type()) + (type.length() > 0 ? ", " + type.length() : "")
                            + ">";
                case TCKind._tk_array:
                    return name(type.content_type()) + "[" + type.length() + "]";
                case TCKind._tk_string:
                    return type.length() > 0 ? "string<" + type.length() + ">" : "string";
                case TCKind._tk_wstring:
                    return type.length() > 0 ? "wstring<" + type.length() + ">" : "wstring";
                case TCKind._tk_fixed:
                    return "fixed<" + type.fixed_digits() + ", " + type.fixed_scale() + ">";
                default:
                    return primitive(kind);
            }
        } catch (BadKind e) {
            return "?";
        }
    }

    private static String primitive(int kind) {
        return switch (kind) {
            case TCKind._tk_void -> "void";
            case TCKind._tk_short -> "short";
            case TCKind._tk_long -> "long";
            case TCKind._tk_longlong -> "long long";
            case TCKind._tk_ushort -> "unsigned short";
            case TCKind._tk_ulong -> "unsigned long";
            case TCKind._tk_ulonglong -> "unsigned long long";
            case TCKind._tk_float -> "float";
            case TCKind._tk_double -> "double";
            case TCKind._tk_longdouble -> "long double";
            case TCKind._tk_boolean -> "boolean";
            case TCKind._tk_char -> "char";
            case TCKind._tk_wchar -> "wchar";
            case TCKind._tk_octet -> "octet";
            case TCKind._tk_any -> "any";
            case TCKind._tk_TypeCode -> "TypeCode";
            default -> "TCKind " + kind;
        };
    }

    /** {@code IDL:depot/stock/Pallet:1.0} as {@code depot::stock::Pallet}; another id form as the type's name. */
    static String scopedName(String repositoryId, String fallback) {
        if (repositoryId.startsWith("IDL:") && repositoryId.lastIndexOf(':') > 4) {
            String path = repositoryId.substring(4, repositoryId.lastIndexOf(':'));
            if (path.equals("omg.org/CORBA/Object")) {
                return "Object";
            }
            return path.replace("/", "::");
        }
        return fallback;
    }

    /** The members of a struct, union or exception, for messages that say what a value needs. */
    static String members(TypeCode type) {
        try {
            List<String> members = new ArrayList<>();
            for (int i = 0; i < type.member_count(); i++) {
                members.add(type.member_name(i));
            }
            return members.toString();
        } catch (BadKind | Bounds e) {
            return "[]";
        }
    }
}
