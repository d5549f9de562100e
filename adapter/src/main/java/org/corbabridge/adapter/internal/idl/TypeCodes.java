package org.corbabridge.adapter.internal.idl;

import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;

/** What every reader of TypeCodes here needs: the type behind a chain of typedefs, a string's bound. */
public final class TypeCodes {

    private TypeCodes() {
    }

    /** The type an alias (or a chain of them) stands for; any other type itself. */
    public static TypeCode unaliased(TypeCode type) {
        try {
            TypeCode current = type;
            while (current.kind().value() == TCKind._tk_alias) {
                current = current.content_type();
            }
            return current;
        } catch (BadKind e) {
            throw new IllegalStateException("an alias TypeCode without content: " + e, e);
        }
    }

    /** A string's, wstring's or sequence's bound (0: unbounded). */
    static int bound(TypeCode type) {
        try {
            return type.length();
        } catch (BadKind e) {
            throw new IllegalStateException(type.kind().value() + " has no bound: " + e, e);
        }
    }

    /** Whether a value of this type is, or is a sequence or array of, object references. */
    public static boolean isReference(TypeCode type) {
        try {
            TypeCode plain = unaliased(type);
            int kind = plain.kind().value();
            if (kind == TCKind._tk_sequence || kind == TCKind._tk_array) {
                return isReference(plain.content_type());
            }
            return kind == TCKind._tk_objref;
        } catch (BadKind e) {
            return false;
        }
    }

    /** A type for messages: its repository id where it has one, else its kind (a fixed with its digits and scale). */
    public static String describe(TypeCode type) {
        try {
            int kind = type.kind().value();
            if (kind == TCKind._tk_struct || kind == TCKind._tk_except || kind == TCKind._tk_union
                    || kind == TCKind._tk_enum || kind == TCKind._tk_alias || kind == TCKind._tk_objref) {
                return type.id();
            }
            if (kind == TCKind._tk_fixed) {
                return "fixed<" + type.fixed_digits() + "," + type.fixed_scale() + ">";
            }
            return "TCKind " + kind;
        } catch (BadKind e) {
            return "a TypeCode";
        }
    }
}
