package org.corbabridge.adapter.internal;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.omg.CORBA.Any;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.IDLEntity;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;
import org.corbabridge.adapter.internal.idl.TypeCodes;

/**
 * Builds a {@link Codec} from a TypeCode and, where the IDL compiler's classes are known, the
 * Java type to produce: a generated struct, exception, union or enum class, an array of one, or
 * a primitive array. With no Java type (or {@code Object}) values are generic, as
 * {@link org.corbabridge.adapter.DynamicClient} describes them.
 *
 * <p>What CDR cannot carry without more than a TypeCode here ({@code fixed}, value types,
 * abstract interfaces, {@code long double}) is refused when the codec is built, not at a call.
 */
final class Codecs {

    /** How deep a recursive type's values may nest; far more than real trees, far less than a thread's stack. */
    static final int MAX_NESTING = 1000;

    /** The most elements one sequence may announce before a byte of them is read: a 2^31 length is hostile. */
    private static final int MAX_SEQUENCE_LENGTH = Integer.MAX_VALUE - 8;

    private Codecs() {
    }

    /**
     * The codecs of the structs and unions being built on this thread, by repository id and Java
     * type: a recursive type (a struct holding a sequence of itself) meets itself again while
     * its members are built and gets the codec under construction, not a new one for ever.
     */
    private static final ThreadLocal<Map<String, Deferred>> BUILDING = new ThreadLocal<>();

    static Codec of(TypeCode type, Class<?> javaType) {
        boolean outermost = BUILDING.get() == null;
        if (outermost) {
            BUILDING.set(new java.util.HashMap<>());
        }
        try {
            return build(type, javaType == null || javaType == Object.class ? null : javaType);
        } catch (BadKind | Bounds e) {
            throw new IllegalArgumentException("inconsistent TypeCode " + describe(type) + ": " + e, e);
        } finally {
            if (outermost) {
                BUILDING.remove();
            }
        }
    }

