package org.corbabridge.adapter.internal.idl;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.idl.IdlParser.AttrDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.AttrRaisesContext;
import org.corbabridge.adapter.internal.idl.IdlParser.BaseTypeSpecContext;
import org.corbabridge.adapter.internal.idl.IdlParser.CaseLabelContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ConstDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ConstExpContext;
import org.corbabridge.adapter.internal.idl.IdlParser.DeclaratorContext;
import org.corbabridge.adapter.internal.idl.IdlParser.DefinitionContext;
import org.corbabridge.adapter.internal.idl.IdlParser.EnumTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ExceptDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ExportContext;
import org.corbabridge.adapter.internal.idl.IdlParser.FixedArraySizeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IdentifierContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IntegerTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.InterfaceDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.LiteralContext;
import org.corbabridge.adapter.internal.idl.IdlParser.MemberContext;
import org.corbabridge.adapter.internal.idl.IdlParser.OpDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ParamDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ScopedNameContext;
import org.corbabridge.adapter.internal.idl.IdlParser.SequenceTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.StructTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.SwitchCaseContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeSpecContext;
import org.corbabridge.adapter.internal.idl.IdlParser.UnionTypeContext;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.StructMember;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.UnionMember;

/**
 * IDL read into declarations, and the {@link InterfaceSignature} of any interface in it built
 * from them: TypeCodes made by the running ORB's singleton, repository ids as the IDL compilers
 * make them ({@code #pragma prefix}, {@code #pragma ID}, {@code #pragma version}).
 *
 * <p>Reading checks the syntax and the scopes; what an interface uses is checked, and refused
 * with its file, line and construct, when its signature is built. Immutable once read; a
 * signature is built once per interface, on any thread.
 */
public final class IdlModel implements Idl {

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

    private static final Pattern PRAGMA = Pattern.compile("^#\\s*pragma\\s+(\\w+)\\s*(.*)$");
    private static final Pattern PRAGMA_ID = Pattern.compile("^(\\S+)\\s+\"([^\"]*)\"");
    private static final Pattern PRAGMA_VERSION = Pattern.compile("^(\\S+)\\s+(\\d+)\\.(\\d+)");

    private final String sourceName;
    private final IdlPreprocessor.Output text;
    private final Decl root = new Decl(Kind.MODULE, "", null, new IdlPreprocessor.Origin("", 0));
    private final Map<String, Decl> byRepositoryId = new LinkedHashMap<>();
    /** Every name with a repository id, in the order the IDL declares it (a #pragma ID does not move it). */
    private final List<Decl> declared = new ArrayList<>();
    private final Map<String, InterfaceSignature> signatures = new ConcurrentHashMap<>();

    private IdlModel(String sourceName, IdlPreprocessor.Output text) {
        this.sourceName = sourceName;
        this.text = text;
    }

