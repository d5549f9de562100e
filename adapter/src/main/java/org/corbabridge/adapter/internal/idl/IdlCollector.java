package org.corbabridge.adapter.internal.idl;

import static org.corbabridge.adapter.internal.idl.SymbolTable.describe;
import static org.corbabridge.adapter.internal.idl.SymbolTable.name;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.internal.idl.IdlParser.ConstDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.DeclaratorContext;
import org.corbabridge.adapter.internal.idl.IdlParser.DefinitionContext;
import org.corbabridge.adapter.internal.idl.IdlParser.EnumTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ExceptDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ExportContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IdentifierContext;
import org.corbabridge.adapter.internal.idl.IdlParser.InterfaceDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.MemberContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ScopedNameContext;
import org.corbabridge.adapter.internal.idl.IdlParser.StructTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.SwitchCaseContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeSpecContext;
import org.corbabridge.adapter.internal.idl.IdlParser.UnionTypeContext;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;

/**
 * The first pass over the parse tree: every name into its scope in the {@link SymbolTable}, with
 * its repository id ({@code #pragma prefix}, {@code #pragma ID}, {@code #pragma version}); a
 * name declared twice in a scope, or an unsupported declaration, is refused here.
 */
final class IdlCollector {

    private static final Pattern PRAGMA = Pattern.compile("^#\\s*pragma\\s+(\\w+)\\s*(.*)$");
    private static final Pattern PRAGMA_ID = Pattern.compile("^(\\S+)\\s+\"([^\"]*)\"");
    private static final Pattern PRAGMA_VERSION = Pattern.compile("^(\\S+)\\s+(\\d+)\\.(\\d+)");

    private final SymbolTable symbols;
    private final IdlResolver resolver;
    private final Deque<String> prefixes = new ArrayDeque<>();
    /** #pragma ID and version, applied when everything is declared. */
    private final List<Runnable> pragmas = new ArrayList<>();

    IdlCollector(SymbolTable symbols) {
        this.symbols = symbols;
        this.resolver = new IdlResolver(symbols);
        prefixes.push("");
    }

    void definitions(List<DefinitionContext> definitions, Decl scope) {
        for (DefinitionContext definition : definitions) {
            definition(definition, scope);
        }
        if (scope == symbols.root) {
            pragmas.forEach(Runnable::run);
        }
    }

    private void definition(DefinitionContext definition, Decl scope) {
        if (typeConstOrException(definition.typeDcl(), definition.constDcl(), definition.exceptDcl(), scope)) {
            return;
        }
        if (definition.interfaceDcl() != null) {
            interfaceDcl(definition.interfaceDcl(), scope);
        } else if (definition.moduleDcl() != null) {
            IdentifierContext identifier = definition.moduleDcl().identifier();
            Decl module = scope.members.get(name(identifier));
            if (module == null) {
                module = declare(scope, Kind.MODULE, identifier, definition.moduleDcl());
            } else if (module.kind != Kind.MODULE) {
                throw symbols.failure(identifier, name(identifier) + " is already declared as "
                        + describe(module) + " at " + module.origin);
            }
            // a prefix set inside a module ends with it
            prefixes.push(prefixes.peek());
            definitions(definition.moduleDcl().definition(), module);
            prefixes.pop();
        } else if (definition.valueDcl() != null) {
            Decl known = scope.members.get(name(definition.valueDcl().identifier()));
            if (known != null && "valuetype".equals(known.unsupported)) {
                return; // a value type forward declared, then defined (or declared twice): one, unsupported
            }
            Decl value = declare(scope, Kind.UNSUPPORTED, definition.valueDcl().identifier(), definition.valueDcl());
            value.unsupported = "valuetype";
        } else if (definition.unsupportedDcl() != null) {
            throw symbols.failure(definition.unsupportedDcl(), definition.unsupportedDcl().kind.getText()
                    + " declarations are not supported (CORBA components and typeid/typeprefix); "
                    + "use #pragma prefix and #pragma ID for repository ids");
        } else if (definition.PRAGMA() != null) {
            pragma(definition.PRAGMA(), scope);
        }
    }

