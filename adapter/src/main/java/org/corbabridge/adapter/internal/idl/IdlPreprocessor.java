package org.corbabridge.adapter.internal.idl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corbabridge.adapter.IdlException;

/**
 * The C preprocessor as IDL files use it: {@code #include} (each file once: IDL's include
 * guards and {@code #pragma once} both hold), object-like {@code #define}, {@code #undef},
 * {@code #if}/{@code #ifdef}/{@code #ifndef}/{@code #elif}/{@code #else}/{@code #endif} with
 * {@code defined}, integers and the logical and comparison operators. {@code #pragma} lines are
 * kept for the parser; a {@code #pragma prefix} ends with the file it stands in.
 *
 * <p>Every line of the output is one line of one source, so that the parser's line numbers
 * map back to a file and a line ({@link Output#origin}).
 */
final class IdlPreprocessor {

    /** A line of one source file, for messages. */
    record Origin(String file, int line) {
        @Override
        public String toString() {
            return file + ":" + line;
        }
    }

    /** The expanded text, and where each of its lines came from. */
    record Output(String text, List<Origin> lines) {
        Origin origin(int outputLine) {
            int index = Math.max(0, Math.min(outputLine - 1, lines.size() - 1));
            return lines.isEmpty() ? new Origin("(empty)", 0) : lines.get(index);
        }
    }

