package org.corbabridge.adapter.internal.call;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.internal.cdr.IorSplit;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.time.Deadline;
import org.corbabridge.adapter.internal.time.Ticker;

/**
 * The replicas a configuration names ({@link AdapterConfig#replicas()}), one per object: a name
 * in the configured name service, a name in a name service of its own, every object bound in a
 * naming context (a target ending in {@code /}), an IOR (one per address
 * when it has several profiles or alternate addresses: {@link IorSplit}), or a corbaloc: URL, one
 * per address when it lists several.
 */
final class ReplicaTargets {

    /**
     * One replica: how it is described in messages and how it is located.
     *
     * @param failedListing whether it stands for a naming context that could not be listed
     */
    record Target(String description, Supplier<org.omg.CORBA.Object> locator, boolean failedListing) {

        Target(String description, Supplier<org.omg.CORBA.Object> locator) {
            this(description, locator, false);
        }
    }

    private ReplicaTargets() {
    }

    /** The configuration's replicas, each lookup of the listing bounded by a call time-out of its own. */
    static List<Target> of(AdapterConfig config, OrbLease orb) {
        return of(config, orb, () -> Deadline.after(config.callTimeout(), Ticker.SYSTEM));
    }

    /**
     * The configuration's replicas, every lookup of the listing bounded by {@code deadline}, one for
     * all (as a client is made); each lookup is an attempt of its own all the same, with its own
     * send and connection limits, since listing a context of many replicas takes many lookups.
     */
    static List<Target> of(AdapterConfig config, OrbLease orb, Deadline deadline) {
        return of(config, orb, () -> deadline);
    }

    private static List<Target> of(AdapterConfig config, OrbLease orb, Supplier<Deadline> lookupDeadline) {
        List<Target> targets = new ArrayList<>();
        for (String replica : config.replicas()) {
            String lower = replica.toLowerCase(Locale.ROOT);
            if (lower.startsWith("corbaname:") && replica.endsWith("/")) {
                int hash = replica.indexOf('#');
                listed(targets, orb, replica.substring(0, hash), replica.substring(0, hash),
                        replica.substring(hash + 1), lookupDeadline);
            } else if (lower.startsWith("corbaname:")) {
                int hash = replica.indexOf('#');
                String nameService = replica.substring(0, hash);
                String name = replica.substring(hash + 1);
                targets.addAll(byAddress(new Target("'" + name + "' in " + nameService,
                        () -> NamingLookup.resolve(orb, nameService, name)), orb, lookupDeadline));
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
            } else if (replica.endsWith("/")) {
                listed(targets, orb, config.nameServiceUrl(), config.nameServiceDescription(), replica,
                        lookupDeadline);
            } else {
                targets.addAll(byAddress(new Target("'" + replica + "' in " + config.nameServiceDescription(),
                        () -> NamingLookup.resolve(orb, config.nameServiceUrl(), replica)), orb, lookupDeadline));
            }
        }
        return targets;
    }

    /**
     * The replicas a name is bound to: one, or one per address when the reference it resolves to
     * has several (fault-tolerant naming hands such out); each resolves the name again when it is
     * located again, and takes its own address of what it finds. A name that cannot be resolved
     * now is one replica, which fails as it does. What the name resolved to here is what each
     * replica is first bound to: the name is not resolved twice when the client is made.
     */
    static List<Target> byAddress(Target named, OrbLease orb, Supplier<Deadline> lookupDeadline) {
        org.omg.CORBA.Object found;
        List<IorSplit.Address> addresses;
        try {
            found = bounded(lookupDeadline, named.locator());
            addresses = IorSplit.addresses(orb.orb().object_to_string(found));
        } catch (RuntimeException notNow) {
            return List.of(named);
        }
        if (addresses.size() < 2) {
            return List.of(new Target(named.description(), firstThen(() -> found, named.locator())));
        }
        List<Target> targets = new ArrayList<>();
        for (IorSplit.Address address : addresses) {
            String at = address.host() + ":" + address.port();
            targets.add(new Target(named.description() + " at " + at, firstThen(
                    () -> NamingLookup.object(orb, address.ior()), () -> {
                        String now = orb.orb().object_to_string(named.locator().get());
                        return IorSplit.addresses(now).stream().filter(a -> (a.host() + ":" + a.port()).equals(at))
                                .findFirst().map(a -> NamingLookup.object(orb, a.ior()))
                                .orElseThrow(() -> new NameNotBoundException(named.description()
                                        + " no longer has the address " + at, Completion.NOT_APPLICABLE, null));
                    })));
        }
        return targets;
    }

    /**
     * One lookup in the name service, bounded as a call's attempt is (its deadline, its send and
     * connection limits: a name service that forwards in a loop or closes each connection, which
     * an ORB would follow for ever), each an attempt of its own: listing a context of many replicas
     * takes many lookups. Inside a call's attempt (a replica located again), the call's bounds hold
     * instead.
     */
    private static <R> R bounded(Supplier<Deadline> lookupDeadline, Supplier<R> lookup) {
        return CurrentAttempt.current() != null ? lookup.get() : CurrentAttempt.within(lookupDeadline.get(), lookup);
    }

    /** A locator that gives {@code first} the first time (what was found a moment ago), {@code again} after. */
    private static Supplier<org.omg.CORBA.Object> firstThen(Supplier<org.omg.CORBA.Object> first,
            Supplier<org.omg.CORBA.Object> again) {
        AtomicBoolean used = new AtomicBoolean();
        return () -> used.compareAndSet(false, true) ? first.get() : again.get();
    }

    /** The name services the configuration's replicas are looked up in, for a message. */
    static String nameServices(AdapterConfig config) {
        return config.replicas().stream().map(replica -> replica.toLowerCase(Locale.ROOT).startsWith("corbaname:")
                ? replica.substring(0, replica.indexOf('#')) : config.nameServiceDescription()).distinct()
                .collect(Collectors.joining(" or "));
    }

    /** Whether any target is every binding of a naming context, to be listed again now and then. */
    static boolean listsContexts(AdapterConfig config) {
        return config.replicas().stream().anyMatch(target -> target.endsWith("/"));
    }

    /**
     * A replica per object bound in {@code context} ("Warehouses/", "/" for the root), listed
     * now; a context that cannot be listed is one replica that fails as the listing did, so that
     * the client's other replicas still serve and the failure is told.
     */
    private static void listed(List<Target> targets, OrbLease orb, String nameServiceUrl, String where,
            String context, Supplier<Deadline> lookupDeadline) {
        String path = context.substring(0, context.length() - 1);
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        try {
            String listedPath = path;
            for (String name : bounded(lookupDeadline, () -> NamingLookup.objectsIn(orb, nameServiceUrl, listedPath))) {
                targets.addAll(byAddress(new Target("'" + name + "' in " + where,
                        () -> NamingLookup.resolve(orb, nameServiceUrl, name)), orb, lookupDeadline));
            }
        } catch (CorbaAdapterException e) {
            targets.add(new Target("the bindings of '" + context + "' in " + where, () -> {
                throw e;
            }, true));
        }
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