    private static Codec build(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
        int kind = type.kind().value();
        Primitive primitive = Primitive.of(kind);
        if (primitive != null) {
            return primitive.codec();
        }
        if (kind == TCKind._tk_struct || kind == TCKind._tk_except || kind == TCKind._tk_union) {
            String key = type.id() + "|" + (javaType == null ? "" : javaType.getName());
            Map<String, Deferred> building = BUILDING.get();
            Deferred known = building.get(key);
            if (known != null) {
                return known;
            }
            Deferred deferred = new Deferred();
            building.put(key, deferred);
            deferred.target = constructed(type, kind, javaType);
            return deferred.target;
        }
        switch (kind) {
            case TCKind._tk_alias:
                return build(type.content_type(), javaType);
            case TCKind._tk_string:
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_string(text(value));
                    }

                    @Override
                    public Object read(InputStream in) {
                        return in.read_string();
                    }
                };
            case TCKind._tk_wstring:
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_wstring(text(value));
                    }

                    @Override
                    public Object read(InputStream in) {
                        return in.read_wstring();
                    }
                };
            case TCKind._tk_any:
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_any((Any) Objects.requireNonNull(value, "an any cannot be null"));
                    }

                    @Override
                    public Object read(InputStream in) {
                        return in.read_any();
                    }
                };
            case TCKind._tk_TypeCode:
                return new Codec() {
                    @Override
                    public void write(OutputStream out, Object value) {
                        out.write_TypeCode((TypeCode) value);
                    }

                    @Override
                    public Object read(InputStream in) {
                        return in.read_TypeCode();
                    }
                };
            case TCKind._tk_objref:
                return objectReference(javaType);
            case TCKind._tk_enum:
                return javaType != null ? new TypedEnum(type, javaType) : new GenericEnum(type);
            case TCKind._tk_sequence:
                return elements(type, javaType, -1);
            case TCKind._tk_array:
                return elements(type, javaType, type.length());
            default:
                throw new IllegalArgumentException("dynamic invocation cannot marshal " + describe(type)
                        + " (TCKind " + kind + "): fixed, value types, abstract interfaces and long double "
                        + "need generated code; call this operation with InvocationMode.STATIC");
        }
    }

    private static Codec constructed(TypeCode type, int kind, Class<?> javaType) throws BadKind, Bounds {
        if (kind == TCKind._tk_union) {
            return javaType != null ? new TypedUnion(type, javaType) : new GenericUnion(type);
        }
        return javaType != null ? new TypedStruct(type, javaType) : new GenericStruct(type);
    }

    /**
     * A recursive type's codec, met inside itself: filled in once its outer codec is built. Its
     * nesting is bounded both ways, so that a value nested without end (a hostile reply, or a
     * cycle in the caller's objects) is a MARSHAL or an IllegalArgumentException, not a
     * StackOverflowError.
     */
    private static final class Deferred implements Codec {
        private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);
        private Codec target;

        @Override
        public void write(OutputStream out, Object value) {
            int[] depth = enter();
            try {
                if (depth[0] > MAX_NESTING) {
                    throw new IllegalArgumentException("a value of a recursive type nests deeper than " + MAX_NESTING
                            + " levels: a cycle among its objects?");
                }
                target.write(out, value);
            } finally {
                depth[0]--;
            }
        }

        @Override
        public Object read(InputStream in) {
            int[] depth = enter();
            try {
                if (depth[0] > MAX_NESTING) {
                    throw new org.omg.CORBA.MARSHAL("a value of a recursive type nests deeper than " + MAX_NESTING
                            + " levels");
                }
                return target.read(in);
            } finally {
                depth[0]--;
            }
        }

        private static int[] enter() {
            int[] depth = DEPTH.get();
            depth[0]++;
            return depth;
        }
    }

    /** A sequence ({@code fixedLength} < 0) or an array. */
    private static Codec elements(TypeCode type, Class<?> javaType, int fixedLength) throws BadKind, Bounds {
        TypeCode element = type.content_type();
        Class<?> elementJava = javaType != null && javaType.isArray() ? javaType.getComponentType() : null;
        Primitive primitive = Primitive.of(unaliased(element).kind().value());
        if (primitive != null && (elementJava == null || elementJava == primitive.javaType())) {
            return primitive.arrayCodec(fixedLength);
        }
        Codec elementCodec = build(element, elementJava);
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                List<?> items = asList(value);
                if (fixedLength < 0) {
                    out.write_ulong(items.size());
                } else if (items.size() != fixedLength) {
                    throw new IllegalArgumentException("an IDL array of " + fixedLength + " elements cannot hold "
                            + items.size());
                }
                for (Object item : items) {
                    elementCodec.write(out, item);
                }
            }

            @Override
            public Object read(InputStream in) {
                int length = fixedLength < 0 ? readLength(in) : fixedLength;
                if (elementJava != null) {
                    // a reference type: primitive elements took the bulk path above. The array
                    // grows as elements arrive: the length is only what the peer announces
                    Object[] values = (Object[]) Array.newInstance(elementJava, Primitive.firstCapacity(length));
                    for (int i = 0; i < length; i++) {
                        if (i == values.length) {
                            values = Arrays.copyOf(values, Primitive.grownCapacity(values.length, length));
                        }
                        values[i] = elementCodec.read(in);
                    }
                    return values;
                }
                List<Object> values = new ArrayList<>(Math.min(length, 1 << 16));
                for (int i = 0; i < length; i++) {
                    values.add(elementCodec.read(in));
                }
                return values;
            }
        };
    }

    private static Codec objectReference(Class<?> javaType) {
        Method helperRead = javaType != null && javaType != org.omg.CORBA.Object.class
                ? GeneratedCode.helperMethod(javaType, "read", InputStream.class) : null;
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                out.write_Object((org.omg.CORBA.Object) value);
            }

            @Override
            public Object read(InputStream in) {
                return helperRead != null ? GeneratedCode.invoke(helperRead, null, in) : in.read_Object();
            }
        };
    }

    /** A sequence's length, refused when it announces more elements than a Java array can hold. */
    static int readLength(InputStream in) {
        int length = in.read_ulong();
        if (length < 0 || length > MAX_SEQUENCE_LENGTH) {
            throw new org.omg.CORBA.MARSHAL("a sequence announces " + Integer.toUnsignedString(length)
                    + " elements, more than a Java array holds");
        }
        return length;
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

    private static String text(Object value) {
        if (value instanceof String text) {
            return text;
        }
        throw new IllegalArgumentException("an IDL string needs a String, not "
                + (value == null ? "null" : value.getClass().getName()));
    }

    static TypeCode unaliased(TypeCode type) {
        return TypeCodes.unaliased(type);
    }

    static String describe(TypeCode type) {
        try {
            int kind = type.kind().value();
            if (kind == TCKind._tk_struct || kind == TCKind._tk_except || kind == TCKind._tk_union
                    || kind == TCKind._tk_enum || kind == TCKind._tk_alias || kind == TCKind._tk_objref) {
                return type.id();
            }
            return "TCKind " + kind;
        } catch (BadKind e) {
            return "a TypeCode";
        }
    }

    /** A member of a struct or exception value: a map entry, or a generated class's public field. */
    private static Object member(Object value, String name) {
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
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("a " + value.getClass().getName() + " has no member '" + name + "'", e);
        }
    }

    // ---- structs and exceptions ------------------------------------------------------------

    /** An exception's CDR starts with its repository id; a struct's does not. */
    private abstract static class StructLike implements Codec {
        final String id;
        final boolean exception;
        final String[] names;

        StructLike(TypeCode type) throws BadKind, Bounds {
            this.id = type.id();
            this.exception = type.kind().value() == TCKind._tk_except;
            this.names = new String[type.member_count()];
            for (int i = 0; i < names.length; i++) {
                names[i] = type.member_name(i);
            }
        }

        final void readId(InputStream in) {
            if (exception) {
                String received = in.read_string();
                if (!received.equals(id)) {
                    throw new org.omg.CORBA.MARSHAL("expected exception " + id + ", received " + received);
                }
            }
        }

        final void writeId(OutputStream out) {
            if (exception) {
                out.write_string(id);
            }
        }
    }

    private static final class GenericStruct extends StructLike {
        private final Codec[] members;

        GenericStruct(TypeCode type) throws BadKind, Bounds {
            super(type);
            this.members = new Codec[names.length];
            for (int i = 0; i < members.length; i++) {
                members[i] = build(type.member_type(i), null);
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            writeId(out);
            for (int i = 0; i < members.length; i++) {
                members[i].write(out, member(value, names[i]));
            }
        }

        @Override
        public Object read(InputStream in) {
            readId(in);
            Map<String, Object> value = new LinkedHashMap<>();
            for (int i = 0; i < members.length; i++) {
                value.put(names[i], members[i].read(in));
            }
            return value;
        }
    }

    /** A generated struct or exception class: a no-argument constructor and one public field per member. */
    private static final class TypedStruct extends StructLike {
        private final Constructor<?> constructor;
        private final Field[] fields;
        private final Codec[] members;
        /** For a member of a primitive type, read and written straight into its field: no boxing. */
        private final Primitive[] primitives;

        TypedStruct(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
            super(type);
            this.constructor = GeneratedCode.noArgumentConstructor(javaType);
            this.fields = new Field[names.length];
            this.members = new Codec[names.length];
            this.primitives = new Primitive[names.length];
            for (int i = 0; i < names.length; i++) {
                fields[i] = GeneratedCode.field(javaType, names[i]);
                members[i] = build(type.member_type(i), fields[i].getType());
                Primitive primitive = Primitive.of(unaliased(type.member_type(i)).kind().value());
                if (primitive != null && primitive.javaType() == fields[i].getType()) {
                    primitives[i] = primitive;
                }
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            if (!constructor.getDeclaringClass().isInstance(value)) {
                if (value instanceof Map<?, ?>) {
                    writeId(out);
                    for (int i = 0; i < members.length; i++) {
                        members[i].write(out, member(value, names[i]));
                    }
                    return;
                }
                throw new IllegalArgumentException("expected a " + constructor.getDeclaringClass().getName()
                        + ", not " + (value == null ? "null" : value.getClass().getName()));
            }
            writeId(out);
            try {
                for (int i = 0; i < members.length; i++) {
                    if (primitives[i] != null) {
                        primitives[i].writeFrom(out, fields[i], value);
                    } else {
                        members[i].write(out, fields[i].get(value));
                    }
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public Object read(InputStream in) {
            readId(in);
            try {
                Object value = constructor.newInstance();
                for (int i = 0; i < members.length; i++) {
                    if (primitives[i] != null) {
                        primitives[i].readInto(in, fields[i], value);
                    } else {
                        fields[i].set(value, members[i].read(in));
                    }
                }
                return value;
            } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot fill a " + constructor.getDeclaringClass().getName(), e);
            }
        }
    }

    // ---- enums -----------------------------------------------------------------------------

    private static final class GenericEnum implements Codec {
        private final String[] labels;
        private final String id;

        GenericEnum(TypeCode type) throws BadKind, Bounds {
            this.id = type.id();
            this.labels = new String[type.member_count()];
            for (int i = 0; i < labels.length; i++) {
                labels[i] = type.member_name(i);
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            out.write_ulong(ordinal(value));
        }

        int ordinal(Object value) {
            if (value instanceof String label) {
                for (int i = 0; i < labels.length; i++) {
                    if (labels[i].equals(label)) {
                        return i;
                    }
                }
                throw new IllegalArgumentException("'" + label + "' is not a label of " + id + ": "
                        + Arrays.toString(labels));
            }
            if (value instanceof Integer ordinal && ordinal >= 0 && ordinal < labels.length) {
                return ordinal;
            }
            if (value instanceof IDLEntity) {
                Method valueMethod = GeneratedCode.method(value.getClass(), "value");
                return (Integer) GeneratedCode.invoke(valueMethod, value);
            }
            throw new IllegalArgumentException("a value of enum " + id + " is a label " + Arrays.toString(labels)
                    + ", not " + value);
        }

        @Override
        public Object read(InputStream in) {
            int ordinal = in.read_ulong();
            if (ordinal < 0 || ordinal >= labels.length) {
                throw new org.omg.CORBA.MARSHAL("enum " + id + " has no value " + ordinal);
            }
            return labels[ordinal];
        }
    }

    /** A generated enum class: {@code from_int(int)} and {@code value()}. */
    private static final class TypedEnum implements Codec {
        private final GenericEnum labels;
        private final Method fromInt;
        private final Method value;

        TypedEnum(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
            this.labels = new GenericEnum(type);
            this.fromInt = GeneratedCode.staticMethod(javaType, "from_int", int.class);
            this.value = GeneratedCode.method(javaType, "value");
        }

        @Override
        public void write(OutputStream out, Object value) {
            out.write_ulong(this.value.getDeclaringClass().isInstance(value)
                    ? (Integer) GeneratedCode.invoke(this.value, value) : labels.ordinal(value));
        }

        @Override
        public Object read(InputStream in) {
            int ordinal = in.read_ulong();
            if (ordinal < 0 || ordinal >= labels.labels.length) {
                throw new org.omg.CORBA.MARSHAL("enum " + labels.id + " has no value " + ordinal);
            }
            return GeneratedCode.invoke(fromInt, null, ordinal);
        }
    }

    // ---- unions ----------------------------------------------------------------------------

    /**
     * What the union's branches look like: the discriminator's codec, each member's label as a
     * comparable key, and which member is the default one.
     */
    private static class UnionShape {
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
            this.discriminator = build(discriminatorType, discriminatorJava);
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
            Codec genericDiscriminator = build(discriminatorType, null);
            Object[] keys = new Object[names.length];
            java.util.Set<Object> seen = new java.util.HashSet<>();
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
                    return unaliased(discriminatorType).member_name((Integer) GeneratedCode.invoke(value,
                            discriminatorValue));
                } catch (BadKind | Bounds e) {
                    throw new IllegalStateException(e);
                }
            }
            return discriminatorValue;
        }
    }

    private static final class GenericUnion extends UnionShape implements Codec {
        private final Codec[] members;

        GenericUnion(TypeCode type) throws BadKind, Bounds {
            super(type, null);
            labelsFromTypeCode();
            this.members = new Codec[names.length];
            for (int i = 0; i < names.length; i++) {
                members[i] = build(type.member_type(i), null);
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            if (!(value instanceof Map<?, ?> map) || !map.containsKey("discriminator")) {
                throw new IllegalArgumentException("a union of " + id + " is a map of 'discriminator' and the active "
                        + "member, not " + value);
            }
            Object discriminatorValue = map.get("discriminator");
            discriminator.write(out, discriminatorValue);
            int member = memberFor(discriminatorValue);
            if (member >= 0) {
                members[member].write(out, member(value, names[member]));
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
    private static final class TypedUnion extends UnionShape implements Codec {
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
                members[i] = build(type.member_type(i), memberJava);
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
            java.util.Set<String> named = new java.util.HashSet<>();
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
                    throw new org.omg.CORBA.MARSHAL("union " + id + " has no branch for " + discriminatorValue);
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

    static boolean isPublicClass(Class<?> type) {
        return Modifier.isPublic(type.getModifiers());
    }
}