    private static final Pattern DIRECTIVE = Pattern.compile("^\\s*#\\s*(\\w+)\\s*(.*)$");
    private static final Pattern INCLUDE = Pattern.compile("^([\"<])([^\">]+)[\">]");
    private static final Pattern DEFINE = Pattern.compile("^([A-Za-z_]\\w*)(\\()?\\s*(.*)$");
    private static final Pattern PREFIX = Pattern.compile("^prefix\\s+\"([^\"]*)\"");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_]\\w*");
    /** Deeper than any real IDL's includes; a cycle without guards stops here, not in a stack overflow. */
    private static final int MAX_INCLUDE_DEPTH = 64;

    private final StringBuilder text = new StringBuilder();
    private final List<Origin> lines = new ArrayList<>();
    private final Map<String, String> macros = new HashMap<>();
    private final Set<String> onceOnly = new HashSet<>();

    private IdlPreprocessor() {
    }

    static Output run(IdlSource source) {
        IdlPreprocessor preprocessor = new IdlPreprocessor();
        preprocessor.file(source, 0);
        return new Output(preprocessor.text.toString(), List.copyOf(preprocessor.lines));
    }

    private void file(IdlSource source, int depth) {
        if (depth > MAX_INCLUDE_DEPTH) {
            throw new IdlException(source.name(), 0, "#include nests deeper than " + MAX_INCLUDE_DEPTH
                    + " files: a cycle of includes without include guards?");
        }
        String[] sourceLines = source.text().split("\r\n|\r|\n", -1);
        Deque<Conditional> conditionals = new ArrayDeque<>();
        String prefix = "";
        boolean inComment = false;
        for (int i = 0; i < sourceLines.length; i++) {
            int lineNumber = i + 1;
            String line = sourceLines[i];
            // a directive continued over several lines with a backslash
            while (line.endsWith("\\") && !inComment && isDirective(line) && i + 1 < sourceLines.length) {
                line = line.substring(0, line.length() - 1) + " " + sourceLines[++i];
                emit("", source, lineNumber);
            }
            Matcher directive = inComment ? null : DIRECTIVE.matcher(line);
            boolean active = conditionals.stream().allMatch(Conditional::taking);
            if (directive == null || !directive.matches()) {
                inComment = endsInComment(line, inComment);
                emit(active ? expand(line) : "", source, lineNumber);
                continue;
            }
            String name = directive.group(1);
            String rest = stripComment(directive.group(2)).trim();
            Origin origin = new Origin(source.name(), lineNumber);
            switch (name) {
                case "ifdef", "ifndef" -> {
                    boolean defined = macros.containsKey(firstWord(rest, origin, name));
                    conditionals.push(new Conditional(active, name.equals("ifdef") == defined));
                }
                case "if" -> conditionals.push(new Conditional(active, active && new Condition(rest, origin).value()));
                case "elif" -> requireOpen(conditionals, origin, name).elseIf(() -> new Condition(rest, origin).value());
                case "else" -> requireOpen(conditionals, origin, name).otherwise();
                case "endif" -> {
                    requireOpen(conditionals, origin, name);
                    conditionals.pop();
                }
                default -> {
                    if (active) {
                        prefix = directive(name, rest, source, origin, depth, line, prefix);
                        continue;
                    }
                }
            }
            emit("", source, lineNumber);
        }
        if (!conditionals.isEmpty()) {
            throw new IdlException(source.name(), sourceLines.length, "an #if, #ifdef or #ifndef is never closed by #endif");
        }
    }

    /** One active directive other than a conditional; returns the prefix in force after it. */
    private String directive(String name, String rest, IdlSource source, Origin origin, int depth, String line,
            String prefix) {
        switch (name) {
            case "include" -> {
                Matcher include = INCLUDE.matcher(rest);
                if (!include.find()) {
                    throw new IdlException(origin.file(), origin.line(), "#include needs \"file\" or <file>, not " + rest);
                }
                IdlSource included = source.include(include.group(2), include.group(1).equals("\""))
                        .or(() -> builtIn(include.group(2))).orElseThrow(
                        () -> new IdlException(origin.file(), origin.line(), "#include " + include.group(1)
                                + include.group(2) + (include.group(1).equals("\"") ? "\"" : ">")
                                + ": no such file beside " + source.name() + " or in the include directories"));
                emit("", source, origin.line());
                if (!onceOnly.contains(included.identity())) {
                    // the included file starts with no prefix, and its prefix ends with it
                    emit("#pragma prefix \"\"", source, origin.line());
                    file(included, depth + 1);
                    emit("#pragma prefix \"" + prefix + "\"", source, origin.line());
                }
                return prefix;
            }
            case "define" -> {
                Matcher define = DEFINE.matcher(rest);
                if (!define.matches()) {
                    throw new IdlException(origin.file(), origin.line(), "#define needs a name: " + rest);
                }
                if (define.group(2) != null) {
                    throw new IdlException(origin.file(), origin.line(), "#define of a macro with parameters ("
                            + define.group(1) + "(...)) is not supported in IDL read at run time");
                }
                macros.put(define.group(1), define.group(3).trim());
            }
            case "undef" -> macros.remove(firstWord(rest, origin, name));
            case "pragma" -> {
                if (rest.equals("once")) {
                    onceOnly.add(source.identity());
                } else {
                    Matcher prefixPragma = PREFIX.matcher(rest);
                    if (prefixPragma.find()) {
                        prefix = prefixPragma.group(1);
                    }
                    emit(line.trim(), source, origin.line());
                    return prefix;
                }
            }
            case "line", "ident" -> {
                // nothing for a reader of IDL
            }
            case "error" -> throw new IdlException(origin.file(), origin.line(), "#error " + rest);
            case "warning" -> {
                // a warning is no failure
            }
            default -> throw new IdlException(origin.file(), origin.line(), "unknown preprocessor directive #" + name);
        }
        emit("", source, origin.line());
        return prefix;
    }

    /** The OMG's {@code orb.idl}, in the part client IDL uses, where no other is found. */
    private static Optional<IdlSource> builtIn(String name) {
        return name.equals("orb.idl") ? Optional.of(IdlSource.resource(IdlPreprocessor.class.getClassLoader(),
                "org/corbabridge/adapter/idl/orb.idl")) : Optional.empty();
    }

    private void emit(String line, IdlSource source, int lineNumber) {
        text.append(line).append('\n');
        lines.add(new Origin(source.name(), lineNumber));
    }

    /** Replaces defined object-like macros outside string and character literals, repeatedly (not recursively). */
    private String expand(String line) {
        if (macros.isEmpty() || line.isBlank()) {
            return line;
        }
        String current = line;
        for (int round = 0; round < 16; round++) {
            String next = expandOnce(current);
            if (next.equals(current)) {
                return next;
            }
            current = next;
        }
        return current;
    }

    private String expandOnce(String line) {
        StringBuilder out = new StringBuilder(line.length());
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '"' || c == '\'') {
                int end = literalEnd(line, i);
                out.append(line, i, end);
                i = end;
            } else if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
                out.append(line, i, line.length());
                break;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < line.length() && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '_')) {
                    end++;
                }
                String word = line.substring(i, end);
                String value = macros.get(word);
                out.append(value != null && !value.isEmpty() ? value : word);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int literalEnd(String line, int start) {
        char quote = line.charAt(start);
        int i = start + 1;
        while (i < line.length() && line.charAt(i) != quote) {
            i += line.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(line.length(), i + 1);
    }

    private static boolean isDirective(String line) {
        return line.stripLeading().startsWith("#");
    }

    /** Whether a block comment is still open at the end of {@code line}. */
    private static boolean endsInComment(String line, boolean inComment) {
        boolean open = inComment;
        int i = 0;
        while (i < line.length()) {
            if (open) {
                int end = line.indexOf("*/", i);
                if (end < 0) {
                    return true;
                }
                open = false;
                i = end + 2;
                continue;
            }
            char c = line.charAt(i);
            if (c == '"' || c == '\'') {
                i = literalEnd(line, i);
            } else if (line.startsWith("//", i)) {
                return false;
            } else if (line.startsWith("/*", i)) {
                open = true;
                i += 2;
            } else {
                i++;
            }
        }
        return open;
    }

    private static String stripComment(String rest) {
        int line = rest.indexOf("//");
        String stripped = line >= 0 ? rest.substring(0, line) : rest;
        return stripped.replaceAll("/\\*.*?\\*/", " ");
    }

    private static String firstWord(String rest, Origin origin, String directive) {
        Matcher word = WORD.matcher(rest);
        if (!word.lookingAt()) {
            throw new IdlException(origin.file(), origin.line(), "#" + directive + " needs a macro name");
        }
        return word.group();
    }

    private static Conditional requireOpen(Deque<Conditional> conditionals, Origin origin, String directive) {
        if (conditionals.isEmpty()) {
            throw new IdlException(origin.file(), origin.line(), "#" + directive + " without #if");
        }
        return conditionals.peek();
    }

    /** One #if ... #endif: whether its current branch is taken, and whether one was. */
    private static final class Conditional {
        private final boolean outerActive;
        private boolean taking;
        private boolean taken;
        private boolean sawElse;

        Conditional(boolean outerActive, boolean taking) {
            this.outerActive = outerActive;
            this.taking = outerActive && taking;
            this.taken = this.taking;
        }

        boolean taking() {
            return taking;
        }

        void elseIf(BooleanSupplier condition) {
            taking = outerActive && !taken && !sawElse && condition.getAsBoolean();
            taken |= taking;
        }

        void otherwise() {
            taking = outerActive && !taken && !sawElse;
            sawElse = true;
            taken = true;
        }
    }

    /**
     * An #if expression: integers, macros (their values, or 0), {@code defined X}, unary
     * {@code ! - ~}, the arithmetic, comparison and logical operators, and parentheses.
     */
    private final class Condition {
        private final List<String> tokens = new ArrayList<>();
        private final Origin origin;
        private int next;

        Condition(String expression, Origin origin) {
            this.origin = origin;
            Matcher token = Pattern.compile("\\s*(0[xX][0-9a-fA-F]+|\\d+|[A-Za-z_]\\w*|&&|\\|\\||==|!=|<=|>=|<<|>>|\\S)")
                    .matcher(expression);
            int at = 0;
            while (at < expression.length() && token.find(at) && token.start() == at) {
                tokens.add(token.group(1));
                at = token.end();
            }
            if (!expression.substring(at).isBlank()) {
                throw failure("cannot read #if " + expression);
            }
        }

        boolean value() {
            long value = or();
            if (next != tokens.size()) {
                throw failure("unexpected '" + tokens.get(next) + "' in #if");
            }
            return value != 0;
        }

        private long or() {
            long value = and();
            while (accept("||")) {
                long right = and();
                value = (value != 0 || right != 0) ? 1 : 0;
            }
            return value;
        }

        private long and() {
            long value = comparison();
            while (accept("&&")) {
                long right = comparison();
                value = (value != 0 && right != 0) ? 1 : 0;
            }
            return value;
        }

        private long comparison() {
            long value = sum();
            while (true) {
                if (accept("==")) {
                    value = value == sum() ? 1 : 0;
                } else if (accept("!=")) {
                    value = value != sum() ? 1 : 0;
                } else if (accept("<=")) {
                    value = value <= sum() ? 1 : 0;
                } else if (accept(">=")) {
                    value = value >= sum() ? 1 : 0;
                } else if (accept("<")) {
                    value = value < sum() ? 1 : 0;
                } else if (accept(">")) {
                    value = value > sum() ? 1 : 0;
                } else {
                    return value;
                }
            }
        }

        private long sum() {
            long value = unary();
            while (true) {
                if (accept("+")) {
                    value += unary();
                } else if (accept("-")) {
                    value -= unary();
                } else {
                    return value;
                }
            }
        }

        private long unary() {
            if (accept("!")) {
                return unary() == 0 ? 1 : 0;
            }
            if (accept("-")) {
                return -unary();
            }
            if (accept("~")) {
                return ~unary();
            }
            if (accept("(")) {
                long value = or();
                expect(")");
                return value;
            }
            if (accept("defined")) {
                boolean parenthesized = accept("(");
                String name = word();
                if (parenthesized) {
                    expect(")");
                }
                return macros.containsKey(name) ? 1 : 0;
            }
            if (next >= tokens.size()) {
                throw failure("#if ends too early");
            }
            String token = tokens.get(next++);
            if (Character.isDigit(token.charAt(0))) {
                return token.startsWith("0x") || token.startsWith("0X") ? Long.parseLong(token.substring(2), 16)
                        : Long.parseLong(token);
            }
            if (Character.isLetter(token.charAt(0)) || token.charAt(0) == '_') {
                String value = macros.get(token);
                if (value == null || value.isBlank()) {
                    return 0;
                }
                return new Condition(value, origin).or();
            }
            throw failure("unexpected '" + token + "' in #if");
        }

        private String word() {
            if (next >= tokens.size() || !WORD.matcher(tokens.get(next)).matches()) {
                throw failure("defined needs a macro name");
            }
            return tokens.get(next++);
        }

        private boolean accept(String token) {
            if (next < tokens.size() && tokens.get(next).equals(token)) {
                next++;
                return true;
            }
            return false;
        }

        private void expect(String token) {
            if (!accept(token)) {
                throw failure("'" + token + "' expected in #if");
            }
        }

        private IdlException failure(String message) {
            return new IdlException(origin.file(), origin.line(), message);
        }
    }
}
