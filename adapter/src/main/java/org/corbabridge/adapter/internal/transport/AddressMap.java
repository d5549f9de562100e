package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corbabridge.adapter.internal.time.CurrentAttempt;

/**
 * Where to connect for the address a server publishes in its references: the same address, or
 * the one a rule maps it to, for a server behind NAT or in a container whose own address the
 * client cannot reach. Rules are tried in order; the first that matches wins. A rule's published
 * side is {@code HOST:PORT}, where HOST may be {@code *} (any host) or {@code *.SUFFIX}, and PORT
 * {@code *} (any port); its reachable side is {@code HOST:PORT}, where PORT may be {@code *} (the
 * published port). Every ORB's socket factories here connect through it, TLS included. Immutable.
 */
public final class AddressMap {

    /** The ORB property that carries the rules: {@code PUBLISHED=REACHABLE}, separated by {@code ;}. */
    public static final String PROPERTY = "org.corbabridge.transport.addressMap";

    static final AddressMap NONE = new AddressMap(List.of());

    /** Opens a connection to an address. */
    @FunctionalInterface
    public interface Connector {
        Socket connect(InetSocketAddress address) throws IOException;
    }

    private record Rule(String host, int port, String toHost, int toPort) {
        boolean matches(String publishedHost, int publishedPort) {
            boolean hostMatches = host.equals("*")
                    || (host.startsWith("*.") ? publishedHost.toLowerCase(Locale.ROOT).endsWith(host.substring(1))
                            : publishedHost.equalsIgnoreCase(host));
            return hostMatches && (port < 0 || port == publishedPort);
        }
    }

    private final List<Rule> rules;

    private AddressMap(List<Rule> rules) {
        this.rules = rules;
    }

    /** The rules of an ORB property's value; none for null or blank. */
    public static AddressMap parse(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        List<Rule> rules = new ArrayList<>();
        for (String rule : value.split(";")) {
            if (rule.isBlank()) {
                continue;
            }
            int equals = rule.indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException(PROPERTY + ": '" + rule.trim() + "' is not PUBLISHED=REACHABLE");
            }
            String[] from = hostAndPort(rule.substring(0, equals).trim(), rule);
            String[] to = hostAndPort(rule.substring(equals + 1).trim(), rule);
            if (to[0].contains("*")) {
                throw new IllegalArgumentException(PROPERTY + ": the reachable host of '" + rule.trim()
                        + "' must be a host, not a pattern");
            }
            rules.add(new Rule(from[0], port(from[1], rule), to[0], port(to[1], rule)));
        }
        return new AddressMap(List.copyOf(rules));
    }

    /** The property value of {@code rules}, published to reachable, in order. */
    public static String format(Map<String, String> rules) {
        StringBuilder value = new StringBuilder();
        rules.forEach((published, reachable) -> {
            value.append(value.length() == 0 ? "" : ";").append(published).append('=').append(reachable);
        });
        parse(value.toString()); // refused here, with the rule, rather than when the ORB starts
        return value.toString();
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** Where to connect for {@code host:port} as a reference publishes it: mapped, or as it is. */
    public InetSocketAddress map(String host, int port) {
        for (Rule rule : rules) {
            if (rule.matches(host, port)) {
                return InetSocketAddress.createUnresolved(rule.toHost(), rule.toPort() < 0 ? port : rule.toPort());
            }
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /**
     * Connects for {@code host:port} as a reference publishes it, through this map. A failure is
     * noted for the calling thread's attempt ({@link CurrentAttempt#connectFailed}), naming the
     * published address and what it was mapped to, so that the call's error can say which setting
     * would reach it.
     */
    public Socket connect(String host, int port, Connector connector) throws IOException {
        InetSocketAddress target = map(host, port);
        InetSocketAddress resolved = new InetSocketAddress(target.getHostString(), target.getPort());
        try {
            return connector.connect(resolved);
        } catch (IOException e) {
            String published = host + ":" + port;
            String to = target.getHostString() + ":" + target.getPort();
            CurrentAttempt.connectFailed(published, to.equals(published) ? null : to,
                    e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
            throw e;
        }
    }

    private static String[] hostAndPort(String text, String rule) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException(PROPERTY + ": '" + text + "' in '" + rule.trim() + "' is not HOST:PORT");
        }
        return new String[] {text.substring(0, colon), text.substring(colon + 1)};
    }

    private static int port(String text, String rule) {
        if (text.equals("*")) {
            return -1;
        }
        try {
            int port = Integer.parseInt(text);
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + ": '" + text + "' in '" + rule.trim()
                    + "' is not a port (1-65535) or *", e);
        }
    }

    @Override
    public String toString() {
        return rules.isEmpty() ? "AddressMap[]" : "AddressMap" + rules;
    }
}
