package org.corbabridge.ee;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.InterfaceSignature;

/**
 * A {@link CorbaReference} client's MicroProfile Config properties, {@code corbabridge.<name>.*}:
 * one per setter of {@link ClientSettings} (the resource's properties, whose defaults they keep),
 * in kebab case, and {@code orb}. Read once, when the application starts; an unknown or malformed
 * property is refused with its name.
 */
final class ClientProperties {

    static final String PREFIX = "corbabridge.";
    /** Where the client's ORB comes from. */
    static final String ORB = "orb";

    /** {@code corbabridge.<name>.orb}. */
    enum OrbChoice {
        /** An ORB of the client's own, made with it and shared by the application. */
        OWN("own"),
        /** The server's ORB ({@code java:comp/ORB}), borrowed: the client never destroys it. */
        CONTAINER("container"),
        /** An ORB per HTTP session, as a session-scoped proxy. */
        PER_SESSION("per-session");

        final String word;

        OrbChoice(String word) {
            this.word = word;
        }

        static OrbChoice of(String property, String value) {
            for (OrbChoice choice : values()) {
                if (choice.word.equalsIgnoreCase(value.trim())) {
                    return choice;
                }
            }
            throw new IllegalArgumentException(property + " is '" + value + "'; it takes own, container or per-session");
        }
    }

    /** A client as configured: its ORB, its settings, and what they make for its interface. */
    record Client(String name, OrbChoice orb, ClientSettings settings, AdapterConfig config,
            InterfaceSignature signature) {
    }

    /** The properties a client takes, in kebab case, with the setter each one calls. */
    private static final Map<String, Method> SETTERS = setters();

    private ClientProperties() {
    }

    /** Every property a client takes, {@code orb} included, sorted. */
    static List<String> names() {
        List<String> names = new ArrayList<>(SETTERS.keySet());
        names.add(ORB);
        Collections.sort(names);
        return names;
    }

    /**
     * Client {@code name} of {@code operations}, from {@code lookup} (a property's value, or empty)
     * and {@code present} (the names of the properties the configuration holds).
     *
     * @throws IllegalArgumentException naming the property that is unknown or malformed, or what
     *     the settings together do not allow
     */
    static Client read(String name, Class<?> operations, Function<String, Optional<String>> lookup,
            Iterable<String> present) {
        String prefix = PREFIX + name + ".";
        for (String property : present) {
            if (property.startsWith(prefix) && !property.substring(prefix.length()).equals(ORB)
                    && !SETTERS.containsKey(property.substring(prefix.length()))) {
                throw new IllegalArgumentException(property + " is not a property of a CORBA client; "
                        + prefix + "* takes " + String.join(", ", names()));
            }
        }
        ClientSettings settings = new ClientSettings();
        settings.setInterface(operations.getName());
        for (Map.Entry<String, Method> setter : SETTERS.entrySet()) {
            String property = prefix + setter.getKey();
            Optional<String> value = lookup.apply(property);
            if (value.isPresent()) {
                set(settings, setter.getValue(), property, value.get());
            }
        }
        OrbChoice orb = lookup.apply(prefix + ORB).map(value -> OrbChoice.of(prefix + ORB, value)).orElse(OrbChoice.OWN);
        try {
            return new Client(name, orb, settings, settings.adapterConfig(), settings.signature(operations));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the properties " + prefix + "* do not make a client of "
                    + operations.getName() + ": " + e.getMessage(), e);
        }
    }

    private static void set(ClientSettings settings, Method setter, String property, String value) {
        Class<?> type = setter.getParameterTypes()[0];
        Object converted;
        try {
            if (type == String.class) {
                converted = value;
            } else if (type == int.class) {
                converted = Integer.parseInt(value.trim());
            } else if (type == long.class) {
                converted = Long.parseLong(value.trim());
            } else if (type == double.class) {
                converted = Double.parseDouble(value.trim());
            } else if (type == boolean.class && (value.trim().equalsIgnoreCase("true")
                    || value.trim().equalsIgnoreCase("false"))) {
                converted = Boolean.parseBoolean(value.trim());
            } else {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + " is '" + value + "', not " + describe(type));
        }
        try {
            setter.invoke(settings, converted);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(property + " is '" + value + "': " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    private static String describe(Class<?> type) {
        if (type == boolean.class) {
            return "true or false";
        }
        return type == double.class ? "a number" : "a whole number";
    }

    /** {@code setNameServiceUrl} is {@code name-service-url}; the interface comes from the injection point. */
    private static Map<String, Method> setters() {
        Map<String, Method> setters = new TreeMap<>();
        for (Method method : ClientSettings.class.getMethods()) {
            if (method.getName().startsWith("set") && method.getParameterCount() == 1
                    && !Modifier.isStatic(method.getModifiers()) && !method.getName().equals("setInterface")) {
                String property = method.getName().substring(3).replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                        .toLowerCase(Locale.ROOT);
                setters.put(property, method);
            }
        }
        return Collections.unmodifiableMap(setters);
    }
}
