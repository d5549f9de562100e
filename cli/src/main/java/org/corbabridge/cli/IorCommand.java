package org.corbabridge.cli;

import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.adapter.internal.cdr.IorInspection;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.ObjectImpl;
import org.omg.CosNaming.NamingContextExtOperations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ior REFERENCE}: what a reference says. An {@code IOR:} string and a {@code corbaloc:}
 * URL are decoded without a byte on the network; a {@code corbaname:} URL is resolved first.
 */
@Command(name = "ior", mixinStandardHelpOptions = true,
        description = "Decodes a reference: type id, profiles, addresses, object key, components, TLS port.")
final class IorCommand implements Callable<Integer> {

    @Mixin
    ConnectionOptions connection;

    @Parameters(index = "0", paramLabel = "REFERENCE", description = "An IOR: string, a corbaloc: or a corbaname: URL.")
    String reference;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        print(spec.commandLine().getOut(), IorInspection.decode(stringified()));
        return ExitCode.OK.status();
    }

    private String stringified() {
        String lower = reference.toLowerCase(Locale.ROOT);
        if (lower.startsWith("ior:")) {
            return reference.trim();
        }
        if (lower.startsWith("corbaloc:")) {
            ORB orb = Orbs.create(connection.orbConfig(), connection.timeout, connection.connectTimeout);
            try {
                return orb.object_to_string(orb.string_to_object(reference));
            } catch (org.omg.CORBA.BAD_PARAM e) {
                throw new IllegalArgumentException("'" + reference + "' is not a valid corbaloc: URL", e);
            } finally {
                Orbs.destroy(orb);
            }
        }
        if (lower.startsWith("corbaname:")) {
            int hash = reference.indexOf('#');
            if (hash < 0 || hash == reference.length() - 1) {
                throw new IllegalArgumentException("a corbaname: URL names its object after '#', as in "
                        + "corbaname::127.0.0.1:2809#Warehouse");
            }
            try (CorbaClient<NamingContextExtOperations> naming = CorbaClient.create(NamingContextExtOperations.class,
                    connection.config().objectUrl(Targets.rootContext(reference)).idempotent("resolve_str").build())) {
                org.omg.CORBA.Object resolved = resolve(naming, reference.substring(hash + 1));
                return ((ObjectImpl) resolved)._orb().object_to_string(resolved);
            }
        }
        throw new IllegalArgumentException("a reference is an IOR: string, a corbaloc: or a corbaname: URL, not '"
                + reference + "'");
    }

    private static org.omg.CORBA.Object resolve(CorbaClient<NamingContextExtOperations> naming, String name) {
        try {
            return naming.proxy().resolve_str(name);
        } catch (org.omg.CosNaming.NamingContextPackage.NotFound e) {
            throw new org.corbabridge.adapter.NameNotBoundException("nothing is bound as '" + name + "' in "
                    + naming.target(), org.corbabridge.adapter.Completion.NOT_APPLICABLE, e);
        } catch (org.omg.CosNaming.NamingContextPackage.CannotProceed
                | org.omg.CosNaming.NamingContextPackage.InvalidName e) {
            throw new org.corbabridge.adapter.NameNotBoundException("'" + name + "' cannot be resolved in "
                    + naming.target(), org.corbabridge.adapter.Completion.NOT_APPLICABLE, e);
        }
    }

    static void print(PrintWriter out, IorInspection.Ior ior) {
        out.printf("type id     %s%n", ior.typeId().isEmpty() ? "(none: a plain CORBA::Object)" : ior.typeId());
        int number = 0;
        for (IorInspection.Profile profile : ior.profiles()) {
            number++;
            if (!profile.version().isEmpty()) {
                out.printf("profile %d   %s, IIOP %s, %s:%d%n", number, profile.name(), profile.version(), profile.host(),
                        profile.port());
                out.printf("  object key  %s  \"%s\"%n", HexFormat.of().formatHex(profile.objectKey()),
                        printable(profile.objectKey()));
            } else {
                out.printf("profile %d   %s, %d bytes%n", number, profile.name(), profile.length());
            }
            for (IorInspection.Component component : profile.components()) {
                out.printf("  component   %s: %s%n", component.name(), component.detail());
            }
        }
        out.printf("TLS         %s%n", ior.offersTls() ? "offered (see TAG_SSL_SEC_TRANS or TAG_CSI_SEC_MECH_LIST)"
                : "not offered: plain IIOP only");
        out.flush();
    }

    private static String printable(byte[] key) {
        StringBuilder text = new StringBuilder();
        for (byte b : key) {
            text.append(b >= 0x20 && b < 0x7f ? (char) b : '.');
        }
        return text.toString();
    }
}
