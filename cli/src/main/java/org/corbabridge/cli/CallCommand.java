package org.corbabridge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.DynamicReply;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OperationSignature;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.RemoteUserException;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code call --idl FILE REFERENCE OPERATION --json ARGUMENTS}: one call through the dynamic
 * client, its arguments from JSON, and its result, out parameters or user exception as JSON.
 * Arguments are checked against the IDL before anything is sent.
 */
@Command(name = "call", mixinStandardHelpOptions = true,
        description = "Calls an operation with JSON arguments and prints the result, the out parameters or the user "
                + "exception as JSON.")
final class CallCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--idl", required = true, paramLabel = "FILE", description = "The IDL file that declares the interface.")
    Path idl;

    @Option(names = {"-I", "--include"}, paramLabel = "DIR", description = "Where #include looks after the file's own folder.")
    List<Path> includes = new ArrayList<>();

    @Option(names = "--interface", paramLabel = "NAME",
            description = "The interface, where more than one in the IDL has the operation.")
    String interfaceName;

    @Option(names = "--json", paramLabel = "ARGUMENTS", defaultValue = "[]",
            description = "The in and inout arguments: a JSON array in parameter order, or an object by parameter "
                    + "name (default: ${DEFAULT-VALUE}).")
    String json;

    @Option(names = "--mode", defaultValue = "DYNAMIC",
            description = "DYNAMIC (the adapter's own marshalling) or DII (the ORB's Request) (default: ${DEFAULT-VALUE}).")
    InvocationMode mode;

    @Option(names = "--idempotent", description = "May be retried after a lost reply: running it twice is harmless.")
    boolean idempotent;

    @Parameters(index = "0", paramLabel = "REFERENCE",
            description = "The object: corbaname::HOST:PORT#NAME, corbaloc::HOST:PORT/KEY or IOR:...")
    String reference;

    @Parameters(index = "1", paramLabel = "OPERATION", description = "The operation, or _get_NAME / _set_NAME for an attribute.")
    String operation;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (mode == InvocationMode.STATIC) {
            throw new IllegalArgumentException("--mode STATIC needs generated classes; the command line calls with "
                    + "DYNAMIC or DII");
        }
        Idl read = Idl.read(idl, includes.toArray(new Path[0]));
        InterfaceSignature signature = read.signature(interfaceOf(read));
        OperationSignature called = signature.operation(operation).orElseThrow(() -> new IllegalArgumentException(
                signature.repositoryId() + " has no operation '" + operation + "'; it has "
                        + signature.operations().stream().map(OperationSignature::name).toList()));
        JsonNode given = parse(json);
        // checked first with anys only checked, so that wrong arguments are refused before anything is sent
        arguments(called, given, new JsonValues((type, value) -> {
            checkAny(read, type, value);
            return null;
        }));
        AdapterConfig.Builder config = Targets.target(connection.config().invocation(mode), reference);
        if (idempotent) {
            config.idempotent(operation);
        }
        try (DynamicClient client = DynamicClient.create(signature, config.build())) {
            Object[] arguments = arguments(called, given, new JsonValues((type, value) -> {
                TypeCode anyType = typeNamed(read, type);
                return client.toAny(anyType, new JsonValues(null).toValue(value, anyType, "any of " + type));
            }));
            ObjectNode output = JsonValues.JSON.createObjectNode();
            // an any of the reply the client cannot read is no bad argument: the call ran
            Function<Any, Object> readable = any -> {
                try {
                    return client.fromAny(any);
                } catch (IllegalArgumentException unreadable) {
                    throw new IllegalStateException("the call ran, but its reply cannot be shown: "
                            + unreadable.getMessage(), unreadable);
                }
            };
            try {
                DynamicReply reply = client.invoke(operation, arguments);
                if (called.returnsValue()) {
                    output.set("result", JsonValues.toJson(reply.result(), called.result(), readable));
                }
                ObjectNode outs = JsonValues.JSON.createObjectNode();
                for (OperationSignature.Parameter parameter : called.parameters()) {
                    if (parameter.mode() != ParameterMode.IN) {
                        outs.set(parameter.name(), JsonValues.toJson(reply.outputs().get(parameter.name()),
                                parameter.type(), readable));
                    }
                }
                if (!outs.isEmpty()) {
                    output.set("out", outs);
                }
            } catch (RemoteUserException raised) {
                output.put("exception", raised.repositoryId());
                TypeCode exception = called.exceptions().stream()
                        .filter(type -> id(type).equals(raised.repositoryId())).findFirst().orElse(null);
                output.set("members", exception != null ? JsonValues.toJson(raised.members(), exception, readable)
                        : JsonValues.JSON.valueToTree(raised.members().toString()));
                print(output);
                return ExitCode.USER_EXCEPTION.status();
            }
            print(output);
            return ExitCode.OK.status();
        }
    }

    /** The named interface, else the one interface of the IDL that has the operation. */
    private String interfaceOf(Idl read) {
        if (interfaceName != null) {
            return interfaceName;
        }
        List<String> having = read.interfaces().stream()
                .filter(name -> read.signature(name).operation(operation).isPresent()).toList();
        if (having.size() == 1) {
            return having.get(0);
        }
        throw new IllegalArgumentException(having.isEmpty()
                ? "no interface in " + idl + " has an operation '" + operation + "'; its interfaces are "
                        + read.interfaces()
                : "the interfaces " + having + " all have '" + operation + "': name one with --interface");
    }

    private static Object[] arguments(OperationSignature called, JsonNode given, JsonValues values) {
        List<OperationSignature.Parameter> parameters = called.parameters();
        List<OperationSignature.Parameter> sent = parameters.stream()
                .filter(parameter -> parameter.mode() != ParameterMode.OUT).toList();
        Object[] arguments = new Object[parameters.size()];
        if (given.isArray()) {
            if (given.size() != sent.size()) {
                throw new IllegalArgumentException(IdlText.operation(called) + " takes " + sent.size()
                        + " arguments (its in and inout parameters), not " + given.size());
            }
        } else if (!given.isObject()) {
            throw new IllegalArgumentException("--json is a JSON array of the arguments or an object by parameter name, "
                    + "not " + given);
        }
        int next = 0;
        for (int i = 0; i < parameters.size(); i++) {
            OperationSignature.Parameter parameter = parameters.get(i);
            if (parameter.mode() == ParameterMode.OUT) {
                continue;
            }
            JsonNode value = given.isArray() ? given.get(next++) : given.get(parameter.name());
            if (value == null) {
                throw new IllegalArgumentException("argument '" + parameter.name() + "' (" + IdlText.name(parameter.type())
                        + ") is missing");
            }
            arguments[i] = values.toValue(value, parameter.type(), "argument '" + parameter.name() + "'");
        }
        if (given.isObject()) {
            given.fieldNames().forEachRemaining(name -> {
                if (sent.stream().noneMatch(parameter -> parameter.name().equals(name))) {
                    throw new IllegalArgumentException(IdlText.operation(called) + " has no in or inout parameter '"
                            + name + "'");
                }
            });
        }
        return arguments;
    }

    private static void checkAny(Idl read, String type, JsonNode value) {
        TypeCode anyType = typeNamed(read, type);
        new JsonValues((inner, innerValue) -> {
            checkAny(read, inner, innerValue);
            return null;
        }).toValue(value, anyType, "any of " + type);
    }

    /** An IDL primitive's name, or a type the IDL declares (scoped name or repository id). */
    private static TypeCode typeNamed(Idl read, String name) {
        ORB orb = ORB.init();
        return switch (name.trim().replaceAll("\\s+", " ")) {
            case "short" -> orb.get_primitive_tc(TCKind.tk_short);
            case "long" -> orb.get_primitive_tc(TCKind.tk_long);
            case "long long" -> orb.get_primitive_tc(TCKind.tk_longlong);
            case "unsigned short" -> orb.get_primitive_tc(TCKind.tk_ushort);
            case "unsigned long" -> orb.get_primitive_tc(TCKind.tk_ulong);
            case "unsigned long long" -> orb.get_primitive_tc(TCKind.tk_ulonglong);
            case "float" -> orb.get_primitive_tc(TCKind.tk_float);
            case "double" -> orb.get_primitive_tc(TCKind.tk_double);
            case "boolean" -> orb.get_primitive_tc(TCKind.tk_boolean);
            case "char" -> orb.get_primitive_tc(TCKind.tk_char);
            case "wchar" -> orb.get_primitive_tc(TCKind.tk_wchar);
            case "octet" -> orb.get_primitive_tc(TCKind.tk_octet);
            case "string" -> orb.create_string_tc(0);
            case "wstring" -> orb.create_wstring_tc(0);
            default -> read.type(name);
        };
    }

    private static JsonNode parse(String text) {
        try {
            return JsonValues.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("--json is not JSON: " + e.getOriginalMessage());
        }
    }

    private static String id(TypeCode type) {
        try {
            return type.id();
        } catch (org.omg.CORBA.TypeCodePackage.BadKind e) {
            return "";
        }
    }

    private void print(JsonNode output) {
        try {
            spec.commandLine().getOut().println(JsonValues.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(output));
            spec.commandLine().getOut().flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
