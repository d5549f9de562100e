package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.corbabridge.adapter.internal.idl.TypeCodes;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/** The codecs of structs and exceptions: generic (maps by member name) and of generated classes. */
final class StructCodecs {

    private StructCodecs() {
    }

    /** An exception's CDR starts with its repository id; a struct's does not. */
    abstract static class StructLike implements Codec {
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
                    throw Unreadable.marshal("expected exception " + id + ", received " + received);
                }
            }
        }

        /**
         * A map with a member the type does not have (a misspelt name beside the right one, a member
         * of another version of the IDL) is refused: its value would be dropped without a word.
         */
        final void requireKnownMembers(Object value) {
            if (value instanceof Map<?, ?> map && map.size() > names.length) {
                Set<Object> unknown = new LinkedHashSet<>(map.keySet());
                unknown.removeAll(Arrays.asList(names));
                throw new IllegalArgumentException(id + " has no member " + unknown + ": its members are "
                        + Arrays.toString(names));
            }
        }

        final void writeId(OutputStream out) {
            if (exception) {
                out.write_string(id);
            }
        }
    }

    static final class GenericStruct extends StructLike {
        private final Codec[] members;

        GenericStruct(TypeCode type) throws BadKind, Bounds {
            super(type);
            this.members = new Codec[names.length];
            for (int i = 0; i < members.length; i++) {
                members[i] = Codecs.build(type.member_type(i), null);
            }
        }

        @Override
        public void write(OutputStream out, Object value) {
            requireKnownMembers(value);
            writeId(out);
            for (int i = 0; i < members.length; i++) {
                members[i].write(out, Values.member(value, names[i]));
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
    static final class TypedStruct extends StructLike {
        private final Constructor<?> constructor;
        private final Field[] fields;
        private final Codec[] members;
        /** For a member of a primitive type, read and written straight into its field: no boxing. */
        private final Primitive[] primitives;
        /** The struct's generated reader ({@link StructReaders}); null: its fields are set by reflection. */
        private final StructReaders.Reader reader;

        TypedStruct(TypeCode type, Class<?> javaType) throws BadKind, Bounds {
            super(type);
            this.constructor = GeneratedCode.noArgumentConstructor(javaType);
            this.fields = new Field[names.length];
            this.members = new Codec[names.length];
            this.primitives = new Primitive[names.length];
            for (int i = 0; i < names.length; i++) {
                fields[i] = GeneratedCode.field(javaType, names[i]);
                members[i] = Codecs.build(type.member_type(i), fields[i].getType());
                Primitive primitive = Primitive.of(TypeCodes.unaliased(type.member_type(i)).kind().value());
                if (primitive != null && primitive.javaType() == fields[i].getType()) {
                    primitives[i] = primitive;
                }
            }
            this.reader = StructReaders.of(javaType, fields, primitives);
        }

        @Override
        public void write(OutputStream out, Object value) {
            if (!constructor.getDeclaringClass().isInstance(value)) {
                if (value instanceof Map<?, ?>) {
                    requireKnownMembers(value);
                    writeId(out);
                    for (int i = 0; i < members.length; i++) {
                        members[i].write(out, Values.member(value, names[i]));
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

        /** Whether its fields are read by a generated reader, not by reflection. */
        boolean generated() {
            return reader != null;
        }

        @Override
        public Object read(InputStream in) {
            readId(in);
            if (reader != null) {
                return reader.read(in, members);
            }
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
}
