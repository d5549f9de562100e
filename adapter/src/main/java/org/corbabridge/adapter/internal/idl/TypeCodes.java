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
}
