package org.corbabridge.adapter.internal.idl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.internal.idl.IdlParser.IdentifierContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeSpecContext;

/**
 * Every name one IDL declares, in its scope, with its repository id: what {@link IdlCollector}
 * fills and every later stage ({@link IdlResolver}, {@link ConstantEvaluator},
 * {@link TypeCodeBuilder}, {@link SignatureBuilder}) reads, and the file and line each line of
 * the preprocessed text came from, so that any stage refuses a construct where it stands.
 *
 * <p>Filled once, by the collector, then only read. TypeCodes and signatures are built from it
 * under its lock, one at a time.
 */
final class SymbolTable {

    /** What a declared name is. */
    enum Kind {
        MODULE, INTERFACE, STRUCT, UNION, ENUM, ENUMERATOR, TYPEDEF, CONST, EXCEPTION, UNSUPPORTED
    }

    /** One declared name and what the model knows of it. */
    static final class Decl {
        final Kind kind;
        final String name;
        final Decl parent;
        IdlPreprocessor.Origin origin;
        final Map<String, Decl> members = new LinkedHashMap<>();
        String repositoryId;
        /** The declaring rule: a struct, union, enum, exception, interface or const; a typedef's declarator. */
        ParserRuleContext context;
        /** A typedef's type. */
        TypeSpecContext aliased;
        /** An interface without its body yet (forward declared). */
        boolean forward;
        final List<Decl> bases = new ArrayList<>();
        final List<ParserRuleContext> operations = new ArrayList<>();
        /** Why this cannot be used: "valuetype", "local interface", ... */
        String unsupported;
        int ordinal;
        Decl enumeration;

        Decl(Kind kind, String name, Decl parent, IdlPreprocessor.Origin origin) {
            this.kind = kind;
            this.name = name;
            this.parent = parent;
            this.origin = origin;
        }

        String scopedName() {
            return parent == null || parent.parent == null ? name : parent.scopedName() + "::" + name;
        }

        boolean isScope() {
            return kind == Kind.MODULE || kind == Kind.INTERFACE || kind == Kind.STRUCT || kind == Kind.UNION
                    || kind == Kind.EXCEPTION;
        }
    }

    private final IdlPreprocessor.Output text;
    /** The global scope: the IDL's top-level names are its members. */
    final Decl root = new Decl(Kind.MODULE, "", null, new IdlPreprocessor.Origin("", 0));
    private final Map<String, Decl> byRepositoryId = new LinkedHashMap<>();
    /** Every name with a repository id, in the order the IDL declares it (a #pragma ID does not move it). */
    private final List<Decl> declared = new ArrayList<>();

    SymbolTable(IdlPreprocessor.Output text) {
        this.text = text;
    }

    /** A name with a repository id, just declared. */
    void add(Decl decl) {
        byRepositoryId.put(decl.repositoryId, decl);
        declared.add(decl);
    }

    /** A name's repository id set by a #pragma ID or version. */
    void rename(Decl decl, String repositoryId) {
        byRepositoryId.remove(decl.repositoryId);
        decl.repositoryId = repositoryId;
        byRepositoryId.put(repositoryId, decl);
    }

    /** The name of this repository id, or null. */
    Decl byRepositoryId(String repositoryId) {
        return byRepositoryId.get(repositoryId);
    }

    /** A name by its repository id, else by its scoped name from the global scope; or null. */
    Decl find(String name) {
        Decl decl = byRepositoryId.get(name);
        if (decl == null) {
            decl = lookupScoped(name);
        }
        return decl;
    }

    private Decl lookupScoped(String scopedName) {
        String path = scopedName.startsWith("::") ? scopedName.substring(2) : scopedName;
        Decl current = root;
        for (String part : path.split("::")) {
            current = current.members.get(part);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    /** Every interface with a body, in declaration order. */
    List<Decl> definedInterfaces() {
        List<Decl> interfaces = new ArrayList<>();
        for (Decl decl : declared) {
            if (decl.kind == Kind.INTERFACE && !decl.forward) {
                interfaces.add(decl);
            }
        }
        return interfaces;
    }

    /** Every interface (forward declared too) of this simple name, in the order of their repository ids. */
    List<Decl> interfacesNamed(String name) {
        List<Decl> named = new ArrayList<>();
        for (Decl candidate : byRepositoryId.values()) {
            if (candidate.kind == Kind.INTERFACE && candidate.name.equals(name)) {
                named.add(candidate);
            }
        }
        return named;
    }

    IdlPreprocessor.Origin origin(ParserRuleContext context) {
        return text.origin(context.getStart().getLine());
    }

    IdlPreprocessor.Origin origin(Token token) {
        return text.origin(token.getLine());
    }

    IdlException failure(ParserRuleContext at, String message) {
        IdlPreprocessor.Origin origin = origin(at);
        return new IdlException(origin.file(), origin.line(), message);
    }

    /** An IDL identifier: a leading underscore only escapes a keyword. */
    static String name(IdentifierContext identifier) {
        return name(identifier.getText());
    }

    static String name(TerminalNode identifier) {
        return name(identifier.getText());
    }

    static String name(String text) {
        return text.startsWith("_") ? text.substring(1) : text;
    }

    static String describe(Decl decl) {
        if (decl.unsupported != null) {
            return decl.unsupported + " " + decl.scopedName();
        }
        return switch (decl.kind) {
            case ENUMERATOR -> "label " + decl.name + " of enum " + decl.enumeration.scopedName();
            case TYPEDEF -> "typedef " + decl.scopedName();
            default -> decl.kind.name().toLowerCase(Locale.ROOT) + " " + decl.scopedName();
        };
    }
}
