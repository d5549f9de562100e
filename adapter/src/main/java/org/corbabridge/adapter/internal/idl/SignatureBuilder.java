package org.corbabridge.adapter.internal.idl;

import static org.corbabridge.adapter.internal.idl.SymbolTable.describe;
import static org.corbabridge.adapter.internal.idl.SymbolTable.name;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.idl.IdlParser.AttrDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.AttrRaisesContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IdentifierContext;
import org.corbabridge.adapter.internal.idl.IdlParser.OpDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ParamDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ScopedNameContext;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;
import org.omg.CORBA.TypeCode;

/**
 * An interface's {@link InterfaceSignature}: its operations and attributes, its bases' first,
 * each name once, with the TypeCodes {@link TypeCodeBuilder} makes of their types.
 */
final class SignatureBuilder {

    private final SymbolTable symbols;
    private final IdlResolver resolver;
    private final Decl decl;
    private final Map<String, OperationSignature> operations = new LinkedHashMap<>();

    SignatureBuilder(SymbolTable symbols, Decl decl) {
        this.symbols = symbols;
        this.resolver = new IdlResolver(symbols);
        this.decl = decl;
    }

    InterfaceSignature build() {
        synchronized (symbols) {
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
            throw symbols.failure(context.contextExpr(), "context clauses are not supported (" + usedBy + ")");
        }
        TypeCodeBuilder types = new TypeCodeBuilder(symbols, usedBy);
        OperationSignature.Builder operation = OperationSignature.builder(name).oneway(context.ONEWAY() != null);
        if (context.opTypeSpec().VOID() == null) {
            operation.returns(types.of(context.opTypeSpec().paramTypeSpec(), scope));
        }
        Set<String> names = new HashSet<>();
        for (ParamDclContext parameter : context.parameterDcls().paramDcl()) {
            String parameterName = name(parameter.identifier());
            if (!names.add(parameterName.toLowerCase(Locale.ROOT))) {
                throw symbols.failure(parameter, "parameter " + parameterName + " is declared twice in " + usedBy);
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
            throw symbols.failure(context, e.getMessage());
        }
        add(built, context);
    }

    private void attribute(AttrDclContext context, Decl scope) {
        for (IdentifierContext identifier : context.identifier()) {
            String name = name(identifier);
            TypeCodeBuilder types = new TypeCodeBuilder(symbols, "attribute " + name + " of " + scope.scopedName());
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
            TypeCodeBuilder types) {
        for (ScopedNameContext exceptionName : names) {
            Decl exception = resolver.resolve(exceptionName, scope);
            if (exception.kind != Kind.EXCEPTION) {
                throw symbols.failure(exceptionName, exceptionName.getText() + " is " + describe(exception)
                        + ", not an exception");
            }
            operation.raises(types.named(exception, exceptionName));
        }
    }

    private void add(OperationSignature operation, ParserRuleContext at) {
        if (operations.putIfAbsent(operation.name(), operation) != null) {
            throw symbols.failure(at, operation.name() + " is declared twice in " + decl.scopedName()
                    + " or the interfaces it inherits");
        }
    }
}
