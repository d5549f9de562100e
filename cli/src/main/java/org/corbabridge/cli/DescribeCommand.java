package org.corbabridge.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.IdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code describe --idl FILE [INTERFACE]}: an interface's operations and attributes, with their IDL types. */
@Command(name = "describe", mixinStandardHelpOptions = true,
        description = "Shows an IDL interface's attributes and operations with their types; every interface of the "
                + "file when none is named. Reads the IDL only: nothing is sent.")
final class DescribeCommand implements Callable<Integer> {

    @Option(names = "--idl", required = true, paramLabel = "FILE", description = "The IDL file.")
    Path idl;

    @Option(names = {"-I", "--include"}, paramLabel = "DIR", description = "Where #include looks after the file's own folder.")
    List<Path> includes = new ArrayList<>();

    @Parameters(index = "0", arity = "0..1", paramLabel = "INTERFACE",
            description = "The interface: its scoped name, its simple name, or its repository id.")
    String interfaceName;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Idl read = Idl.read(idl, includes.toArray(new Path[0]));
        List<String> names = interfaceName != null ? List.of(interfaceName) : read.interfaces();
        StringBuilder text = new StringBuilder();
        for (String name : names) {
            String scoped = interfaceName == null ? name : read.interfaces().stream()
                    .filter(candidate -> candidate.equals(name) || candidate.endsWith("::" + name)).findFirst()
                    .orElse(name);
            text.append(text.length() > 0 ? "\n" : "");
            if (interfaceName != null) {
                text.append(IdlText.describe(scoped, read.signature(name)));
                continue;
            }
            // every interface of the file: one that cannot be called (a local interface, a value
            // type in a signature) is said so, and the others are still shown
            try {
                text.append(IdlText.describe(scoped, read.signature(name)));
            } catch (IdlException refused) {
                text.append("// interface ").append(scoped).append(" cannot be called: ").append(refused.getMessage())
                        .append('\n');
            }
        }
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.status();
    }
}
