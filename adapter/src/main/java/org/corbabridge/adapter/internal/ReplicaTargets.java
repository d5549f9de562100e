package org.corbabridge.adapter.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.corbabridge.adapter.AdapterConfig;

/**
 * The replicas a configuration names ({@link AdapterConfig#replicas()}), one per object: a name
 * in the configured name service, a name in a name service of its own, an IOR (one per address
 * when it has several profiles or alternate addresses: {@link IorSplit}), or a corbaloc: URL, one
 * per address when it lists several.
 */
final class ReplicaTargets {

    /** One replica: how it is described in messages and how it is located. */
    record Target(String description, Supplier<org.omg.CORBA.Object> locator) {
    }

    private ReplicaTargets() {
    }

    static List<Target> of(AdapterConfig config, OrbLease orb) {
        List<Target> targets = new ArrayList<>();
        for (String replica : config.replicas()) {
            String lower = replica.toLowerCase(Locale.ROOT);
            if (lower.startsWith("corbaname:")) {
                int hash = replica.indexOf('#');
                String nameService = replica.substring(0, hash);
                String name = replica.substring(hash + 1);
                targets.add(new Target("'" + name + "' in " + nameService,
                        () -> NamingLookup.resolve(orb, nameService, name)));
            } else if (lower.startsWith("corbaloc:")) {
                for (String url : splitCorbaloc(replica)) {
                    targets.add(new Target("the object at " + url, () -> NamingLookup.object(orb, url)));
                }
            } else if (lower.startsWith("ior:")) {
                List<IorSplit.Address> addresses = IorSplit.addresses(replica);
                for (IorSplit.Address address : addresses) {
                    String description = addresses.size() == 1 ? "the object at " + NamingLookup.abbreviate(replica)
                            : "the object at " + address.host() + ":" + address.port() + " (an address of "
                                    + NamingLookup.abbreviate(replica) + ")";
                    targets.add(new Target(description, () -> NamingLookup.object(orb, address.ior())));
                }
            } else {
                targets.add(new Target("'" + replica + "' in " + config.nameServiceDescription(),
                        () -> NamingLookup.resolve(orb, config.nameServiceUrl(), replica)));
            }
        }
        return targets;
    }

    /**
     * A corbaloc: URL per address of {@code url}: {@code corbaloc::h1:1,:h2:2/Key} is
     * {@code corbaloc::h1:1/Key} and {@code corbaloc::h2:2/Key}; one of one address is itself.
     */
    static List<String> splitCorbaloc(String url) {
        String rest = url.substring("corbaloc:".length());
        int slash = rest.indexOf('/');
        String addresses = slash < 0 ? rest : rest.substring(0, slash);
        String key = slash < 0 ? "" : rest.substring(slash);
        List<String> urls = new ArrayList<>();
        for (String address : addresses.split(",")) {
            if (address.isBlank()) {
                throw new IllegalArgumentException("'" + url + "' has an empty address");
            }
            urls.add("corbaloc:" + address.trim() + key);
        }
        return urls;
    }
}
