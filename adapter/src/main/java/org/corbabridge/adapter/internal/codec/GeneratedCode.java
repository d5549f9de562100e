package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;

/**
 * What the IDL-to-Java mapping generates, reached by reflection: helpers beside their types,
 * public fields and accessors named after IDL members, and the {@code _} prefix on names that
 * are Java keywords. Every failure is an {@link IllegalArgumentException} that names the class.
 */
public final class GeneratedCode {

    /** Java's reserved words: an IDL name equal to one is mapped with a leading underscore. */
    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte",
            "case", "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum",
            "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof",
            "int", "interface", "long", "native", "new", "package", "private", "protected", "public", "return",
            "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
            "transient", "try", "void", "volatile", "while", "true", "false", "null", "clone", "equals",
            "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait");

    private GeneratedCode() {
    }

    /** The Java name of an IDL identifier. */
    static String javaName(String idlName) {
        return JAVA_KEYWORDS.contains(idlName) ? "_" + idlName : idlName;
    }

    /**
     * The field of an IDL member whose identifier was escaped in the IDL ({@code _sequence}, an
     * IDL keyword): JacORB's IDL compiler drops the underscore, as the mapping says; the OpenJDK
     * ORB's idlj keeps it. Null where there is none.
     */
    static Field escapedField(Class<?> type, String idlMember) {
        try {
            return type.getField("_" + idlMember);
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /** The IDL identifier of a Java name. */
    public static String idlName(String javaName) {
        return javaName.startsWith("_") && JAVA_KEYWORDS.contains(javaName.substring(1)) ? javaName.substring(1)
                : javaName;
    }

    /** {@code FooHelper} beside {@code Foo} (or beside {@code Foo} for {@code FooOperations}). */
    public static Class<?> helper(Class<?> type) {
        String name = type.getName();
        if (name.endsWith("Operations")) {
            name = name.substring(0, name.length() - "Operations".length());
        }
        try {
            return Class.forName(name + "Helper", true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(type.getName() + " is not IDL-generated code: there is no " + name
                    + "Helper beside it", e);
        }
    }

    /** The repository id a generated type's helper gives ({@code FooHelper.id()}); null for a class with no helper. */
    public static String repositoryIdOf(Class<?> type) {
        Class<?> helper;
        try {
            helper = helper(type);
        } catch (IllegalArgumentException notGenerated) {
            return null;
        }
        Method id = findMethod(helper, "id");
        return id == null ? null : (String) invoke(id, null);
    }

    public static Method helperMethod(Class<?> type, String name, Class<?>... parameters) {
        return staticMethod(helper(type), name, parameters);
    }

    static Method staticMethod(Class<?> type, String name, Class<?>... parameters) {
        Method method = method(type, name, parameters);
        if (!Modifier.isStatic(method.getModifiers())) {
            throw new IllegalArgumentException(type.getName() + "." + name + " is not static");
        }
        return method;
    }

    static Method method(Class<?> type, String name, Class<?>... parameters) {
        Method method = findMethod(type, name, parameters);
        if (method == null) {
            throw new IllegalArgumentException(type.getName() + " has no public method " + name
                    + Arrays.toString(parameters) + ": is it IDL-generated code?");
        }
        return method;
    }

    /** The public method, or null. */
    public static Method findMethod(Class<?> type, String name, Class<?>... parameters) {
        try {
            return fast(type.getMethod(name, parameters));
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    public static Field field(Class<?> type, String idlMember) {
        try {
            return fast(type.getField(javaName(idlMember)));
        } catch (NoSuchFieldException e) {
            Field escaped = escapedField(type, idlMember);
            if (escaped != null) {
                return fast(escaped);
            }
            throw new IllegalArgumentException(type.getName() + " has no public field for IDL member " + idlMember
                    + ": is it the generated class of this TypeCode?", e);
        }
    }

    static Constructor<?> noArgumentConstructor(Class<?> type) {
        try {
            return fast(type.getConstructor());
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no public no-argument constructor: is it "
                    + "IDL-generated code?", e);
        }
    }

    /**
     * {@code member} (public, of a public generated class) with Java's access check turned off
     * where the class's module allows it: the check runs on every use otherwise, and it was 14%
     * of the dynamic path's CPU at 300 KB on JacORB (AccessibleObject.verifyAccess, once per field
     * per struct). Where it is not allowed, the member stays as it was: checked, and as usable.
     */
    static <T extends AccessibleObject> T fast(T member) {
        try {
            member.trySetAccessible();
        } catch (SecurityException refused) {
            // a security manager's no: the access check stays
        }
        return member;
    }

    public static Object newInstance(Class<?> type) {
        try {
            return noArgumentConstructor(type).newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a " + type.getName(), e);
        }
    }

    /** Invokes a generated method; what it throws unchecked is rethrown as it is. */
    public static Object invoke(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            throw unchecked(method, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a generated method threw, to rethrow: itself when unchecked, else wrapped. */
    public static RuntimeException unchecked(Method method, Throwable thrown) {
        if (thrown instanceof RuntimeException runtime) {
            return runtime;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(method + " threw " + thrown, thrown);
    }
}
