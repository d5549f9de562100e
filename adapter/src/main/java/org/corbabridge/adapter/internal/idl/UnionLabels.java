package org.corbabridge.adapter.internal.idl;

import java.math.BigInteger;
import java.util.function.Supplier;
import org.corbabridge.adapter.IdlException;
import org.omg.CORBA.Any;
import org.omg.CORBA.NO_IMPLEMENT;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.TypeCodePackage.BadKind;
import org.omg.CORBA.portable.InputStream;

/**
 * A union case's label as the Any of its TypeCode member, of the discriminator's own type.
 * An enum label is read into the Any from a stream that holds only its ordinal: every ORB's
 * {@code Any.read_value} takes that, where an Any's own output stream is not connected to the
 * Any on the Eclipse ORB.
 */
final class UnionLabels {

    private UnionLabels() {
    }

    /**
     * Puts {@code label} into {@code any} as a value of {@code discriminator} (unaliased).
     *
     * @return the label as a comparable key (a Long, Character, Boolean or enum ordinal)
     * @throws IdlException from {@code mismatch}: the label is not a value of that type
     */
    static Object insert(Any any, TypeCode discriminator, Object label, Supplier<IdlException> mismatch) {
        int kind = discriminator.kind().value();
        if (kind == TCKind._tk_enum) {
            if (!(label instanceof SymbolTable.Decl enumerator) || enumerator.kind != SymbolTable.Kind.ENUMERATOR
                    || !enumerator.enumeration.repositoryId.equals(id(discriminator))) {
                throw mismatch.get();
            }
            any.read_value(new OrdinalStream(enumerator.ordinal), discriminator);
            return (long) enumerator.ordinal;
        }
        if (kind == TCKind._tk_boolean) {
            if (!(label instanceof Boolean value)) {
                throw mismatch.get();
            }
            any.insert_boolean(value);
            return value;
        }
        if (kind == TCKind._tk_char || kind == TCKind._tk_wchar) {
            if (!(label instanceof Character value) || (kind == TCKind._tk_char && value > 0xff)) {
                throw mismatch.get();
            }
            if (kind == TCKind._tk_char) {
                any.insert_char(value);
            } else {
                any.insert_wchar(value);
            }
            return value;
        }
        if (!(label instanceof BigInteger value)) {
            throw mismatch.get();
        }
        switch (kind) {
            case TCKind._tk_short -> any.insert_short(exact(value, Short.MIN_VALUE, Short.MAX_VALUE, mismatch).shortValue());
            case TCKind._tk_ushort -> any.insert_ushort(exact(value, 0, 0xffff, mismatch).shortValue());
            case TCKind._tk_long -> any.insert_long(exact(value, Integer.MIN_VALUE, Integer.MAX_VALUE, mismatch).intValue());
            case TCKind._tk_ulong -> any.insert_ulong(exact(value, 0, 0xffffffffL, mismatch).intValue());
            case TCKind._tk_longlong -> any.insert_longlong(exact(value, Long.MIN_VALUE, Long.MAX_VALUE, mismatch).longValue());
            case TCKind._tk_octet -> any.insert_octet(exact(value, 0, 0xff, mismatch).byteValue());
            case TCKind._tk_ulonglong -> {
                if (value.signum() < 0 || value.bitLength() > 64) {
                    throw mismatch.get();
                }
                any.insert_ulonglong(value.longValue());
            }
            default -> throw mismatch.get();
        }
        return value.longValue();
    }

    private static BigInteger exact(BigInteger value, long min, long max, Supplier<IdlException> mismatch) {
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw mismatch.get();
        }
        return value;
    }

    private static String id(TypeCode type) {
        try {
            return type.id();
        } catch (BadKind e) {
            return "";
        }
    }

    /** A stream whose one value is an enum's ordinal: what {@code Any.read_value} reads for tk_enum. */
    private static final class OrdinalStream extends InputStream {
        private final int ordinal;

        OrdinalStream(int ordinal) {
            this.ordinal = ordinal;
        }

        @Override
        public int read_long() {
            return ordinal;
        }

        @Override
        public int read_ulong() {
            return ordinal;
        }

        @Override
        public org.omg.CORBA.ORB orb() {
            return org.omg.CORBA.ORB.init();
        }

        private static NO_IMPLEMENT only() {
            return new NO_IMPLEMENT("this stream holds one enum label");
        }

        @Override public boolean read_boolean() { throw only(); }
        @Override public char read_char() { throw only(); }
        @Override public char read_wchar() { throw only(); }
        @Override public byte read_octet() { throw only(); }
        @Override public short read_short() { throw only(); }
        @Override public short read_ushort() { throw only(); }
        @Override public long read_longlong() { throw only(); }
        @Override public long read_ulonglong() { throw only(); }
        @Override public float read_float() { throw only(); }
        @Override public double read_double() { throw only(); }
        @Override public String read_string() { throw only(); }
        @Override public String read_wstring() { throw only(); }
        @Override public void read_boolean_array(boolean[] value, int offset, int length) { throw only(); }
        @Override public void read_char_array(char[] value, int offset, int length) { throw only(); }
        @Override public void read_wchar_array(char[] value, int offset, int length) { throw only(); }
        @Override public void read_octet_array(byte[] value, int offset, int length) { throw only(); }
        @Override public void read_short_array(short[] value, int offset, int length) { throw only(); }
        @Override public void read_ushort_array(short[] value, int offset, int length) { throw only(); }
        @Override public void read_long_array(int[] value, int offset, int length) { throw only(); }
        @Override public void read_ulong_array(int[] value, int offset, int length) { throw only(); }
        @Override public void read_longlong_array(long[] value, int offset, int length) { throw only(); }
        @Override public void read_ulonglong_array(long[] value, int offset, int length) { throw only(); }
        @Override public void read_float_array(float[] value, int offset, int length) { throw only(); }
        @Override public void read_double_array(double[] value, int offset, int length) { throw only(); }
        @Override public org.omg.CORBA.Object read_Object() { throw only(); }
        @Override public TypeCode read_TypeCode() { throw only(); }
        @Override public Any read_any() { throw only(); }
    }
}
