package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the codecs take as a value of an IDL type, whoever made it: a String for a string; a List
 * or any array for a sequence or array; a struct's or exception's member as a map entry of the
 * dynamic value model or a generated class's public field.
 */
final class Values {

    private Values() {
    }

    static String text(Object value) {
        if (value instanceof String text) {
            return text;
        }
        throw new IllegalArgumentException("an IDL string needs a String, not "
                + (value == null ? "null" : value.getClass().getName()));
    }

    static List<?> asList(Object value) {
        if (value instanceof List<?> list) {
            return list;
        }
        if (value instanceof Object[] array) {
            return Arrays.asList(array);
        }
        if (value != null && value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(Array.get(value, i));
            }
            return items;
        }
        throw new IllegalArgumentException("an IDL sequence or array needs a List or an array, not "
                + (value == null ? "null" : value.getClass().getName()));
    }

    /** A member of a struct or exception value: a map entry, or a generated class's public field. */
    static Object member(Object value, String name) {
        if (value instanceof Map<?, ?> map) {
            if (!map.containsKey(name)) {
                throw new IllegalArgumentException("the value has no member '" + name + "': " + map.keySet());
            }
            return map.get(name);
        }
        if (value == null) {
            throw new IllegalArgumentException("a struct, union or exception value cannot be null");
        }
        try {
            return value.getClass().getField(GeneratedCode.javaName(name)).get(value);
        } catch (NoSuchFieldException e) {
            Field escaped = GeneratedCode.escapedField(value.getClass(), name);
            if (escaped == null) {
                throw new IllegalArgumentException("a " + value.getClass().getName() + " has no member '" + name + "'", e);
            }
            try {
                return escaped.get(value);
            } catch (IllegalAccessException unreadable) {
                throw new IllegalArgumentException("a " + value.getClass().getName() + "'s member '" + name
                        + "' cannot be read", unreadable);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("a " + value.getClass().getName() + " has no member '" + name + "'", e);
        }
    }

    static boolean isPublicClass(Class<?> type) {
        return Modifier.isPublic(type.getModifiers());
    }
}
