package org.corbabridge.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code corbabridge}: asks a running CORBA system a question the way {@code grpcurl} asks a gRPC
 * server. Every command is bounded by {@code --timeout}, runs on the ORB {@code --orb} names and
 * speaks TLS when given a trust store; the exit status tells the failures apart ({@link ExitCode}).
 *
 * <pre>
 * corbabridge ns ls --ns corbaname::127.0.0.1:2809
 * corbabridge ior corbaname::127.0.0.1:2809#Warehouse
 * corbabridge describe --idl warehouse.idl Warehouse
 * corbabridge call --idl warehouse.idl corbaname::127.0.0.1:2809#Warehouse fetch --json '["p-1"]'
 * </pre>
 */
@Command(name = "corbabridge", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {NamingCommand.class, IorCommand.class, DescribeCommand.class, CallCommand.class},
        description = "Asks a running CORBA system: what a naming context holds, what a reference says, what an "
                + "IDL interface offers, and what an operation answers.",
        footer = {"", "Exit status: 0 done, 1 another failure, 2 bad arguments, 3 name not found, 4 unreachable, "
                + "5 time-out, 6 the operation raised a user exception."})
public final class Main implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name a command: ns, ior, describe or call");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(run(out, err, args));
    }

    /** Runs one command line, printing to {@code out} and {@code err}, and returns its exit status. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine line = new CommandLine(new Main());
        line.setCaseInsensitiveEnumValuesAllowed(true);
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler((failure, failed, parsed) -> {
            failed.getErr().println("corbabridge: " + failure.getMessage());
            failed.getErr().flush();
            return ExitCode.of(failure).status();
        });
        int status = line.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /** The version the jar's manifest carries, when it runs from the jar. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"corbabridge " + (version != null ? version : "(development build)")};
        }
    }
}
