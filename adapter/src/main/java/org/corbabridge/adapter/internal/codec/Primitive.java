package org.corbabridge.adapter.internal.codec;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * The IDL primitive types: their Java types, and their single and bulk stream operations. A
 * sequence or array of one is read and written in one bulk call into a primitive array, as the
 * generated helpers do.
 */
enum Primitive {
    BOOLEAN(TCKind._tk_boolean, boolean.class, Boolean.class, InputStream::read_boolean,
            (out, v) -> out.write_boolean((Boolean) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_boolean_array((boolean[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_boolean_array((boolean[]) values, 0, length);
        }
    },
    CHAR(TCKind._tk_char, char.class, Character.class, InputStream::read_char,
            (out, v) -> out.write_char((Character) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_char_array((char[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_char_array((char[]) values, 0, length);
        }
    },
    WCHAR(TCKind._tk_wchar, char.class, Character.class, InputStream::read_wchar,
            (out, v) -> out.write_wchar((Character) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_wchar_array((char[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_wchar_array((char[]) values, 0, length);
        }
    },
    OCTET(TCKind._tk_octet, byte.class, Byte.class, InputStream::read_octet,
            (out, v) -> out.write_octet((Byte) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_octet_array((byte[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_octet_array((byte[]) values, 0, length);
        }
    },
    SHORT(TCKind._tk_short, short.class, Short.class, InputStream::read_short,
            (out, v) -> out.write_short((Short) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_short_array((short[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_short_array((short[]) values, 0, length);
        }
    },
    USHORT(TCKind._tk_ushort, short.class, Short.class, InputStream::read_ushort,
            (out, v) -> out.write_ushort((Short) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_ushort_array((short[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_ushort_array((short[]) values, 0, length);
        }
    },
    LONG(TCKind._tk_long, int.class, Integer.class, InputStream::read_long,
            (out, v) -> out.write_long((Integer) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_long_array((int[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_long_array((int[]) values, 0, length);
        }
    },
    ULONG(TCKind._tk_ulong, int.class, Integer.class, InputStream::read_ulong,
            (out, v) -> out.write_ulong((Integer) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_ulong_array((int[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_ulong_array((int[]) values, 0, length);
        }
    },
    LONGLONG(TCKind._tk_longlong, long.class, Long.class, InputStream::read_longlong,
            (out, v) -> out.write_longlong((Long) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_longlong_array((long[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_longlong_array((long[]) values, 0, length);
        }
    },
    ULONGLONG(TCKind._tk_ulonglong, long.class, Long.class, InputStream::read_ulonglong,
            (out, v) -> out.write_ulonglong((Long) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_ulonglong_array((long[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_ulonglong_array((long[]) values, 0, length);
        }
    },
    FLOAT(TCKind._tk_float, float.class, Float.class, InputStream::read_float,
            (out, v) -> out.write_float((Float) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_float_array((float[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_float_array((float[]) values, 0, length);
        }
    },
    DOUBLE(TCKind._tk_double, double.class, Double.class, InputStream::read_double,
            (out, v) -> out.write_double((Double) v)) {
        @Override
        void readChunk(InputStream in, Object values, int offset, int length) {
            in.read_double_array((double[]) values, offset, length);
        }

        @Override
        void writeArray(OutputStream out, Object values, int length) {
            out.write_double_array((double[]) values, 0, length);
        }
    };

    private final int kind;
    /** The most elements a sequence's first allocation holds; see {@link #readArray}. */
    private static final int FIRST_ALLOCATION = 1 << 20;

    private final Class<?> javaType;
    private final Class<?> boxType;
    private final Function<InputStream, Object> reader;
    private final BiConsumer<OutputStream, Object> writer;

    Primitive(int kind, Class<?> javaType, Class<?> boxType, Function<InputStream, Object> reader,
            BiConsumer<OutputStream, Object> writer) {
        this.kind = kind;
        this.javaType = javaType;
        this.boxType = boxType;
        this.reader = reader;
        this.writer = writer;
    }

    /** The primitive of a TypeCode kind, or null for a constructed or other type. */
    static Primitive of(int kind) {
        for (Primitive primitive : values()) {
            if (primitive.kind == kind) {
                return primitive;
            }
        }
        return null;
    }

    Class<?> javaType() {
        return javaType;
    }

    Codec codec() {
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                writer.accept(out, convert(value));
            }

            @Override
            public Object read(InputStream in) {
                return reader.apply(in);
            }
        };
    }

    /** A sequence ({@code fixedLength} < 0, the length first) or an array of this type, as a Java primitive array. */
    Codec arrayCodec(int fixedLength) {
        return new Codec() {
            @Override
            public void write(OutputStream out, Object value) {
                Object values = toArray(value);
                int length = Array.getLength(values);
                if (fixedLength < 0) {
                    out.write_ulong(length);
                } else if (length != fixedLength) {
                    throw new IllegalArgumentException("an IDL array of " + fixedLength + " elements cannot hold "
                            + length);
                }
                writeArray(out, values, length);
            }

            @Override
            public Object read(InputStream in) {
                return readArray(in, fixedLength < 0 ? Codecs.readLength(in) : fixedLength);
            }
        };
    }

    /** Reads one value into a primitive field of this type, with no boxing: a generated struct's member. */
    void readInto(InputStream in, Field field, Object target) throws IllegalAccessException {
        switch (this) {
            case BOOLEAN -> field.setBoolean(target, in.read_boolean());
            case CHAR -> field.setChar(target, in.read_char());
            case WCHAR -> field.setChar(target, in.read_wchar());
            case OCTET -> field.setByte(target, in.read_octet());
            case SHORT -> field.setShort(target, in.read_short());
            case USHORT -> field.setShort(target, in.read_ushort());
            case LONG -> field.setInt(target, in.read_long());
            case ULONG -> field.setInt(target, in.read_ulong());
            case LONGLONG -> field.setLong(target, in.read_longlong());
            case ULONGLONG -> field.setLong(target, in.read_ulonglong());
            case FLOAT -> field.setFloat(target, in.read_float());
            case DOUBLE -> field.setDouble(target, in.read_double());
            default -> throw new IllegalStateException(name());
        }
    }

    /** Writes a primitive field of this type, with no boxing. */
    void writeFrom(OutputStream out, Field field, Object source) throws IllegalAccessException {
        switch (this) {
            case BOOLEAN -> out.write_boolean(field.getBoolean(source));
            case CHAR -> out.write_char(field.getChar(source));
            case WCHAR -> out.write_wchar(field.getChar(source));
            case OCTET -> out.write_octet(field.getByte(source));
            case SHORT -> out.write_short(field.getShort(source));
            case USHORT -> out.write_ushort(field.getShort(source));
            case LONG -> out.write_long(field.getInt(source));
            case ULONG -> out.write_ulong(field.getInt(source));
            case LONGLONG -> out.write_longlong(field.getLong(source));
            case ULONGLONG -> out.write_ulonglong(field.getLong(source));
            case FLOAT -> out.write_float(field.getFloat(source));
            case DOUBLE -> out.write_double(field.getDouble(source));
            default -> throw new IllegalStateException(name());
        }
    }

    /**
     * A sequence or array of {@code length} elements, read in bulk. The first allocation holds at
     * most {@link #FIRST_ALLOCATION} elements and grows as elements arrive: a length is what the
     * peer announces, and a hostile or broken one (2^31 - 1 in a 24-byte reply) must fail with the
     * stream's MARSHAL when the data runs out, not allocate gigabytes first.
     */
    Object readArray(InputStream in, int length) {
        int capacity = firstCapacity(length);
        Object values = Array.newInstance(javaType, capacity);
        int read = 0;
        while (read < length) {
            if (read == capacity) {
                capacity = grownCapacity(capacity, length);
                Object larger = Array.newInstance(javaType, capacity);
                System.arraycopy(values, 0, larger, 0, read);
                values = larger;
            }
            readChunk(in, values, read, capacity - read);
            read = capacity;
        }
        return values;
    }

    abstract void readChunk(InputStream in, Object values, int offset, int length);

    /** How many of {@code length} announced elements a sequence's array holds at first. */
    static int firstCapacity(int length) {
        return Math.min(length, FIRST_ALLOCATION);
    }

    /** The array's next size once {@code capacity} elements have arrived: twice, up to {@code length}. */
    static int grownCapacity(int capacity, int length) {
        return (int) Math.min(length, 2L * capacity);
    }

    abstract void writeArray(OutputStream out, Object values, int length);

    /**
     * A boxed value of this type, from a box of another number type (a caller's Integer for an IDL
     * short, say) only where the value fits: 70 000 for a short, 1.5 for a long or 1e300 for a
     * float is refused, not cut. An unsigned type or an octet takes its unsigned values and the
     * Java mapping's signed ones (65 535 and -1 are the same unsigned short).
     */
    private Object convert(Object value) {
        if (boxType.isInstance(value)) {
            return value;
        }
        if (value instanceof Number number) {
            switch (this) {
                case OCTET: return (byte) integral(number, Byte.MIN_VALUE, 0xFFL);
                case SHORT: return (short) integral(number, Short.MIN_VALUE, Short.MAX_VALUE);
                case USHORT: return (short) integral(number, Short.MIN_VALUE, 0xFFFFL);
                case LONG: return (int) integral(number, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case ULONG: return (int) integral(number, Integer.MIN_VALUE, 0xFFFF_FFFFL);
                case LONGLONG: return integral(number, Long.MIN_VALUE, Long.MAX_VALUE);
                case ULONGLONG: return unsignedLongLong(number);
                case FLOAT: return toFloat(number);
                case DOUBLE: return toDouble(number);
                default: break;
            }
        }
        if (value instanceof String text && text.length() == 1 && (this == CHAR || this == WCHAR)) {
            return text.charAt(0);
        }
        throw new IllegalArgumentException("an IDL " + idlName() + " cannot be "
                + (value == null ? "null" : "a " + value.getClass().getName()));
    }

    /** The number as a long, refused unless it is a whole number from {@code min} to {@code max}. */
    private long integral(Number number, long min, long max) {
        if (isLongOrNarrower(number)) {
            long exact = number.longValue();
            if (exact >= min && exact <= max) {
                return exact;
            }
            throw doesNotFit(number);
        }
        BigInteger exact = wholeNumber(number);
        if (exact.compareTo(BigInteger.valueOf(min)) < 0 || exact.compareTo(BigInteger.valueOf(max)) > 0) {
            throw doesNotFit(number);
        }
        return exact.longValue();
    }

    private long unsignedLongLong(Number number) {
        if (isLongOrNarrower(number)) {
            return number.longValue(); // a negative one is the Java mapping's bits of a value from 2^63
        }
        BigInteger exact = wholeNumber(number);
        if (exact.compareTo(BigInteger.valueOf(Long.MIN_VALUE)) < 0 || exact.bitLength() > 64) {
            throw doesNotFit(number);
        }
        return exact.longValue();
    }

    /** A box whose value {@code longValue()} gives exactly. */
    static boolean isLongOrNarrower(Number number) {
        return number instanceof Long || number instanceof Integer || number instanceof Short || number instanceof Byte;
    }

    private BigInteger wholeNumber(Number number) {
        try {
            if (number instanceof BigInteger big) {
                return big;
            }
            BigDecimal decimal = number instanceof BigDecimal given ? given : new BigDecimal(number.toString());
            return decimal.toBigIntegerExact();
        } catch (ArithmeticException | NumberFormatException notWhole) {
            throw doesNotFit(number);
        }
    }

    private float toFloat(Number number) {
        float converted = number.floatValue();
        if (Float.isInfinite(converted) && !Double.isInfinite(number.doubleValue())) {
            throw doesNotFit(number);
        }
        return converted;
    }

    private double toDouble(Number number) {
        double converted = number.doubleValue();
        if (number instanceof Double || number instanceof Float || number instanceof Integer
                || number instanceof Short || number instanceof Byte) {
            return converted; // a double already, or held exactly
        }
        if (Double.isInfinite(converted)) {
            throw doesNotFit(number);
        }
        if (number instanceof Long || number instanceof BigInteger) {
            // a whole number from 2^53 on may have no double of its own: 2^53 + 1 would be sent as 2^53
            BigInteger whole = number instanceof BigInteger big ? big : BigInteger.valueOf(number.longValue());
            if (!new BigDecimal(converted).toBigInteger().equals(whole)) {
                throw doesNotFit(number);
            }
        }
        return converted;
    }

    private IllegalArgumentException doesNotFit(Number number) {
        return new IllegalArgumentException("an IDL " + idlName() + " cannot hold " + number + " (a "
                + number.getClass().getSimpleName() + "): it would be sent as another value");
    }

    private String idlName() {
        return switch (this) {
            case USHORT -> "unsigned short";
            case ULONG -> "unsigned long";
            case LONGLONG -> "long long";
            case ULONGLONG -> "unsigned long long";
            default -> name().toLowerCase(Locale.ROOT);
        };
    }

    /** A Java primitive array of this type, from one or from a list or array of boxes. */
    private Object toArray(Object value) {
        if (value != null && value.getClass().isArray() && value.getClass().getComponentType() == javaType) {
            return value;
        }
        List<?> items = Values.asList(value);
        Object values = Array.newInstance(javaType, items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(values, i, convert(items.get(i)));
        }
        return values;
    }
}
