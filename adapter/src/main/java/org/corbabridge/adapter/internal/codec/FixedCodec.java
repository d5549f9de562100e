package org.corbabridge.adapter.internal.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * A {@code fixed<digits, scale>} value as CDR carries it (CORBA 3.3 part 2, 9.3.2.8): packed
 * decimal, two digits to an octet, exactly {@code digits} of them, most significant first, then
 * the sign in the last half-octet ({@code 0xC} positive, {@code 0xD} negative); an even number of
 * digits starts with a zero half-octet. No alignment. The length comes from the TypeCode only, so a
 * writer that writes the value's own digits (what the portable streams' one-argument
 * {@code write_fixed} does) puts the reader off by as many octets as the counts differ.
 *
 * <p>Written from a {@link BigDecimal} (or an integral {@code Number}) that the type holds
 * exactly: a scale up to the type's (1.5 for a {@code fixed<12,2>} is 1.50), at most
 * {@code digits - scale} digits before the point. Anything else is an
 * {@link IllegalArgumentException} naming the type; nothing is rounded. Read as a
 * {@link BigDecimal} of the type's scale.
 */
final class FixedCodec implements Codec {

    private final int digits;
    private final int scale;
    private final int octets;
    private final BigInteger limit;

    FixedCodec(int digits, int scale) {
        if (digits < 1 || digits > 31 || scale < 0 || scale > digits) {
            throw new IllegalArgumentException("fixed<" + digits + "," + scale + "> is no fixed-point type: 1 to 31 "
                    + "digits, a scale from 0 to the digits");
        }
        this.digits = digits;
        this.scale = scale;
        this.octets = (digits + 2) / 2;
        this.limit = BigInteger.TEN.pow(digits);
    }

    @Override
    public void write(OutputStream out, Object value) {
        out.write_octet_array(encode(value), 0, octets);
    }

    @Override
    public Object read(InputStream in) {
        byte[] packed = new byte[octets];
        in.read_octet_array(packed, 0, octets);
        return decode(packed);
    }

    /** The packed octets of {@code value}, or an IllegalArgumentException if this type cannot hold it exactly. */
    byte[] encode(Object value) {
        BigInteger unscaled = unscaled(value);
        String text = unscaled.abs().toString();
        // nibbles: a zero pad when digits is even, the digits left-padded with zeros, the sign
        int[] nibbles = new int[octets * 2];
        int first = nibbles.length - 1 - text.length();
        for (int i = 0; i < text.length(); i++) {
            nibbles[first + i] = text.charAt(i) - '0';
        }
        nibbles[nibbles.length - 1] = unscaled.signum() < 0 ? 0xD : 0xC;
        byte[] packed = new byte[octets];
        for (int i = 0; i < octets; i++) {
            packed[i] = (byte) (nibbles[2 * i] << 4 | nibbles[2 * i + 1]);
        }
        return packed;
    }

    BigDecimal decode(byte[] packed) {
        BigInteger unscaled = BigInteger.ZERO;
        for (int i = 0; i < octets * 2 - 1; i++) {
            int nibble = (packed[i / 2] >> (i % 2 == 0 ? 4 : 0)) & 0xF;
            if (nibble > 9 || (i == 0 && digits % 2 == 0 && nibble != 0)) {
                throw Unreadable.marshal("a fixed<" + digits + "," + scale + "> holds the half-octet 0x"
                        + Integer.toHexString(nibble) + " where a decimal digit belongs");
            }
            unscaled = unscaled.multiply(BigInteger.TEN).add(BigInteger.valueOf(nibble));
        }
        int sign = packed[octets - 1] & 0xF;
        if (sign != 0xC && sign != 0xD) {
            throw Unreadable.marshal("a fixed<" + digits + "," + scale + "> ends in the sign 0x" + Integer.toHexString(sign)
                    + ", which is neither 0xC (positive) nor 0xD (negative)");
        }
        return new BigDecimal(sign == 0xD ? unscaled.negate() : unscaled, scale);
    }

    private BigInteger unscaled(Object value) {
        BigDecimal decimal;
        if (value instanceof BigDecimal exact) {
            decimal = exact;
        } else if (value instanceof BigInteger integer) {
            decimal = new BigDecimal(integer);
        } else if (value instanceof Number number && Primitive.isLongOrNarrower(number)) {
            decimal = BigDecimal.valueOf(number.longValue());
        } else if (value == null) {
            throw new IllegalArgumentException("a fixed<" + digits + "," + scale + "> cannot be null");
        } else {
            // a double's value is rarely the decimal it prints as: 0.1 is 0.1000000000000000055...
            throw new IllegalArgumentException("a fixed<" + digits + "," + scale + "> takes a BigDecimal (or an "
                    + "integral number), not " + value.getClass().getName() + " " + value);
        }
        BigDecimal scaled;
        try {
            scaled = decimal.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException inexact) {
            throw new IllegalArgumentException("a fixed<" + digits + "," + scale + "> cannot hold " + decimal.toPlainString()
                    + ": more than " + scale + " decimal place" + (scale == 1 ? "" : "s") + " (nothing is rounded)");
        }
        BigInteger unscaled = scaled.unscaledValue();
        if (unscaled.abs().compareTo(limit) >= 0) {
            throw new IllegalArgumentException("a fixed<" + digits + "," + scale + "> cannot hold " + decimal.toPlainString()
                    + ": more than " + (digits - scale) + " digit" + (digits - scale == 1 ? "" : "s")
                    + " before the point");
        }
        return unscaled;
    }
}
