package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.IDLEntity;

/**
 * The nesting bound of recursive types, checked before a byte is marshalled. A value refused
 * half-way through marshalling is not harmless: an ORB that has already sent the request's
 * first fragments (the Eclipse ORB does, 1 KB at a time) leaves the server waiting for the
 * rest, and the next call on that connection waits out its time-out. So a parameter of a
 * recursive type has its value's depth measured first; other types cannot nest without bound.
 */
public final class Nesting {

    private Nesting() {
    }

    /** Whether values of this type can nest without bound: a struct or union that contains itself. */
    public static boolean isRecursive(TypeCode type) {
        try {
            return recursive(type, new HashSet<>(), new HashSet<>());
        } catch (BadKind | Bounds e) {
            return false;
        }
    }

    private static boolean recursive(TypeCode type, Set<String> path, Set<String> done) throws BadKind, Bounds {
        int kind = type.kind().value();
        switch (kind) {
            case TCKind._tk_alias, TCKind._tk_sequence, TCKind._tk_array:
                return recursive(type.content_type(), path, done);
            case TCKind._tk_struct, TCKind._tk_except, TCKind._tk_union: {
                String id = type.id();
                if (path.contains(id)) {
                    return true;
                }
                if (done.contains(id)) {
                    return false;
                }
                path.add(id);
                for (int i = 0; i < type.member_count(); i++) {
                    if (recursive(type.member_type(i), path, done)) {
                        return true;
                    }
                }
                path.remove(id);
                done.add(id);
                return false;
            }
            default:
                return false;
        }
    }

    /**
     * @throws IllegalArgumentException the value nests deeper than {@link Codecs#MAX_NESTING}
     *         structs, unions, sequences and arrays (a cycle among its objects does too)
     */
    public static void requireWithinBound(Object value) {
        if (depth(value, 0) > Codecs.MAX_NESTING) {
            throw new IllegalArgumentException("a value of a recursive type nests deeper than " + Codecs.MAX_NESTING
                    + " levels: a cycle among its objects? Nothing was sent");
        }
    }

    /** How deep the value nests, counting up to just past the bound. */
    private static int depth(Object value, int above) {
        int deepest = above;
        if (above <= Codecs.MAX_NESTING * 2) {
            // a plain loop, one stack frame per level: the walk must reach past the bound
            for (Object member : members(value)) {
                deepest = Math.max(deepest, depth(member, above + 1));
            }
        }
        return deepest;
    }

    /**
     * The values one level inside a value as the adapter's callers give it: a map's values, a
     * list's or an object array's items, a generated struct's, union's or exception's fields.
     * Strings, numbers, primitive arrays, object references and anys have none here.
     */
    static Iterable<?> members(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.values();
        } else if (value instanceof List<?> list) {
            return list;
        } else if (value instanceof Object[] array) {
            return Arrays.asList(array);
        } else if (value instanceof IDLEntity && !(value instanceof org.omg.CORBA.Object)) {
            List<Object> fields = new ArrayList<>();
            for (Field field : value.getClass().getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()
                        && field.trySetAccessible()) {
                    try {
                        fields.add(field.get(value));
                    } catch (IllegalAccessException e) {
                        // a field the walk cannot read holds nothing it could see
                    }
                }
            }
            return fields;
        }
        return List.of();
    }
}
