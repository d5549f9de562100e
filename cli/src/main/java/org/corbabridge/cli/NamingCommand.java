package org.corbabridge.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.internal.cdr.IorInspection;
import org.omg.CORBA.portable.ObjectImpl;
import org.omg.CosNaming.Binding;
import org.omg.CosNaming.BindingIteratorHolder;
import org.omg.CosNaming.BindingListHolder;
import org.omg.CosNaming.BindingType;
import org.omg.CosNaming.NameComponent;
import org.omg.CosNaming.NamingContextOperations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ns}: the naming service. */
@Command(name = "ns", description = "The naming service.", subcommands = NamingCommand.List.class,
        mixinStandardHelpOptions = true)
final class NamingCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "name a command: ls");
    }

    /**
     * {@code ns ls [CONTEXT]}: each binding of a naming context, a context or an object, and an
     * object's type id and address. The naming context is called through the adapter itself (its
     * generated CosNaming classes), so it is bounded and its failures are typed like any call.
     */
    @Command(name = "ls", mixinStandardHelpOptions = true,
            description = "Lists a naming context: each binding's name, context or object, and an object's type id "
                    + "and address.")
    static final class List implements Callable<Integer> {

        @Mixin
        ConnectionOptions connection;

        @Option(names = "--ns", paramLabel = "URL", defaultValue = "${env:CORBABRIDGE_NS:-corbaname::127.0.0.1:2809}",
                description = "The name service (default: ${DEFAULT-VALUE}; env CORBABRIDGE_NS).")
        String nameService;

        @Parameters(index = "0", arity = "0..1", paramLabel = "CONTEXT",
                description = "A context's name, such as shop/east; the root when left out.")
        String context;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            AdapterConfig.Builder config = connection.config().idempotent("list", "resolve", "next_n");
            if (context == null || context.isBlank()) {
                config.objectUrl(Targets.rootContext(nameService));
            } else {
                config.nameService(Targets.rootContext(nameService)).name(context);
            }
            java.util.List<String[]> rows = new ArrayList<>();
            try (CorbaClient<NamingContextOperations> client = CorbaClient.create(NamingContextOperations.class,
                    config.build())) {
                NamingContextOperations naming = client.proxy();
                BindingListHolder first = new BindingListHolder();
                BindingIteratorHolder more = new BindingIteratorHolder();
                naming.list(1000, first, more);
                java.util.List<Binding> bindings = new ArrayList<>(java.util.List.of(first.value));
                if (more.value != null) {
                    BindingListHolder next = new BindingListHolder();
                    while (more.value.next_n(1000, next)) {
                        bindings.addAll(java.util.List.of(next.value));
                    }
                    more.value.destroy();
                }
                for (Binding binding : bindings) {
                    rows.add(row(naming, binding));
                }
            }
            print(spec.commandLine().getOut(), rows);
            return ExitCode.OK.status();
        }

        private static String[] row(NamingContextOperations naming, Binding binding) {
            String name = name(binding.binding_name);
            if (binding.binding_type.value() == BindingType._ncontext) {
                return new String[] {name + "/", "context", "", ""};
            }
            org.omg.CORBA.Object reference;
            try {
                reference = naming.resolve(binding.binding_name);
            } catch (org.omg.CosNaming.NamingContextPackage.NotFound | org.omg.CosNaming.NamingContextPackage.CannotProceed
                    | org.omg.CosNaming.NamingContextPackage.InvalidName gone) {
                return new String[] {name, "object", "(unbound while listed)", ""};
            }
            if (reference == null) {
                return new String[] {name, "object", "(nil)", ""};
            }
            IorInspection.Ior ior = IorInspection.decode(((ObjectImpl) reference)._orb().object_to_string(reference));
            String address = ior.profiles().stream().filter(profile -> !profile.host().isEmpty())
                    .map(profile -> profile.host() + ":" + profile.port()).findFirst().orElse("");
            return new String[] {name, "object", ior.typeId(), address + (ior.offersTls() ? " (TLS)" : "")};
        }

        private static String name(NameComponent[] components) {
            java.util.List<String> parts = new ArrayList<>();
            for (NameComponent component : components) {
                parts.add(component.kind == null || component.kind.isEmpty() ? component.id
                        : component.id + "." + component.kind);
            }
            return String.join("/", parts);
        }

        private static void print(PrintWriter out, java.util.List<String[]> rows) {
            rows.sort((a, b) -> a[0].compareTo(b[0]));
            int[] widths = {"NAME".length(), "KIND".length(), "TYPE".length()};
            for (String[] row : rows) {
                for (int i = 0; i < widths.length; i++) {
                    widths[i] = Math.max(widths[i], row[i].length());
                }
            }
            String format = "%-" + widths[0] + "s  %-" + widths[1] + "s  %-" + widths[2] + "s  %s%n";
            out.printf(format, "NAME", "KIND", "TYPE", "ADDRESS");
            for (String[] row : rows) {
                out.printf(format, (Object[]) row);
            }
            out.flush();
        }
    }
}