    /** A type, constant or exception, declared alike in a module and an interface: whether it was one. */
    private boolean typeConstOrException(TypeDclContext type, ConstDclContext constant, ExceptDclContext exception,
            Decl scope) {
        if (type != null) {
            typeDcl(type, scope);
        } else if (constant != null) {
            declare(scope, Kind.CONST, constant.identifier(), constant);
        } else if (exception != null) {
            exception(exception, scope);
        } else {
            return false;
        }
        return true;
    }

    private void pragma(TerminalNode pragma, Decl scope) {
        Matcher matcher = PRAGMA.matcher(pragma.getText().trim());
        if (!matcher.matches()) {
            return;
        }
        String argument = matcher.group(2).trim();
        IdlPreprocessor.Origin origin = symbols.origin(pragma.getSymbol());
        switch (matcher.group(1)) {
            case "prefix" -> {
                Matcher prefix = Pattern.compile("^\"([^\"]*)\"").matcher(argument);
                if (!prefix.find()) {
                    throw new IdlException(origin.file(), origin.line(), "#pragma prefix needs a quoted prefix");
                }
                prefixes.pop();
                prefixes.push(prefix.group(1));
            }
            case "ID" -> {
                Matcher id = PRAGMA_ID.matcher(argument);
                if (!id.find()) {
                    throw new IdlException(origin.file(), origin.line(), "#pragma ID needs a name and a quoted id");
                }
                pragmas.add(() -> symbols.rename(pragmaTarget(id.group(1), scope, origin), id.group(2)));
            }
            case "version" -> {
                Matcher version = PRAGMA_VERSION.matcher(argument);
                if (!version.find()) {
                    throw new IdlException(origin.file(), origin.line(), "#pragma version needs a name and major.minor");
                }
                pragmas.add(() -> {
                    Decl target = pragmaTarget(version.group(1), scope, origin);
                    String id = target.repositoryId;
                    symbols.rename(target, id.substring(0, id.lastIndexOf(':') + 1) + version.group(2) + "."
                            + version.group(3));
                });
            }
            default -> {
                // other pragmas (omniORB's, JacORB's) change nothing on the wire
            }
        }
    }

    private Decl pragmaTarget(String scopedName, Decl scope, IdlPreprocessor.Origin origin) {
        Decl target = resolver.find(scopedName, scope);
        if (target == null) {
            throw new IdlException(origin.file(), origin.line(), "#pragma names " + scopedName
                    + ", which is not declared");
        }
        return target;
    }

    private void interfaceDcl(InterfaceDclContext context, Decl scope) {
        IdentifierContext identifier = context.identifier();
        Decl existing = scope.members.get(name(identifier));
        boolean body = context.LBRACE() != null;
        Decl decl;
        if (existing != null && existing.kind == Kind.INTERFACE && existing.forward) {
            decl = existing;
        } else if (existing != null && existing.kind == Kind.INTERFACE && !body) {
            return; // a forward declaration after the definition
        } else {
            decl = declare(scope, Kind.INTERFACE, identifier, context);
            decl.forward = true;
        }
        if (context.kind != null) {
            decl.unsupported = context.kind.getText() + " interface";
        }
        if (!body) {
            return;
        }
        decl.forward = false;
        decl.context = context;
        decl.origin = symbols.origin(context);
        if (context.inheritance() != null) {
            for (ScopedNameContext base : context.inheritance().scopedName()) {
                Decl resolved = resolver.throughTypedefs(resolver.resolve(base, scope));
                if (resolved.kind != Kind.INTERFACE) {
                    throw symbols.failure(base, base.getText() + " is " + describe(resolved) + ", not an interface");
                }
                decl.bases.add(resolved);
            }
        }
        for (ExportContext export : context.export()) {
            if (typeConstOrException(export.typeDcl(), export.constDcl(), export.exceptDcl(), decl)) {
                continue;
            }
            if (export.attrDcl() != null) {
                decl.operations.add(export.attrDcl());
            } else if (export.opDcl() != null) {
                decl.operations.add(export.opDcl());
            } else if (export.PRAGMA() != null) {
                pragma(export.PRAGMA(), decl);
            }
        }
    }

