package org.corbabridge.adapter.internal.bind;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.adapter.internal.call.RaisedUserException;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;

/**
 * An IDL exception the server raised, as the API reports it: a {@link RemoteUserException} with its
 * members by name, from the dynamic value model's map or from a generated exception class's fields,
 * in the IDL's member order (which the TypeCode keeps and {@code Class.getFields} does not).
 */
final class UserExceptions {

    private UserExceptions() {
    }

    /** What {@code bound}'s call on {@code target} raised, its members by name in the IDL's order. */
    static RemoteUserException of(BoundOperation bound, RaisedUserException raised, String target) {
        Map<String, Object> members = new LinkedHashMap<>();
        Object value = raised.value();
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, member) -> members.put((String) key, member));
        } else {
            // in the IDL's member order, which the TypeCode keeps and Class.getFields does not
            for (String name : memberNames(bound, raised.repositoryId(), value.getClass())) {
                try {
                    members.put(name, GeneratedCode.field(value.getClass(), name).get(value));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return new RemoteUserException(bound.name + " on " + target + " raised "
                + raised.repositoryId() + " " + members, raised.repositoryId(), members,
                value instanceof Throwable generated ? generated : null);
    }

    /** An exception's member names in IDL order: from its TypeCode, else its generated class's fields. */
    private static List<String> memberNames(BoundOperation bound, String repositoryId, Class<?> generated) {
        List<String> names = new ArrayList<>();
        for (TypeCode exception : bound.signature.exceptions()) {
            if (BoundOperation.id(exception).equals(repositoryId)) {
                try {
                    for (int i = 0; i < exception.member_count(); i++) {
                        names.add(exception.member_name(i));
                    }
                    return names;
                } catch (BadKind | Bounds e) {
                    names.clear();
                }
            }
        }
        for (Field field : generated.getFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                names.add(GeneratedCode.idlName(field.getName()));
            }
        }
        return names;
    }
}
