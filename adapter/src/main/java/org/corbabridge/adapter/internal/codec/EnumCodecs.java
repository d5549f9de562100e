package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.TypeCodePackage.Bounds;
import org.omg.CORBA.portable.IDLEntity;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/** The codecs of enums: generic (the enumerator's name) and of generated classes. */
final class EnumCodecs {

    private EnumCodecs() {
    }

    static final class GenericEnum implements Codec {
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
                throw Unreadable.marshal("enum " + id + " has no value " + ordinal);
            }
            return labels[ordinal];
        }
    }

    /** A generated enum class: {@code from_int(int)} and {@code value()}. */
    static final class TypedEnum implements Codec {
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
                throw Unreadable.marshal("enum " + labels.id + " has no value " + ordinal);
            }
            return GeneratedCode.invoke(fromInt, null, ordinal);
        }
    }
}
