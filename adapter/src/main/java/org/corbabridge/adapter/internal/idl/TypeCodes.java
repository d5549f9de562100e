package org.corbabridge.adapter.internal.idl;

import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;

/** What every reader of TypeCodes here needs: the type behind a chain of typedefs. */
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
}
