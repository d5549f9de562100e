package org.corbabridge.adapter;

import java.util.LinkedHashMap;
import java.util.Map;

/** Generic values as a dynamic client takes them: a struct a map of its members in order, a union a map of two. */
final class GenericValues {

    private GenericValues() {
    }

    /** A struct's or exception's members: name, value, name, value... in IDL order. */
    static Map<String, Object> struct(Object... namesAndValues) {
        Map<String, Object> members = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            members.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return members;
    }

    /** A union: its discriminator, and the member it selects. */
    static Map<String, Object> union(Object discriminator, String member, Object value) {
        return struct("discriminator", discriminator, member, value);
    }
}
