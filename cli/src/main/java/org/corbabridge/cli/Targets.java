package org.corbabridge.cli;

import java.util.Locale;
import org.corbabridge.adapter.AdapterConfig;

/** The forms a command takes an object in: a corbaname: URL with its #name, an IOR, or a corbaloc: URL. */
final class Targets {

    private Targets() {
    }

    /** Points the configuration at the object {@code reference} names. */
    static AdapterConfig.Builder target(AdapterConfig.Builder config, String reference) {
        String lower = reference.toLowerCase(Locale.ROOT);
        if (lower.startsWith("corbaname:")) {
            int hash = reference.indexOf('#');
            if (hash < 0 || hash == reference.length() - 1) {
                throw new IllegalArgumentException("a corbaname: URL names its object after '#', as in "
                        + "corbaname::127.0.0.1:2809#Warehouse; '" + reference + "' has no name");
            }
            return config.nameService(reference);
        }
        if (lower.startsWith("ior:") || lower.startsWith("corbaloc:")) {
            return config.objectUrl(reference);
        }
        throw new IllegalArgumentException("a reference is a corbaname:, corbaloc: or IOR: string, not '" + reference
                + "'");
    }

    /** The name service's root context as a corbaloc: URL ({@code corbaname::h:p} is {@code corbaloc::h:p/NameService}). */
    static String rootContext(String nameService) {
        String lower = nameService.toLowerCase(Locale.ROOT);
        if (lower.startsWith("corbaloc:")) {
            return nameService;
        }
        if (!lower.startsWith("corbaname:")) {
            throw new IllegalArgumentException("a name service is a corbaname: or corbaloc: URL, not '" + nameService
                    + "'");
        }
        String rest = nameService.substring("corbaname:".length());
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            rest = rest.substring(0, hash);
        }
        return "corbaloc:" + rest + (rest.contains("/") ? "" : "/NameService");
    }
}
