package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.omg.CORBA.Any;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.IDLEntity;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/** The codecs of unions: generic (discriminator and value) and of generated classes. */
final class UnionCodecs {

    private UnionCodecs() {
    }

    /**
     * What the union's branches look like: the discriminator's codec, each member's label as a
     * comparable key, and which member is the default one.
     */
    static class UnionShape {
        final String id;
        final TypeCode discriminatorType;
        final Codec discriminator;
        final String[] names;
        final Object[] labelKeys;
        final int defaultIndex;
        final TypeCode type;

        UnionShape(TypeCode type, Class<?> discriminatorJava) throws BadKind, Bounds {
            this.type = type;
            this.id = type.id();
            this.discriminatorType = type.discriminator_type();
            this.discriminator = Codecs.build(discriminatorType, discriminatorJava);
            this.defaultIndex = type.default_index();
            int count = type.member_count();
            this.names = new String[count];
            this.labelKeys = new Object[count];
            for (int i = 0; i < count; i++) {
                names[i] = type.member_name(i);
            }
        }

        /** Each member's label as a key, read from the TypeCode's label Anys. */
        final void labelsFromTypeCode() throws BadKind, Bounds {
            Object[] keys = readLabels();
            if (keys == null) {
                throw new IllegalArgumentException("the labels of union " + id + " cannot be read from its TypeCode: "
                        + "JacORB-generated helpers build union TypeCodes the Eclipse ORB cannot read. Take the "
                        + "signature from the IDL (Idl, or the IDL file in the generated classes' jar), whose "
                        + "TypeCodes every ORB reads");
            }
            System.arraycopy(keys, 0, labelKeys, 0, keys.length);
        }

        /**
         * The label of each member (a case with several labels is one member per label) from the
         * TypeCode's label Anys, or null where they cannot be read: two labels alike, or an Any
         * that fails. JacORB's IDL compiler fills them through Any.create_output_stream(), which
         * the Eclipse ORB does not connect to the Any, so its helpers' union TypeCodes lose every
         * label on that ORB.
         */
        final Object[] readLabels() throws BadKind, Bounds {
            Codec genericDiscriminator = Codecs.build(discriminatorType, null);
            Object[] keys = new Object[names.length];
            Set<Object> seen = new HashSet<>();
            for (int i = 0; i < names.length; i++) {
                if (i == defaultIndex) {
                    continue;
                }
                try {
                    keys[i] = key(genericDiscriminator.read(type.member_label(i).create_input_stream()));
                } catch (RuntimeException unreadable) {
                    return null;
                }
                if (!seen.add(keys[i])) {
                    return null;
                }
            }
            return keys;
        }

        /** The member a discriminator selects: its label's, else the default, else -1 (no member). */
        int memberFor(Object discriminatorValue) {
            Object key = key(discriminatorValue);
            for (int i = 0; i < labelKeys.length; i++) {
                if (i != defaultIndex && labelKeys[i].equals(key)) {
                    return i;
                }
            }
            return defaultIndex;
        }

        /** Numbers compare as longs, enums by label, generated enums by ordinal label. */
        Object key(Object discriminatorValue) {
            if (discriminatorValue instanceof Number number) {
                return number.longValue();
            }
            if (discriminatorValue instanceof IDLEntity) {
                Method value = GeneratedCode.method(discriminatorValue.getClass(), "value");
                try {
                    return TypeCodes.unaliased(discriminatorType).member_name((Integer) GeneratedCode.invoke(value,
                            discriminatorValue));
                } catch (BadKind | Bounds e) {
                    throw new IllegalStateException(e);
                }
            }
            return discriminatorValue;
        }
    }

    static final class GenericUnion extends UnionShape implements Codec {
        private final Codec[] members;

        GenericUnion(TypeCode type) throws BadKind, Bounds {
            super(type, null);
            labelsFromTypeCode();
            this.members = new Codec[names.length];
            for (int i = 0; i < names.length; i++) {
                members[i] = Codecs.build(type.member_type(i), null);
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            if (!(value instanceof Map<?, ?> map) || !map.containsKey("discriminator")) {
                throw new IllegalArgumentException("a union of " + id + " is a map of 'discriminator' and the active "
                        + "member, not " + value);
            }
            Object discriminatorValue = map.get("discriminator");
            int member = memberFor(discriminatorValue);
            if (map.size() > (member >= 0 ? 2 : 1)) {
                // another branch's member beside the one the discriminator selects would be dropped
                Set<Object> others = new LinkedHashSet<>(map.keySet());
                others.remove("discriminator");
                if (member >= 0) {
                    others.remove(names[member]);
                }
                throw new IllegalArgumentException("a union of " + id + " with discriminator " + discriminatorValue
                        + " carries " + (member >= 0 ? "member " + names[member] + " only" : "no member")
                        + ", not " + others);
            }
            discriminator.write(out, discriminatorValue);
            if (member >= 0) {
                members[member].write(out, Values.member(value, names[member]));
            }
        }

        @Override
        public Object read(InputStream in) {
            Object discriminatorValue = discriminator.read(in);
            Map<String, Object> value = new LinkedHashMap<>();
            value.put("discriminator", discriminatorValue);
            int member = memberFor(discriminatorValue);
            if (member >= 0) {
                value.put(names[member], members[member].read(in));
            }
            return value;
        }
    }

    /**
     * A generated union class: {@code discriminator()}, a getter per member, and a setter per
     * member taking the discriminator too where the compiler made one (for members with several
     * labels, and the default), else only the value.
     */
    static final class TypedUnion extends UnionShape implements Codec {
        private final Class<?> javaType;
        private final Method discriminatorGetter;
        private final Method[] getters;
        private final Method[] setters;
        private final Codec[] members;
        private final Method noMemberSetter;