    /**
     * Reads IDL: preprocesses, parses and declares every name.
     *
     * @throws IdlException a syntax or scope error, with its file and line
     */
    public static IdlModel read(IdlSource source) {
        IdlPreprocessor.Output text = IdlPreprocessor.run(source);
        IdlModel model = new IdlModel(source.name(), text);
        IdlLexer lexer = new IdlLexer(CharStreams.fromString(text.text(), source.name()));
        IdlParser parser = new IdlParser(new CommonTokenStream(lexer));
        BaseErrorListener failFast = new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int column, String message,
                    RecognitionException e) {
                IdlPreprocessor.Origin origin = text.origin(line);
                throw new IdlException(origin.file(), origin.line(), "syntax error: " + message);
            }
        };
        lexer.removeErrorListeners();
        lexer.addErrorListener(failFast);
        parser.removeErrorListeners();
        parser.addErrorListener(failFast);
        IdlParser.SpecificationContext specification = parser.specification();
        new Collector(model).definitions(specification.definition(), model.root);
        return model;
    }

    /** The name the IDL was read from. */
    public String sourceName() {
        return sourceName;
    }

    /** Every interface with a body, by scoped name ({@code depot::stock::Warehouse}), in declaration order. */
    @Override
    public List<String> interfaces() {
        List<String> names = new ArrayList<>();
        for (Decl decl : declared) {
            if (decl.kind == Kind.INTERFACE && !decl.forward) {
                names.add(decl.scopedName());
            }
        }
        return names;
    }

    /** The repository id of each interface with a body, in declaration order. */
    public List<String> interfaceIds() {
        List<String> ids = new ArrayList<>();
        for (Decl decl : declared) {
            if (decl.kind == Kind.INTERFACE && !decl.forward) {
                ids.add(decl.repositoryId);
            }
        }
        return ids;
    }

    /** Whether an interface of this repository id is declared, with its body. */
    public boolean declaresInterface(String repositoryId) {
        Decl decl = byRepositoryId.get(repositoryId);
        return decl != null && decl.kind == Kind.INTERFACE && !decl.forward;
    }

    /**
     * The signature of an interface named by its scoped name ({@code depot::stock::Warehouse},
     * with or without a leading {@code ::}), its simple name where only one interface has it,
     * or its repository id.
     *
     * @throws IdlException no such interface, or it uses what the library does not support
     */
    @Override
    public InterfaceSignature signature(String interfaceName) {
        Decl decl = findInterface(interfaceName);
        InterfaceSignature signature = signatures.computeIfAbsent(decl.repositoryId,
                id -> new SignatureBuilder(decl).build());
        ORIGINS.put(signature, this);
        return signature;
    }

    /** The IDL each signature built here came from, so that the interfaces its operations hand out can be found. */
    private static final Map<InterfaceSignature, IdlModel> ORIGINS =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The signature of another interface declared in the IDL {@code signature} was read from:
     * what a dynamic client needs to call an object one of its operations handed out.
     */
    public static Optional<InterfaceSignature> related(InterfaceSignature signature, String repositoryId) {
        IdlModel model = ORIGINS.get(signature);
        if (model == null || !model.declaresInterface(repositoryId)) {
            return Optional.empty();
        }
        return Optional.of(model.signature(repositoryId));
    }

    /** The TypeCode of a named type (scoped name or repository id), for tools that show or build values. */
    @Override
    public TypeCode type(String typeName) {
        Decl decl = byRepositoryId.get(typeName);
        if (decl == null) {
            decl = lookupScoped(typeName);
        }
        if (decl == null) {
            throw new IdlException(sourceName, 0, "no type " + typeName);
        }
        Decl found = decl;
        synchronized (this) {
            return new TypeBuilder("type " + typeName).named(found, found.origin);
        }
    }

    private Decl findInterface(String interfaceName) {
        Decl decl = byRepositoryId.get(interfaceName);
        if (decl == null) {
            decl = lookupScoped(interfaceName);
        }
        if (decl == null && !interfaceName.contains("::")) {
            List<Decl> named = new ArrayList<>();
            for (Decl candidate : byRepositoryId.values()) {
                if (candidate.kind == Kind.INTERFACE && candidate.name.equals(interfaceName)) {
                    named.add(candidate);
                }
            }
            if (named.size() > 1) {
                throw new IdlException(sourceName, 0, "interface " + interfaceName + " is declared in "
                        + named.stream().map(Decl::scopedName).toList() + ": give its scoped name");
            }
            decl = named.isEmpty() ? null : named.get(0);
        }
        if (decl == null || decl.kind != Kind.INTERFACE) {
            throw new IdlException(sourceName, 0, "no interface " + interfaceName + "; the IDL declares "
                    + interfaces());
        }
        if (decl.forward) {
            throw new IdlException(decl.origin.file(), decl.origin.line(), "interface " + decl.scopedName()
                    + " is only forward declared here; read the IDL file that defines it too");
        }
        if (decl.unsupported != null) {
            throw new IdlException(decl.origin.file(), decl.origin.line(), decl.unsupported + " "
                    + decl.scopedName() + " is not supported: only remote (unconstrained) interfaces are called");
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
        String text = identifier.getText();
        return text.startsWith("_") ? text.substring(1) : text;
    }

    static String name(TerminalNode identifier) {
        String text = identifier.getText();
        return text.startsWith("_") ? text.substring(1) : text;
    }

    // ---- declaring names ---------------------------------------------------------------------

    /** The first pass: every name into its scope, with its repository id. */
    private static final class Collector {
        private final IdlModel model;
        private final Deque<String> prefixes = new ArrayDeque<>();
        /** #pragma ID and version, applied when everything is declared. */
        private final List<Runnable> pragmas = new ArrayList<>();

        Collector(IdlModel model) {
            this.model = model;
            prefixes.push("");
        }

        void definitions(List<DefinitionContext> definitions, Decl scope) {
            for (DefinitionContext definition : definitions) {
                definition(definition, scope);
            }
            if (scope == model.root) {
                pragmas.forEach(Runnable::run);
            }
        }

        private void definition(DefinitionContext definition, Decl scope) {
            if (definition.typeDcl() != null) {
                typeDcl(definition.typeDcl(), scope);
            } else if (definition.constDcl() != null) {
                declare(scope, Kind.CONST, definition.constDcl().identifier(), definition.constDcl());
            } else if (definition.exceptDcl() != null) {
                exception(definition.exceptDcl(), scope);
            } else if (definition.interfaceDcl() != null) {
                interfaceDcl(definition.interfaceDcl(), scope);
            } else if (definition.moduleDcl() != null) {
                IdentifierContext identifier = definition.moduleDcl().identifier();
                Decl module = scope.members.get(name(identifier));
                if (module == null) {
                    module = declare(scope, Kind.MODULE, identifier, definition.moduleDcl());
                } else if (module.kind != Kind.MODULE) {
                    throw model.failure(identifier, name(identifier) + " is already declared as "
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
                throw model.failure(definition.unsupportedDcl(), definition.unsupportedDcl().kind.getText()
                        + " declarations are not supported (CORBA components and typeid/typeprefix); "
                        + "use #pragma prefix and #pragma ID for repository ids");
            } else if (definition.PRAGMA() != null) {
                pragma(definition.PRAGMA(), scope);
            }
        }

        private void pragma(TerminalNode pragma, Decl scope) {
            Matcher matcher = PRAGMA.matcher(pragma.getText().trim());
            if (!matcher.matches()) {
                return;
            }
            String argument = matcher.group(2).trim();
            IdlPreprocessor.Origin origin = model.origin(pragma.getSymbol());
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
                    pragmas.add(() -> rename(pragmaTarget(id.group(1), scope, origin), id.group(2)));
                }
                case "version" -> {
                    Matcher version = PRAGMA_VERSION.matcher(argument);
                    if (!version.find()) {
                        throw new IdlException(origin.file(), origin.line(), "#pragma version needs a name and major.minor");
                    }
                    pragmas.add(() -> {
                        Decl target = pragmaTarget(version.group(1), scope, origin);
                        String id = target.repositoryId;
                        rename(target, id.substring(0, id.lastIndexOf(':') + 1) + version.group(2) + "."
                                + version.group(3));
                    });
                }
                default -> {
                    // other pragmas (omniORB's, JacORB's) change nothing on the wire
                }
            }
        }

        private Decl pragmaTarget(String scopedName, Decl scope, IdlPreprocessor.Origin origin) {
            Decl target = new Resolver(model).find(scopedName, scope);
            if (target == null) {
                throw new IdlException(origin.file(), origin.line(), "#pragma names " + scopedName
                        + ", which is not declared");
            }
            return target;
        }

        private void rename(Decl decl, String repositoryId) {
            model.byRepositoryId.remove(decl.repositoryId);
            decl.repositoryId = repositoryId;
            model.byRepositoryId.put(repositoryId, decl);
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
            decl.origin = model.origin(context);
            if (context.inheritance() != null) {
                for (ScopedNameContext base : context.inheritance().scopedName()) {
                    Decl resolved = throughTypedefs(new Resolver(model).resolve(base, scope));
                    if (resolved.kind != Kind.INTERFACE) {
                        throw model.failure(base, base.getText() + " is " + describe(resolved) + ", not an interface");
                    }
                    decl.bases.add(resolved);
                }
            }
            for (ExportContext export : context.export()) {
                if (export.typeDcl() != null) {
                    typeDcl(export.typeDcl(), decl);
                } else if (export.constDcl() != null) {
                    declare(decl, Kind.CONST, export.constDcl().identifier(), export.constDcl());
                } else if (export.exceptDcl() != null) {
                    exception(export.exceptDcl(), decl);
                } else if (export.attrDcl() != null) {
                    decl.operations.add(export.attrDcl());
                } else if (export.opDcl() != null) {
                    decl.operations.add(export.opDcl());
                } else if (export.PRAGMA() != null) {
                    pragma(export.PRAGMA(), decl);
                }
            }
        }

        /**
         * What a typedef of a name stands for, through any chain of them ({@code typedef mere::iMere
         * aliasMere; interface iFille : aliasMere}, which omniidl takes); anything else itself.
         */
        private Decl throughTypedefs(Decl decl) {
            Decl current = decl;
            for (int hops = 0; hops < 64 && current.kind == Kind.TYPEDEF && current.aliased != null
                    && current.aliased.simpleTypeSpec() != null && current.aliased.simpleTypeSpec().scopedName() != null
                    && current.context instanceof DeclaratorContext declarator && declarator.fixedArraySize().isEmpty();
                    hops++) {
                current = new Resolver(model).resolve(current.aliased.simpleTypeSpec().scopedName(), current.parent);
            }
            return current;
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
                existing.origin = model.origin(context);
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
                throw model.failure(identifier, name + " is already declared in this scope, as " + describe(clash)
                        + " at " + clash.origin);
            }
            Decl decl = new Decl(kind, name, scope, model.origin(identifier));
            decl.context = context;
            scope.members.put(name, decl);
            if (kind != Kind.ENUMERATOR && kind != Kind.CONST) {
                String path = decl.scopedName().replace("::", "/");
                String prefix = prefixes.peek();
                decl.repositoryId = "IDL:" + (prefix.isEmpty() ? "" : prefix + "/") + path + ":1.0";
                model.byRepositoryId.put(decl.repositoryId, decl);
                model.declared.add(decl);
            }
            return decl;
        }
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

    // ---- resolving names ---------------------------------------------------------------------

    /** IDL's name lookup: the scope, the interfaces it inherits, then each enclosing scope. */
    private static final class Resolver {
        private final IdlModel model;

        Resolver(IdlModel model) {
            this.model = model;
        }

        Decl resolve(ScopedNameContext name, Decl scope) {
            Decl found = find(name.getText(), scope);
            if (found == null) {
                throw model.failure(name, name.getText() + " is not declared" + (scope.parent == null ? ""
                        : " in " + scope.scopedName() + " or around it"));
            }
            return found;
        }

        Decl find(String scopedName, Decl scope) {
            boolean absolute = scopedName.startsWith("::");
            String[] parts = (absolute ? scopedName.substring(2) : scopedName).split("::");
            for (int i = 0; i < parts.length; i++) {
                parts[i] = parts[i].startsWith("_") ? parts[i].substring(1) : parts[i];
            }
            Decl first;
            if (absolute) {
                first = model.root.members.get(parts[0]);
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

    // ---- constants -----------------------------------------------------------------------------

    /** The value of a constant expression: BigInteger, Double, BigDecimal, String, Character, Boolean or an enum label. */
    private Object evaluate(ConstExpContext expression, Decl scope, Set<Decl> evaluating) {
        if (expression instanceof IdlParser.ParenthesizedContext parenthesized) {
            return evaluate(parenthesized.constExp(), scope, evaluating);
        }
        if (expression instanceof IdlParser.LiteralValueContext literal) {
            return literal(literal.literal());
        }
        if (expression instanceof IdlParser.ConstantContext constant) {
            Decl decl = new Resolver(this).resolve(constant.scopedName(), scope);
            if (decl.kind == Kind.ENUMERATOR) {
                return decl;
            }
            if (decl.kind != Kind.CONST) {
                throw failure(constant, constant.getText() + " is " + describe(decl) + ", not a constant");
            }
            if (!evaluating.add(decl)) {
                throw failure(constant, "constant " + decl.scopedName() + " is defined by itself");
            }
            ConstDclContext declaration = (ConstDclContext) decl.context;
            Object value = evaluate(declaration.constExp(), decl.parent, evaluating);
            evaluating.remove(decl);
            return ofItsType(declaration, decl, value);
        }
        if (expression instanceof IdlParser.UnaryContext unary) {
            Object value = evaluate(unary.constExp(), scope, evaluating);
            switch (unary.op.getType()) {
                case IdlParser.MINUS:
                    if (value instanceof BigInteger integer) {
                        return integer.negate();
                    }
                    if (value instanceof Double real) {
                        return -real;
                    }
                    break;
                case IdlParser.PLUS:
                    if (value instanceof BigInteger || value instanceof Double) {
                        return value;
                    }
                    break;
                default:
                    if (value instanceof BigInteger integer) {
                        return integer.not();
                    }
                    break;
            }
            throw failure(unary, "'" + unary.op.getText() + "' does not apply to " + value);
        }
        List<ConstExpContext> operands = expression.getRuleContexts(ConstExpContext.class);
        Object left = evaluate(operands.get(0), scope, evaluating);
        Object right = evaluate(operands.get(1), scope, evaluating);
        String operator = expression.getChild(1).getText();
        if (left instanceof BigInteger a && right instanceof BigInteger b) {
            switch (operator) {
                case "+": return a.add(b);
                case "-": return a.subtract(b);
                case "*": return a.multiply(b);
                case "/":
                    requireNonZero(b, expression);
                    return a.divide(b);
                case "%":
                    requireNonZero(b, expression);
                    return a.remainder(b);
                case "<<": return a.shiftLeft(b.intValueExact());
                case ">>": return a.shiftRight(b.intValueExact());
                case "&": return a.and(b);
                case "^": return a.xor(b);
                case "|": return a.or(b);
                default: break;
            }
        }
        if ((left instanceof BigInteger || left instanceof Double) && (right instanceof BigInteger || right instanceof Double)) {
            double a = ((Number) left).doubleValue();
            double b = ((Number) right).doubleValue();
            switch (operator) {
                case "+": return a + b;
                case "-": return a - b;
                case "*": return a * b;
                case "/": return a / b;
                default: break;
            }
        }
        if (left instanceof String a && right instanceof String b && operator.equals("+")) {
            return a + b;
        }
        throw failure(expression, "'" + operator + "' does not apply to " + left + " and " + right);
    }

    /**
     * A constant's value as its declared type holds it, or an IdlException at the declaration: a
     * {@code const short} of 70 000, a {@code const octet} of -1 or a {@code const string<4>} of
     * six characters is an error to the IDL compilers, and a label or bound built from it must not
     * silently stand for another value.
     */
    private Object ofItsType(ConstDclContext declaration, Decl decl, Object value) {
        IdlParser.ConstTypeContext declared = declaration.constType();
        Supplier<IdlException> mismatch = () -> failure(declaration.constExp(), "constant " + decl.scopedName()
                + " of type " + declared.getText() + " cannot hold " + describeValue(value));
        if (declared.fixedPtConstType() != null) {
            if (value instanceof BigInteger integer) {
                return new BigDecimal(integer);
            }
            if (value instanceof BigDecimal) {
                return value;
            }
            throw mismatch.get();
        }
        TypeBuilder types = new TypeBuilder("constant " + decl.scopedName());
        TypeCode type = TypeCodes.unaliased(types.ofConstant(declared, decl.parent));
        switch (type.kind().value()) {
            case TCKind._tk_float, TCKind._tk_double -> {
                // an integer is no floating-point constant to omniidl either
                if (!(value instanceof Double)) {
                    throw mismatch.get();
                }
                return value;
            }
            case TCKind._tk_string, TCKind._tk_wstring -> {
                if (!(value instanceof String text)) {
                    throw mismatch.get();
                }
                int bound = TypeCodes.bound(type);
                if (bound > 0 && text.length() > bound
                        || type.kind().value() == TCKind._tk_string && text.chars().anyMatch(c -> c > 0xff)) {
                    throw mismatch.get();
                }
                return text;
            }
            default -> {
                // integers, characters, booleans, octets and enums: what a union label of that type may be
                UnionLabels.insert(types.orb.create_any(), type, value, mismatch);
                return value;
            }
        }
    }

    private static String describeValue(Object value) {
        if (value instanceof Decl enumerator) {
            return enumerator.enumeration != null
                    ? enumerator.scopedName() + ", a label of enum " + enumerator.enumeration.scopedName()
                    : enumerator.scopedName();
        }
        if (value instanceof String text) {
            return '"' + text + '"';
        }
        if (value instanceof Character c) {
            return "'" + c + "'";
        }
        return String.valueOf(value);
    }

    private void requireNonZero(BigInteger divisor, ConstExpContext at) {
        if (divisor.signum() == 0) {
            throw failure(at, "division by zero in a constant expression");
        }
    }

    private Object literal(LiteralContext literal) {
        Token token = literal.getStart();
        String text = token.getText();
        switch (token.getType()) {
            case IdlParser.INTEGER_LITERAL:
                return new BigInteger(text);
            case IdlParser.HEX_LITERAL:
                return new BigInteger(text.substring(2), 16);
            case IdlParser.OCTAL_LITERAL:
                return new BigInteger(text.substring(1), 8);
            case IdlParser.FLOATING_LITERAL:
                return Double.parseDouble(text);
            case IdlParser.FIXED_LITERAL:
                return new BigDecimal(text.substring(0, text.length() - 1));
            case IdlParser.TRUE:
                return Boolean.TRUE;
            case IdlParser.FALSE:
                return Boolean.FALSE;
            case IdlParser.CHARACTER_LITERAL:
            case IdlParser.WIDE_CHARACTER_LITERAL:
                String quoted = unescape(text.substring(text.indexOf('\'') + 1, text.length() - 1), literal);
                return quoted.charAt(0);
            default:
                StringBuilder joined = new StringBuilder();
                for (int i = 0; i < literal.getChildCount(); i++) {
                    String part = literal.getChild(i).getText();
                    joined.append(unescape(part.substring(part.indexOf('"') + 1, part.length() - 1), literal));
                }
                return joined.toString();
        }
    }

    private String unescape(String text, ParserRuleContext at) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char escape = text.charAt(++i);
            switch (escape) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'v' -> out.append('\u000b');
                case 'b' -> out.append('\b');
                case 'r' -> out.append('\r');
                case 'f' -> out.append('\f');
                case 'a' -> out.append('\u0007');
                case 'x', 'u' -> {
                    int end = i + 1;
                    int max = escape == 'x' ? 2 : 4;
                    while (end < text.length() && end - i - 1 < max && Character.digit(text.charAt(end), 16) >= 0) {
                        end++;
                    }
                    out.append((char) Integer.parseInt(text.substring(i + 1, end), 16));
                    i = end - 1;
                }
                default -> {
                    if (escape >= '0' && escape <= '7') {
                        int end = i;
                        while (end < text.length() && end - i < 3 && text.charAt(end) >= '0' && text.charAt(end) <= '7') {
                            end++;
                        }
                        out.append((char) Integer.parseInt(text.substring(i, end), 8));
                        i = end - 1;
                    } else {
                        out.append(escape);
                    }
                }
            }
        }
        if (out.length() == 0 && at.getStart().getType() != IdlParser.STRING_LITERAL
                && at.getStart().getType() != IdlParser.WIDE_STRING_LITERAL) {
            throw failure(at, "an empty character literal");
        }
        return out.toString();
    }

    /** A bound or an array size: a positive integer constant that fits an IDL unsigned long. */
    private int positive(ConstExpContext expression, Decl scope, String what) {
        Object value = evaluate(expression, scope, new HashSet<>());
        if (!(value instanceof BigInteger integer) || integer.signum() <= 0
                || integer.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
            throw failure(expression, what + " must be a positive integer constant, not " + value);
        }
        return integer.intValue();
    }

    // ---- TypeCodes -----------------------------------------------------------------------------

    /**
     * Builds the TypeCodes one signature (or one type) needs, with the ORB singleton's factory.
     * A struct or union met again while its own TypeCode is being built is a recursive
     * reference; a type built under such a reference is not kept, since its TypeCode is only
     * complete inside the outer one.
     */
    private final class TypeBuilder {
        private final ORB orb = ORB.init();
        private final Map<Decl, TypeCode> built = new HashMap<>();
        /** The declarations being built, outermost first. */
        private final Set<Decl> building = new LinkedHashSet<>();
        private final String usedBy;

        TypeBuilder(String usedBy) {
            this.usedBy = usedBy;
        }

        TypeCode of(ParserRuleContext spec, Decl scope) {
            if (spec instanceof TypeSpecContext type) {
                if (type.simpleTypeSpec() != null) {
                    return of(type.simpleTypeSpec(), scope);
                }
                ParserRuleContext constructed = type.structType() != null ? type.structType()
                        : type.unionType() != null ? type.unionType() : type.enumType();
                IdentifierContext identifier = constructed.getRuleContext(IdentifierContext.class, 0);
                return named(scope.members.get(name(identifier)), identifier);
            }
            if (spec instanceof IdlParser.SimpleTypeSpecContext simple) {
                if (simple.baseTypeSpec() != null) {
                    return base(simple.baseTypeSpec());
                }
                if (simple.templateTypeSpec() != null) {
                    return of(simple.templateTypeSpec().getChild(ParserRuleContext.class, 0), scope);
                }
                return scopedType(simple.scopedName(), scope);
            }
            if (spec instanceof IdlParser.ParamTypeSpecContext param) {
                if (param.scopedName() != null) {
                    return scopedType(param.scopedName(), scope);
                }
                if (param.baseTypeSpec() != null) {
                    return base(param.baseTypeSpec());
                }
                return of(param.getChild(ParserRuleContext.class, 0), scope);
            }
            if (spec instanceof SequenceTypeContext sequence) {
                int bound = sequence.constExp() == null ? 0 : positive(sequence.constExp(), scope, "a sequence's bound");
                return orb.create_sequence_tc(bound, of(sequence.simpleTypeSpec(), scope));
            }
            if (spec instanceof IdlParser.StringTypeContext string) {
                return orb.create_string_tc(string.constExp() == null ? 0
                        : positive(string.constExp(), scope, "a string's bound"));
            }
            if (spec instanceof IdlParser.WideStringTypeContext string) {
                return orb.create_wstring_tc(string.constExp() == null ? 0
                        : positive(string.constExp(), scope, "a wstring's bound"));
            }
            if (spec instanceof IdlParser.FixedPtTypeContext fixed) {
                int digits = positive(fixed.constExp(0), scope, "a fixed type's digits");
                Object scale = evaluate(fixed.constExp(1), scope, new HashSet<>());
                if (digits > 31 || !(scale instanceof BigInteger s) || s.signum() < 0 || s.intValue() > digits) {
                    throw failure(fixed, "fixed<" + digits + "," + scale + "> needs 1-31 digits and a scale from 0 to "
                            + "the digits");
                }
                return orb.create_fixed_tc((short) digits, (short) s.intValue());
            }
            if (spec instanceof BaseTypeSpecContext base) {
                return base(base);
            }
            if (spec instanceof IdlParser.SwitchTypeSpecContext switchType) {
                if (switchType.scopedName() != null) {
                    return named(new Resolver(IdlModel.this).resolve(switchType.scopedName(), scope),
                            switchType.scopedName());
                }
                if (switchType.enumType() != null) {
                    IdentifierContext identifier = switchType.enumType().identifier(0);
                    return named(scope.members.get(name(identifier)), identifier);
                }
                if (switchType.integerType() != null) {
                    return orb.get_primitive_tc(integer(switchType.integerType()));
                }
                return primitive(switchType.getStart().getType(), switchType);
            }
            throw failure(spec, "cannot read the type " + spec.getText());
        }

        /** Whether a scope is module CORBA or inside it, where {@code TypeCode} alone means CORBA::TypeCode. */
        private boolean insideCorba(Decl scope) {
            for (Decl current = scope; current != null && current.parent != null; current = current.parent) {
                if (current.parent.parent == null && current.name.equals("CORBA")) {
                    return true;
                }
            }
            return false;
        }

        /** A type by name: {@code CORBA::TypeCode} is the TypeCode type itself, as orb.idl declares it. */
        private TypeCode scopedType(ScopedNameContext name, Decl scope) {
            String text = name.getText();
            if (text.equals("CORBA::TypeCode") || text.equals("::CORBA::TypeCode")
                    || text.equals("TypeCode") && insideCorba(scope) && new Resolver(IdlModel.this).find(text, scope) == null) {
                return orb.get_primitive_tc(TCKind.tk_TypeCode);
            }
            return named(new Resolver(IdlModel.this).resolve(name, scope), name);
        }

        /** A constant's declared type. */
        TypeCode ofConstant(IdlParser.ConstTypeContext type, Decl scope) {
            if (type.integerType() != null) {
                return orb.get_primitive_tc(integer(type.integerType()));
            }
            if (type.floatingPtType() != null) {
                return floatingPoint(type.floatingPtType());
            }
            if (type.stringType() != null) {
                return of(type.stringType(), scope);
            }
            if (type.wideStringType() != null) {
                return of(type.wideStringType(), scope);
            }
            if (type.scopedName() != null) {
                return scopedType(type.scopedName(), scope);
            }
            return primitive(type.getStart().getType(), type);
        }

        private TypeCode floatingPoint(IdlParser.FloatingPtTypeContext type) {
            if (type.getChildCount() == 2) {
                throw unsupported(type, "long double", "no Java type holds it");
            }
            return orb.get_primitive_tc(type.FLOAT() != null ? TCKind.tk_float : TCKind.tk_double);
        }

        private TypeCode base(BaseTypeSpecContext base) {
            if (base.integerType() != null) {
                return orb.get_primitive_tc(integer(base.integerType()));
            }
            if (base.floatingPtType() != null) {
                return floatingPoint(base.floatingPtType());
            }
            if (base.objectType() != null) {
                return orb.create_interface_tc("IDL:omg.org/CORBA/Object:1.0", "Object");
            }
            if (base.valueBaseType() != null) {
                throw unsupported(base, "ValueBase", "value types are not supported");
            }
            return primitive(base.getStart().getType(), base);
        }

        private TypeCode primitive(int token, ParserRuleContext at) {
            return switch (token) {
                case IdlParser.CHAR -> orb.get_primitive_tc(TCKind.tk_char);
                case IdlParser.WCHAR -> orb.get_primitive_tc(TCKind.tk_wchar);
                case IdlParser.BOOLEAN -> orb.get_primitive_tc(TCKind.tk_boolean);
                case IdlParser.OCTET -> orb.get_primitive_tc(TCKind.tk_octet);
                case IdlParser.ANY -> orb.get_primitive_tc(TCKind.tk_any);
                default -> throw failure(at, "cannot read the type " + at.getText());
            };
        }

        private TCKind integer(IntegerTypeContext integer) {
            String text = integer.getText();
            return switch (text) {
                case "short", "int16" -> TCKind.tk_short;
                case "long", "int32" -> TCKind.tk_long;
                case "longlong", "int64" -> TCKind.tk_longlong;
                case "unsignedshort", "uint16" -> TCKind.tk_ushort;
                case "unsignedlong", "uint32" -> TCKind.tk_ulong;
                case "unsignedlonglong", "uint64" -> TCKind.tk_ulonglong;
                default -> throw unsupported(integer, text, "IDL 4's 8-bit integers have no CORBA 3 TypeCode");
            };
        }

        private IdlException unsupported(ParserRuleContext at, String construct, String why) {
            return failure(at, construct + " is not supported (" + why + "), used by " + usedBy);
        }

        TypeCode named(Decl decl, ParserRuleContext usedAt) {
            return named(decl, origin(usedAt));
        }

        TypeCode named(Decl decl, IdlPreprocessor.Origin usedAt) {
            if (decl == null) {
                throw new IdlException(usedAt.file(), usedAt.line(), "a type used here is not declared");
            }
            TypeCode known = built.get(decl);
            if (known != null) {
                return known;
            }
            if (building.contains(decl)) {
                if (decl.kind == Kind.STRUCT || decl.kind == Kind.UNION) {
                    return orb.create_recursive_tc(decl.repositoryId);
                }
                if (!structOrUnionBuiltSince(decl)) {
                    throw new IdlException(usedAt.file(), usedAt.line(), describe(decl)
                            + " is defined by itself; only a struct or union may contain itself, through a sequence");
                }
                // a typedef met again inside the struct or union it names (struct S; typedef
                // sequence<S> SSeq; struct S { SSeq kids; };, reached through SSeq): built again
                // here, where S is the recursive one, so the cycle ends at S
                return build(decl, usedAt);
            }
            if (decl.unsupported != null) {
                throw new IdlException(decl.origin.file(), decl.origin.line(), describe(decl)
                        + " is not supported, used by " + usedBy + (decl.unsupported.equals("valuetype")
                                ? ": value types need generated code and a value factory" : ""));
            }
            if (decl.forward && decl.kind != Kind.INTERFACE) {
                throw new IdlException(usedAt.file(), usedAt.line(), describe(decl)
                        + " is only forward declared; its definition is missing");
            }
            boolean complete = building.isEmpty();
            building.add(decl);
            TypeCode type;
            try {
                type = build(decl, usedAt);
            } finally {
                building.remove(decl);
            }
            if (complete) {
                built.put(decl, type);
            }
            return type;
        }

        /** Whether a struct or union began to be built after {@code decl}, inside it. */
        private boolean structOrUnionBuiltSince(Decl decl) {
            boolean after = false;
            for (Decl outer : building) {
                if (after && (outer.kind == Kind.STRUCT || outer.kind == Kind.UNION)) {
                    return true;
                }
                after |= outer == decl;
            }
            return false;
        }

        private TypeCode build(Decl decl, IdlPreprocessor.Origin usedAt) {
            String id = decl.repositoryId;
            switch (decl.kind) {
                case INTERFACE:
                    return orb.create_interface_tc(id, decl.name);
                case ENUM: {
                    List<IdentifierContext> identifiers = ((EnumTypeContext) decl.context).identifier();
                    String[] labels = new String[identifiers.size() - 1];
                    for (int i = 1; i < identifiers.size(); i++) {
                        labels[i - 1] = name(identifiers.get(i));
                    }
                    return orb.create_enum_tc(id, decl.name, labels);
                }
                case TYPEDEF: {
                    DeclaratorContext declarator = (DeclaratorContext) decl.context;
                    TypeCode type = arrays(declarator, of(decl.aliased, decl.parent), decl.parent);
                    return orb.create_alias_tc(id, decl.name, type);
                }
                case STRUCT:
                    return orb.create_struct_tc(id, decl.name,
                            members(((StructTypeContext) decl.context).member(), decl));
                case EXCEPTION:
                    return orb.create_exception_tc(id, decl.name,
                            members(((ExceptDclContext) decl.context).member(), decl));
                case UNION:
                    return union(decl);
                default:
                    throw new IdlException(usedAt.file(), usedAt.line(), decl.scopedName() + " is " + describe(decl)
                            + ", not a type");
            }
        }

        private TypeCode arrays(DeclaratorContext declarator, TypeCode element, Decl scope) {
            List<FixedArraySizeContext> sizes = declarator.fixedArraySize();
            TypeCode type = element;
            for (int i = sizes.size() - 1; i >= 0; i--) {
                type = orb.create_array_tc(positive(sizes.get(i).constExp(), scope, "an array's size"), type);
            }
            return type;
        }

        private StructMember[] members(List<MemberContext> members, Decl scope) {
            List<StructMember> all = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (MemberContext member : members) {
                TypeCode type = of(member.typeSpec(), scope);
                for (DeclaratorContext declarator : member.declarators().declarator()) {
                    String name = name(declarator.identifier());
                    if (!names.add(name.toLowerCase(Locale.ROOT))) {
                        throw failure(declarator, "member " + name + " is declared twice in " + scope.scopedName());
                    }
                    all.add(new StructMember(name, arrays(declarator, type, scope), null));
                }
            }
            return all.toArray(new StructMember[0]);
        }

        private TypeCode union(Decl decl) {
            UnionTypeContext context = (UnionTypeContext) decl.context;
            TypeCode discriminator = of(context.switchTypeSpec(), decl);
            TypeCode plain = TypeCodes.unaliased(discriminator);
            int kind = plain.kind().value();
            if (kind != TCKind._tk_short && kind != TCKind._tk_long && kind != TCKind._tk_longlong
                    && kind != TCKind._tk_ushort && kind != TCKind._tk_ulong && kind != TCKind._tk_ulonglong
                    && kind != TCKind._tk_char && kind != TCKind._tk_wchar && kind != TCKind._tk_boolean
                    && kind != TCKind._tk_enum && kind != TCKind._tk_octet) {
                throw failure(context.switchTypeSpec(), "a union's discriminator must be an integer, char, boolean "
                        + "or enum type, not " + context.switchTypeSpec().getText());
            }
            List<UnionMember> members = new ArrayList<>();
            Set<Object> labels = new HashSet<>();
            boolean sawDefault = false;
            for (SwitchCaseContext switchCase : context.switchCase()) {
                TypeCode type = arrays(switchCase.declarator(), of(switchCase.typeSpec(), decl), decl);
                String name = name(switchCase.declarator().identifier());
                for (CaseLabelContext label : switchCase.caseLabel()) {
                    Any value = orb.create_any();
                    if (label.DEFAULT() != null) {
                        if (sawDefault) {
                            throw failure(label, "union " + decl.scopedName() + " has two default branches");
                        }
                        sawDefault = true;
                        value.insert_octet((byte) 0);
                    } else {
                        Object labelValue = evaluate(label.constExp(), decl, new HashSet<>());
                        Object key = UnionLabels.insert(value, plain, labelValue, () -> failure(label,
                                "case " + label.constExp().getText() + " is not a value of the discriminator type "
                                        + context.switchTypeSpec().getText()));
                        if (!labels.add(key)) {
                            throw failure(label, "case " + label.constExp().getText() + " appears twice in union "
                                    + decl.scopedName());
                        }
                    }
                    members.add(new UnionMember(name, value, type, null));
                }
            }
            return orb.create_union_tc(decl.repositoryId, decl.name, discriminator, members.toArray(new UnionMember[0]));
        }
    }


    // ---- signatures ----------------------------------------------------------------------------

    /** An interface's operations and attributes, its bases' first, each name once. */
    private final class SignatureBuilder {
        private final Decl decl;
        private final Map<String, OperationSignature> operations = new LinkedHashMap<>();

        SignatureBuilder(Decl decl) {
            this.decl = decl;
        }

        InterfaceSignature build() {
            synchronized (IdlModel.this) {
                collect(decl, new HashSet<>());
            }
            InterfaceSignature.Builder signature = InterfaceSignature.builder(decl.repositoryId);
            operations.values().forEach(signature::operation);
            return signature.build();
        }

        private void collect(Decl current, Set<Decl> seen) {
            if (!seen.add(current)) {
                return;
            }
            if (current.forward) {
                throw new IdlException(current.origin.file(), current.origin.line(), "interface "
                        + current.scopedName() + " is inherited but only forward declared");
            }
            for (Decl base : current.bases) {
                collect(base, seen);
            }
            for (ParserRuleContext member : current.operations) {
                if (member instanceof OpDclContext operation) {
                    operation(operation, current);
                } else {
                    attribute((AttrDclContext) member, current);
                }
            }
        }

        private void operation(OpDclContext context, Decl scope) {
            String name = name(context.identifier());
            String usedBy = "operation " + name + " of " + scope.scopedName();
            if (context.contextExpr() != null) {
                throw failure(context.contextExpr(), "context clauses are not supported (" + usedBy + ")");
            }
            TypeBuilder types = new TypeBuilder(usedBy);
            OperationSignature.Builder operation = OperationSignature.builder(name).oneway(context.ONEWAY() != null);
            if (context.opTypeSpec().VOID() == null) {
                operation.returns(types.of(context.opTypeSpec().paramTypeSpec(), scope));
            }
            Set<String> names = new HashSet<>();
            for (ParamDclContext parameter : context.parameterDcls().paramDcl()) {
                String parameterName = name(parameter.identifier());
                if (!names.add(parameterName.toLowerCase(Locale.ROOT))) {
                    throw failure(parameter, "parameter " + parameterName + " is declared twice in " + usedBy);
                }
                ParameterMode mode = switch (parameter.direction.getType()) {
                    case IdlParser.IN -> ParameterMode.IN;
                    case IdlParser.OUT -> ParameterMode.OUT;
                    default -> ParameterMode.INOUT;
                };
                operation.parameter(new OperationSignature.Parameter(parameterName, mode,
                        types.of(parameter.paramTypeSpec(), scope)));
            }
            if (context.raisesExpr() != null) {
                raises(context.raisesExpr().scopedName(), scope, operation, types);
            }
            OperationSignature built;
            try {
                built = operation.build();
            } catch (IllegalArgumentException e) {
                throw failure(context, e.getMessage());
            }
            add(built, context);
        }

        private void attribute(AttrDclContext context, Decl scope) {
            for (IdentifierContext identifier : context.identifier()) {
                String name = name(identifier);
                TypeBuilder types = new TypeBuilder("attribute " + name + " of " + scope.scopedName());
                TypeCode type = types.of(context.paramTypeSpec(), scope);
                OperationSignature.Builder getter = OperationSignature.builder("_get_" + name).returns(type);
                OperationSignature.Builder setter = OperationSignature.builder("_set_" + name).in("value", type);
                for (AttrRaisesContext raises : context.attrRaises()) {
                    int kind = raises.getStart().getType();
                    if (kind == IdlParser.RAISES || kind == IdlParser.GETRAISES) {
                        raises(raises.scopedName(), scope, getter, types);
                    }
                    if (kind == IdlParser.SETRAISES) {
                        raises(raises.scopedName(), scope, setter, types);
                    }
                }
                add(getter.build(), context);
                if (context.READONLY() == null) {
                    add(setter.build(), context);
                }
            }
        }

        private void raises(List<ScopedNameContext> names, Decl scope, OperationSignature.Builder operation,
                TypeBuilder types) {
            for (ScopedNameContext exceptionName : names) {
                Decl exception = new Resolver(IdlModel.this).resolve(exceptionName, scope);
                if (exception.kind != Kind.EXCEPTION) {
                    throw failure(exceptionName, exceptionName.getText() + " is " + describe(exception)
                            + ", not an exception");
                }
                operation.raises(types.named(exception, exceptionName));
            }
        }

        private void add(OperationSignature operation, ParserRuleContext at) {
            if (operations.putIfAbsent(operation.name(), operation) != null) {
                throw failure(at, operation.name() + " is declared twice in " + decl.scopedName()
                        + " or the interfaces it inherits");
            }
        }
    }


    @Override
    public String toString() {
        return "Idl[" + sourceName() + ", interfaces " + interfaces() + "]";
    }
}