    private void typeDcl(TypeDclContext context, Decl scope) {
        if (context instanceof IdlParser.TypedefContext typedef) {
            inlineType(typedef.typeSpec(), scope);
            for (DeclaratorContext declarator : typedef.declarators().declarator()) {
                Decl alias = declare(scope, Kind.TYPEDEF, declarator.identifier(), declarator);
                alias.aliased = typedef.typeSpec();
            }
        } else if (context instanceof IdlParser.StructDclContext struct) {
            struct(struct.structType(), scope);
        } else if (context instanceof IdlParser.UnionDclContext union) {
            union(union.unionType(), scope);
        } else if (context instanceof IdlParser.EnumDclContext enumeration) {
            enumeration(enumeration.enumType(), scope);
        } else if (context instanceof IdlParser.NativeDclContext nativeType) {
            Decl decl = declare(scope, Kind.UNSUPPORTED, nativeType.identifier(), nativeType);
            decl.unsupported = "native type";
        } else if (context instanceof IdlParser.StructForwardContext forward) {
            forward(forward.identifier(), scope, Kind.STRUCT);
        } else if (context instanceof IdlParser.UnionForwardContext forward) {
            forward(forward.identifier(), scope, Kind.UNION);
        }
    }

    private void forward(IdentifierContext identifier, Decl scope, Kind kind) {
        Decl existing = scope.members.get(name(identifier));
        if (existing == null) {
            Decl decl = declare(scope, kind, identifier, null);
            decl.forward = true;
        }
    }

    /** A struct, union or enum defined where a type is used: declared in the scope it stands in. */
    private void inlineType(TypeSpecContext type, Decl scope) {
        if (type.structType() != null) {
            struct(type.structType(), scope);
        } else if (type.unionType() != null) {
            union(type.unionType(), scope);
        } else if (type.enumType() != null) {
            enumeration(type.enumType(), scope);
        }
    }

    private Decl completing(Decl scope, Kind kind, IdentifierContext identifier, ParserRuleContext context) {
        Decl existing = scope.members.get(name(identifier));
        if (existing != null && existing.kind == kind && existing.forward) {
            existing.forward = false;
            existing.context = context;
            existing.origin = symbols.origin(context);
            return existing;
        }
        return declare(scope, kind, identifier, context);
    }

    private void struct(StructTypeContext context, Decl scope) {
        Decl struct = completing(scope, Kind.STRUCT, context.identifier(), context);
        for (MemberContext member : context.member()) {
            inlineType(member.typeSpec(), struct);
        }
    }

    private void exception(ExceptDclContext context, Decl scope) {
        Decl exception = declare(scope, Kind.EXCEPTION, context.identifier(), context);
        for (MemberContext member : context.member()) {
            inlineType(member.typeSpec(), exception);
        }
    }

    private void union(UnionTypeContext context, Decl scope) {
        Decl union = completing(scope, Kind.UNION, context.identifier(), context);
        if (context.switchTypeSpec().enumType() != null) {
            enumeration(context.switchTypeSpec().enumType(), union);
        }
        for (SwitchCaseContext switchCase : context.switchCase()) {
            inlineType(switchCase.typeSpec(), union);
        }
    }

    private void enumeration(EnumTypeContext context, Decl scope) {
        List<IdentifierContext> identifiers = context.identifier();
        Decl enumeration = declare(scope, Kind.ENUM, identifiers.get(0), context);
        // an enum's labels are declared in the scope that holds the enum
        for (int i = 1; i < identifiers.size(); i++) {
            Decl label = declare(scope, Kind.ENUMERATOR, identifiers.get(i), context);
            label.ordinal = i - 1;
            label.enumeration = enumeration;
        }
    }

    private Decl declare(Decl scope, Kind kind, IdentifierContext identifier, ParserRuleContext context) {
        String name = name(identifier);
        Decl clash = scope.members.get(name);
        if (clash == null) {
            // IDL names differ in more than case: Warehouse and warehouse in one scope clash
            for (Decl member : scope.members.values()) {
                if (member.name.equalsIgnoreCase(name)) {
                    clash = member;
                }
            }
        }
        if (clash != null) {
            throw symbols.failure(identifier, name + " is already declared in this scope, as " + describe(clash)
                    + " at " + clash.origin);
        }
        Decl decl = new Decl(kind, name, scope, symbols.origin(identifier));
        decl.context = context;
        scope.members.put(name, decl);
        if (kind != Kind.ENUMERATOR && kind != Kind.CONST) {
            String path = decl.scopedName().replace("::", "/");
            String prefix = prefixes.peek();
            decl.repositoryId = "IDL:" + (prefix.isEmpty() ? "" : prefix + "/") + path + ":1.0";
            symbols.add(decl);
        }
        return decl;
    }
}
