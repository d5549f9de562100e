package org.corbabridge.adapter.internal.orb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Handles on an ORB's private fields, made once, for the few reads the adapter makes of an ORB's
 * streams that the ORB offers no method for. A field that is not there (another version of the
 * ORB) gives null, and the caller takes the ORB's own way instead.
 */
public final class PrivateFields {

    private PrivateFields() {
    }

    /** {@code owner}'s field {@code name} of {@code type}; null where there is none such. */
    public static VarHandle of(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
            return null;
        }
    }

    /** The same, the field's type named: a class {@code owner}'s loader finds, public or not. */
    public static VarHandle of(Class<?> owner, String name, String type) {
        try {
            return of(owner, name, Class.forName(type, false, owner.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError unavailable) {
            return null;
        }
    }
}