        TypedUnion(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
            super(type, GeneratedCode.method(javaType, "discriminator").getReturnType());
            this.javaType = javaType;
            this.discriminatorGetter = GeneratedCode.method(javaType, "discriminator");
            Class<?> discriminatorJava = discriminatorGetter.getReturnType();
            this.getters = new Method[names.length];
            this.setters = new Method[names.length];
            this.members = new Codec[names.length];
            for (int i = 0; i < names.length; i++) {
                String javaName = GeneratedCode.javaName(names[i]);
                getters[i] = GeneratedCode.method(javaType, javaName);
                Class<?> memberJava = getters[i].getReturnType();
                setters[i] = GeneratedCode.findMethod(javaType, javaName, discriminatorJava, memberJava);
                if (setters[i] == null) {
                    setters[i] = GeneratedCode.method(javaType, javaName, memberJava);
                }
                members[i] = Codecs.build(type.member_type(i), memberJava);
            }
            Method noMember = GeneratedCode.findMethod(javaType, "__default", discriminatorJava);
            this.noMemberSetter = noMember != null ? noMember : GeneratedCode.findMethod(javaType, "__default");
            labelsFromGeneratedClass(discriminatorJava);
        }

        /**
         * Each member's label: the TypeCode's where they can be read and agree with the generated
         * class, else the class's own. The class tells one label of a member only (its
         * one-argument setter picks it): a case with several labels needs the TypeCode's, which
         * a TypeCode from the IDL gives on every ORB.
         */
        private void labelsFromGeneratedClass(Class<?> discriminatorJava) throws BadKind, Bounds {
            Object[] fromTypeCode = readLabels();
            Object[] fromClass = new Object[names.length];
            Set<String> named = new HashSet<>();
            boolean severalLabels = false;
            for (int i = 0; i < names.length; i++) {
                if (i == defaultIndex) {
                    continue;
                }
                severalLabels |= !named.add(names[i]);
                Method setter = GeneratedCode.findMethod(javaType, GeneratedCode.javaName(names[i]),
                        getters[i].getReturnType());
                if (setter == null) {
                    throw new IllegalArgumentException(javaType.getName() + " has no setter for member " + names[i]);
                }
                Object union = GeneratedCode.newInstance(javaType);
                GeneratedCode.invoke(setter, union, defaultValue(getters[i].getReturnType()));
                fromClass[i] = key(GeneratedCode.invoke(discriminatorGetter, union));
            }
            if (fromTypeCode != null && agreeWithClass(fromTypeCode, fromClass)) {
                System.arraycopy(fromTypeCode, 0, labelKeys, 0, labelKeys.length);
                return;
            }
            if (severalLabels) {
                throw new IllegalArgumentException("union " + id + " has a case with several labels, and its TypeCode's "
                        + "labels cannot be read on this ORB (JacORB-generated helpers' union TypeCodes lose them on "
                        + "the Eclipse ORB): take the signature from the IDL (Idl, or the IDL file in the generated "
                        + "classes' jar), whose TypeCodes every ORB reads, or call with InvocationMode.STATIC");
            }
            System.arraycopy(fromClass, 0, labelKeys, 0, labelKeys.length);
        }

        /**
         * Whether the class's label of each member is one of the TypeCode's labels of that member
         * (the one-argument setter picks one label of a case with several: JacORB's the last).
         */
        private boolean agreeWithClass(Object[] fromTypeCode, Object[] fromClass) {
            for (int i = 0; i < names.length; i++) {
                if (i == defaultIndex) {
                    continue;
                }
                boolean found = false;
                for (int j = 0; j < names.length && !found; j++) {
                    found = j != defaultIndex && names[j].equals(names[i]) && fromTypeCode[j].equals(fromClass[i]);
                }
                if (!found) {
                    return false;
                }
            }
            return true;
        }

        private static Object defaultValue(Class<?> type) {
            if (!type.isPrimitive()) {
                return null;
            }
            return Array.get(Array.newInstance(type, 1), 0);
        }

        @Override
        public void write(OutputStream out, Object value) {
            if (!javaType.isInstance(value)) {
                throw new IllegalArgumentException("expected a " + javaType.getName() + ", not "
                        + (value == null ? "null" : value.getClass().getName()));
            }
            Object discriminatorValue = GeneratedCode.invoke(discriminatorGetter, value);
            discriminator.write(out, discriminatorValue);
            int member = memberFor(discriminatorValue);
            if (member >= 0) {
                members[member].write(out, GeneratedCode.invoke(getters[member], value));
            }
        }

        @Override
        public Object read(InputStream in) {
            Object discriminatorValue = discriminator.read(in);
            Object value = GeneratedCode.newInstance(javaType);
            int member = memberFor(discriminatorValue);
            if (member < 0) {
                if (noMemberSetter == null) {
                    throw Unreadable.marshal("union " + id + " has no branch for " + discriminatorValue);
                }
                if (noMemberSetter.getParameterCount() == 1) {
                    GeneratedCode.invoke(noMemberSetter, value, discriminatorValue);
                } else {
                    GeneratedCode.invoke(noMemberSetter, value);
                }
                return value;
            }
            Object memberValue = members[member].read(in);
            if (setters[member].getParameterCount() == 2) {
                GeneratedCode.invoke(setters[member], value, discriminatorValue, memberValue);
            } else {
                GeneratedCode.invoke(setters[member], value, memberValue);
            }
            return value;
        }
    }
}
