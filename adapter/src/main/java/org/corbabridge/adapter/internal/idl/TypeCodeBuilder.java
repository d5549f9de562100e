package org.corbabridge.adapter.internal.idl;

import static org.corbabridge.adapter.internal.idl.SymbolTable.describe;
import static org.corbabridge.adapter.internal.idl.SymbolTable.name;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.internal.idl.IdlParser.BaseTypeSpecContext;
import org.corbabridge.adapter.internal.idl.IdlParser.CaseLabelContext;
import org.corbabridge.adapter.internal.idl.IdlParser.DeclaratorContext;
import org.corbabridge.adapter.internal.idl.IdlParser.EnumTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ExceptDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.FixedArraySizeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IdentifierContext;
import org.corbabridge.adapter.internal.idl.IdlParser.IntegerTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.MemberContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ScopedNameContext;
import org.corbabridge.adapter.internal.idl.IdlParser.SequenceTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.StructTypeContext;
import org.corbabridge.adapter.internal.idl.IdlParser.SwitchCaseContext;
import org.corbabridge.adapter.internal.idl.IdlParser.TypeSpecContext;
import org.corbabridge.adapter.internal.idl.IdlParser.UnionTypeContext;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.StructMember;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.UnionMember;

/**
 * Builds the TypeCodes one signature (or one type) needs, with the ORB singleton's factory.
 * A struct or union met again while its own TypeCode is being built is a recursive
 * reference; a type built under such a reference is not kept, since its TypeCode is only
 * complete inside the outer one.
 */
final class TypeCodeBuilder {

    private final ORB orb = ORB.init();
    private final Map<Decl, TypeCode> built = new HashMap<>();
    /** The declarations being built, outermost first. */
    private final Set<Decl> building = new LinkedHashSet<>();
    private final String usedBy;
    private final SymbolTable symbols;
    private final IdlResolver resolver;
    private final ConstantEvaluator constants;

    TypeCodeBuilder(SymbolTable symbols, String usedBy) {
        this.usedBy = usedBy;
        this.symbols = symbols;
        this.resolver = new IdlResolver(symbols);
        this.constants = new ConstantEvaluator(symbols);
    }

    /** An empty any of the ORB these TypeCodes are made by. */
    Any emptyAny() {
        return orb.create_any();
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
            int bound = sequence.constExp() == null ? 0
                    : constants.positive(sequence.constExp(), scope, "a sequence's bound");
            return orb.create_sequence_tc(bound, of(sequence.simpleTypeSpec(), scope));
        }
        if (spec instanceof IdlParser.StringTypeContext string) {
            return orb.create_string_tc(string.constExp() == null ? 0
                    : constants.positive(string.constExp(), scope, "a string's bound"));
        }
        if (spec instanceof IdlParser.WideStringTypeContext string) {
            return orb.create_wstring_tc(string.constExp() == null ? 0
                    : constants.positive(string.constExp(), scope, "a wstring's bound"));
        }
        if (spec instanceof IdlParser.FixedPtTypeContext fixed) {
            int digits = constants.positive(fixed.constExp(0), scope, "a fixed type's digits");
            Object scale = constants.evaluate(fixed.constExp(1), scope);
            if (digits > 31 || !(scale instanceof BigInteger s) || s.signum() < 0 || s.intValue() > digits) {
                throw symbols.failure(fixed, "fixed<" + digits + "," + scale + "> needs 1-31 digits and a scale from 0 "
                        + "to the digits");
            }
            return orb.create_fixed_tc((short) digits, (short) s.intValue());
        }
        if (spec instanceof BaseTypeSpecContext base) {
            return base(base);
        }
        if (spec instanceof IdlParser.SwitchTypeSpecContext switchType) {
            if (switchType.scopedName() != null) {
                return named(resolver.resolve(switchType.scopedName(), scope),
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
        throw symbols.failure(spec, "cannot read the type " + spec.getText());
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
                || text.equals("TypeCode") && insideCorba(scope) && resolver.find(text, scope) == null) {
            return orb.get_primitive_tc(TCKind.tk_TypeCode);
        }
        return named(resolver.resolve(name, scope), name);
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
            default -> throw symbols.failure(at, "cannot read the type " + at.getText());
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
        return symbols.failure(at, construct + " is not supported (" + why + "), used by " + usedBy);
    }

    TypeCode named(Decl decl, ParserRuleContext usedAt) {
        return named(decl, symbols.origin(usedAt));
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
            type = orb.create_array_tc(constants.positive(sizes.get(i).constExp(), scope, "an array's size"), type);
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
                    throw symbols.failure(declarator, "member " + name + " is declared twice in " + scope.scopedName());
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
            throw symbols.failure(context.switchTypeSpec(), "a union's discriminator must be an integer, char, boolean "
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
                        throw symbols.failure(label, "union " + decl.scopedName() + " has two default branches");
                    }
                    sawDefault = true;
                    value.insert_octet((byte) 0);
                } else {
                    Object labelValue = constants.evaluate(label.constExp(), decl);
                    Object key = UnionLabels.insert(value, plain, labelValue, () -> symbols.failure(label,
                            "case " + label.constExp().getText() + " is not a value of the discriminator type "
                                    + context.switchTypeSpec().getText()));
                    if (!labels.add(key)) {
                        throw symbols.failure(label, "case " + label.constExp().getText() + " appears twice in union "
                                + decl.scopedName());
                    }
                }
                members.add(new UnionMember(name, value, type, null));
            }
        }
        return orb.create_union_tc(decl.repositoryId, decl.name, discriminator, members.toArray(new UnionMember[0]));
    }
}
