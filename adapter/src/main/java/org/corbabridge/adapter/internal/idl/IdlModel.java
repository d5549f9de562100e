package org.corbabridge.adapter.internal.idl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;
import org.omg.CORBA.TypeCode;

/**
 * IDL read into declarations, and the {@link InterfaceSignature} of any interface in it built
 * from them: TypeCodes made by the running ORB's singleton, repository ids as the IDL compilers
 * make them ({@code #pragma prefix}, {@code #pragma ID}, {@code #pragma version}).
 *
 * <p>Reading checks the syntax and the scopes; what an interface uses is checked, and refused
 * with its file, line and construct, when its signature is built. Immutable once read; a
 * signature is built once per interface, on any thread.
 *
 * <p>The public entry: it runs the stages, each in its own class around one {@link SymbolTable}:
 * {@link IdlPreprocessor}, the ANTLR parser, {@link IdlCollector} (the names into the table),
 * then, on demand, {@link SignatureBuilder} and {@link TypeCodeBuilder}, which look names up with
 * {@link IdlResolver} and evaluate constants with {@link ConstantEvaluator}.
 */
public final class IdlModel implements Idl {

    private final String sourceName;
    private final SymbolTable symbols;
    private final Map<String, InterfaceSignature> signatures = new ConcurrentHashMap<>();

    private IdlModel(String sourceName, IdlPreprocessor.Output text) {
        this.sourceName = sourceName;
        this.symbols = new SymbolTable(text);
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
        new IdlCollector(model.symbols).definitions(specification.definition(), model.symbols.root);
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
        for (Decl decl : symbols.definedInterfaces()) {
            names.add(decl.scopedName());
        }
        return names;
    }

    /** The repository id of each interface with a body, in declaration order. */
    public List<String> interfaceIds() {
        List<String> ids = new ArrayList<>();
        for (Decl decl : symbols.definedInterfaces()) {
            ids.add(decl.repositoryId);
        }
        return ids;
    }

    /** Whether an interface of this repository id is declared, with its body. */
    public boolean declaresInterface(String repositoryId) {
        Decl decl = symbols.byRepositoryId(repositoryId);
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
                id -> new SignatureBuilder(symbols, decl).build());
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
        Decl decl = symbols.find(typeName);
        if (decl == null) {
            throw new IdlException(sourceName, 0, "no type " + typeName);
        }
        Decl found = decl;
        synchronized (symbols) {
            return new TypeCodeBuilder(symbols, "type " + typeName).named(found, found.origin);
        }
    }

    private Decl findInterface(String interfaceName) {
        Decl decl = symbols.find(interfaceName);
        if (decl == null && !interfaceName.contains("::")) {
            List<Decl> named = symbols.interfacesNamed(interfaceName);
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

    @Override
    public String toString() {
        return "Idl[" + sourceName() + ", interfaces " + interfaces() + "]";
    }
}
