package org.corbabridge.adapter.internal.idl;

import java.util.HashSet;
import java.util.Set;
import org.corbabridge.adapter.internal.idl.IdlParser.DeclaratorContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ScopedNameContext;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;

/** IDL's name lookup in the symbol table: the scope, the interfaces it inherits, then each enclosing scope. */
final class IdlResolver {
    private final SymbolTable symbols;

    IdlResolver(SymbolTable symbols) {
        this.symbols = symbols;
    }

    Decl resolve(ScopedNameContext name, Decl scope) {
        Decl found = find(name.getText(), scope);
        if (found == null) {
            throw symbols.failure(name, name.getText() + " is not declared" + (scope.parent == null ? ""
                    : " in " + scope.scopedName() + " or around it"));
        }
        return found;
    }

    Decl find(String scopedName, Decl scope) {
        boolean absolute = scopedName.startsWith("::");
        String[] parts = (absolute ? scopedName.substring(2) : scopedName).split("::");
        for (int i = 0; i < parts.length; i++) {
            parts[i] = SymbolTable.name(parts[i]);
        }
        Decl first;
        if (absolute) {
            first = symbols.root.members.get(parts[0]);
        } else {
            first = null;
            for (Decl current = scope; current != null && first == null; current = current.parent) {
                first = member(current, parts[0], new HashSet<>());
            }
        }
        Decl found = first;
        for (int i = 1; i < parts.length && found != null; i++) {
            found = member(found, parts[i], new HashSet<>());
        }
        return found;
    }

    /**
     * What a typedef of a name stands for, through any chain of them ({@code typedef mere::iMere
     * aliasMere; interface iFille : aliasMere}, which omniidl takes); anything else itself.
     */
    Decl throughTypedefs(Decl decl) {
        Decl current = decl;
        for (int hops = 0; hops < 64 && current.kind == Kind.TYPEDEF && current.aliased != null
                && current.aliased.simpleTypeSpec() != null && current.aliased.simpleTypeSpec().scopedName() != null
                && current.context instanceof DeclaratorContext declarator && declarator.fixedArraySize().isEmpty();
                hops++) {
            current = resolve(current.aliased.simpleTypeSpec().scopedName(), current.parent);
        }
        return current;
    }

    /** A member of a scope, or of an interface it inherits. */
    private Decl member(Decl scope, String name, Set<Decl> seen) {
        if (!seen.add(scope)) {
            return null;
        }
        Decl found = scope.members.get(name);
        if (found == null && scope.kind == Kind.INTERFACE) {
            for (Decl base : scope.bases) {
                found = member(base, name, seen);
                if (found != null) {
                    break;
                }
            }
        }
        return found;
    }
}
