package org.corbabridge.adapter.internal.idl;

import static org.corbabridge.adapter.internal.idl.SymbolTable.describe;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.corbabridge.adapter.IdlException;
import org.corbabridge.adapter.internal.idl.IdlParser.ConstDclContext;
import org.corbabridge.adapter.internal.idl.IdlParser.ConstExpContext;
import org.corbabridge.adapter.internal.idl.IdlParser.LiteralContext;
import org.corbabridge.adapter.internal.idl.SymbolTable.Decl;
import org.corbabridge.adapter.internal.idl.SymbolTable.Kind;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;

/**
 * The value of an IDL constant expression (a {@code const}, a bound, an array size, a fixed
 * type's digits and scale, a union's case label), with the constants it names looked up in the
 * {@link SymbolTable}; a constant's value is checked against its declared type.
 */
final class ConstantEvaluator {

    private final SymbolTable symbols;
    private final IdlResolver resolver;

    ConstantEvaluator(SymbolTable symbols) {
        this.symbols = symbols;
        this.resolver = new IdlResolver(symbols);
    }

    /** The value of a constant expression: BigInteger, Double, BigDecimal, String, Character, Boolean or an enum label. */
    Object evaluate(ConstExpContext expression, Decl scope) {
        return evaluate(expression, scope, new HashSet<>());
    }

    private Object evaluate(ConstExpContext expression, Decl scope, Set<Decl> evaluating) {
        if (expression instanceof IdlParser.ParenthesizedContext parenthesized) {
            return evaluate(parenthesized.constExp(), scope, evaluating);
        }
        if (expression instanceof IdlParser.LiteralValueContext literal) {
            return literal(literal.literal());
        }
        if (expression instanceof IdlParser.ConstantContext constant) {
            Decl decl = resolver.resolve(constant.scopedName(), scope);
            if (decl.kind == Kind.ENUMERATOR) {
                return decl;
            }
            if (decl.kind != Kind.CONST) {
                throw symbols.failure(constant, constant.getText() + " is " + describe(decl) + ", not a constant");
            }
            if (!evaluating.add(decl)) {
                throw symbols.failure(constant, "constant " + decl.scopedName() + " is defined by itself");
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
            throw symbols.failure(unary, "'" + unary.op.getText() + "' does not apply to " + value);
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
        throw symbols.failure(expression, "'" + operator + "' does not apply to " + left + " and " + right);
    }

    /**
     * A constant's value as its declared type holds it, or an IdlException at the declaration: a
     * {@code const short} of 70 000, a {@code const octet} of -1 or a {@code const string<4>} of
     * six characters is an error to the IDL compilers, and a label or bound built from it must not
     * silently stand for another value.
     */
    private Object ofItsType(ConstDclContext declaration, Decl decl, Object value) {
        IdlParser.ConstTypeContext declared = declaration.constType();
        Supplier<IdlException> mismatch = () -> symbols.failure(declaration.constExp(), "constant "
                + decl.scopedName() + " of type " + declared.getText() + " cannot hold " + describeValue(value));
        if (declared.fixedPtConstType() != null) {
            if (value instanceof BigInteger integer) {
                return new BigDecimal(integer);
            }
            if (value instanceof BigDecimal) {
                return value;
            }
            throw mismatch.get();
        }
        TypeCodeBuilder types = new TypeCodeBuilder(symbols, "constant " + decl.scopedName());
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
                UnionLabels.insert(types.emptyAny(), type, value, mismatch);
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
            throw symbols.failure(at, "division by zero in a constant expression");
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
            throw symbols.failure(at, "an empty character literal");
        }
        return out.toString();
    }

    /** A bound or an array size: a positive integer constant that fits an IDL unsigned long. */
    int positive(ConstExpContext expression, Decl scope, String what) {
        Object value = evaluate(expression, scope);
        if (!(value instanceof BigInteger integer) || integer.signum() <= 0
                || integer.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
            throw symbols.failure(expression, what + " must be a positive integer constant, not " + value);
        }
        return integer.intValue();
    }
}
