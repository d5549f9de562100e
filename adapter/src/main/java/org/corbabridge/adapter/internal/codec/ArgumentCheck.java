package org.corbabridge.adapter.internal.codec;

import java.util.HashSet;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.Any;
import org.omg.CORBA.Principal;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;

/**
 * A call's arguments checked before a byte of the request is marshalled, in every invocation mode:
 * each is written with its codecs into this stream, which writes nothing. The codecs refuse what its
 * IDL type cannot carry (a number that does not fit, a struct member the type does not have, an
 * array of another length, a bounded string or sequence beyond its bound, a value nested without
 * end); this stream refuses the strings that would arrive other than they were sent, which no ORB
 * refuses itself:
 * <ul>
 * <li>a NUL character in a {@code string} or {@code wstring}, which IDL's strings cannot hold. Every
 * ORB here sends it; the C++ server reads the string cut short there ({@code "a\0b"} arrives as
 * {@code "a"});
 * <li>on JacORB, where the connection's char code set is ISO 8859-1 (the adapter's, omniORB's own)
 * or code sets are off: a character of a {@code string} beyond Latin-1. JacORB writes each
 * character's low byte ({@code "€"}, U+20AC, arrives as {@code "¬"}, 0xAC), where the Eclipse and
 * OpenJDK ORBs answer DATA_CONVERSION. Its {@code write_char} refuses such a {@code char} already.
 * </ul>
 * Why before, not while, marshalling: the Eclipse and OpenJDK ORBs send a large request's first
 * fragments while the rest is written. A value refused after them left the server waiting for the
 * rest on that connection, and the next call on it waited out its whole time-out (3.0 s of a 3 s
 * call, after a 200 KB pallet whose counters held 5 000 000 000 for a {@code long}); closing that
 * connection instead made the next call race the ORB's notice of it.
 *
 * <p>A static call is checked where its value can hold a string, an any or a bound (the generated
 * stub marshals typed values and checks the rest itself). An any the caller built is checked as far
 * as it can be read back: on JacORB, a value put into an any by a generated helper's
 * {@code insert} was already written in the ORB's code set.
 */
public final class ArgumentCheck extends OutputStream {

    private final boolean latin1Only;
    /** The ORB's, whose reading of an any the caller built this check repeats. */
    private final OrbPlatform platform;

    private ArgumentCheck(boolean latin1Only, OrbPlatform platform) {
        this.latin1Only = latin1Only;
        this.platform = platform;
    }

    /**
     * @param latin1Only whether a {@code string}'s characters must be Latin-1 (see {@link OrbPlatform#cutsStringsBeyondLatin1})
     * @param platform the ORB's, whose reading of the anys among the values the check repeats
     * @throws IllegalArgumentException the value holds a string that would not arrive as it is
     */
    public static void require(Codec codec, Object value, boolean latin1Only, OrbPlatform platform) {
        codec.write(new ArgumentCheck(latin1Only, platform), value);
    }

    /** Whether a value of this type can hold a string, an any (which can) or a bounded sequence. */
    public static boolean applies(TypeCode type) {
        return AnyGuard.find(type, new HashSet<>(), candidate -> switch (candidate.kind().value()) {
            case TCKind._tk_string, TCKind._tk_wstring, TCKind._tk_any -> true;
            case TCKind._tk_sequence -> candidate.length() > 0;
            default -> false;
        }) != null;
    }

    @Override
    public void write_string(String value) {
        requireNoNul(value, "string");
        if (latin1Only) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c > 0xFF) {
                    throw new IllegalArgumentException("a string holds " + character(value, i) + " at index " + i
                            + ", beyond Latin-1: JacORB, with ISO 8859-1 as the connection's char code set (the "
                            + "adapter's, omniORB's own), would send its low byte only. Send it in a wstring, or give "
                            + "JacORB jacorb.native_char_codeset=UTF8 for a server that takes UTF-8");
                }
            }
        }
    }

    @Override
    public void write_wstring(String value) {
        requireNoNul(value, "wstring");
    }

    private static void requireNoNul(String value, String kind) {
        int at = value.indexOf('\0');
        if (at >= 0) {
            throw new IllegalArgumentException("a " + kind + " holds a NUL character (U+0000) at index " + at
                    + ", which an IDL " + kind + " cannot hold: a C or C++ server reads it cut short there");
        }
    }

    private static String character(String value, int at) {
        int codePoint = value.codePointAt(at);
        return "'" + new String(Character.toChars(codePoint)) + "' (U+" + String.format("%04X", codePoint) + ")";
    }

    @Override
    public void write_any(Any value) {
        if (value == null) {
            return;
        }
        TypeCode type = value.type();
        if (!applies(type)) {
            return;
        }
        int kind = type.kind().value();
        if (kind == TCKind._tk_string) {
            // read as it was inserted: read back from its CDR, JacORB would give its low bytes
            write_string(value.extract_string());
        } else if (kind == TCKind._tk_wstring) {
            write_wstring(value.extract_wstring());
        } else {
            Codec codec;
            Object held;
            try {
                codec = Codecs.of(type, null, platform);
                held = codec.read(value.create_input_stream());
            } catch (IllegalArgumentException | org.omg.CORBA.SystemException unreadable) {
                // what the dynamic path cannot read (fixed, a value type) the ORB sends unchecked, as before
                return;
            }
            codec.write(this, held);
        }
    }

    // What carries no text writes nothing.

    @Override
    public void write_boolean(boolean value) {
    }

    @Override
    public void write_char(char value) {
    }

    @Override
    public void write_wchar(char value) {
    }

    @Override
    public void write_octet(byte value) {
    }

    @Override
    public void write_short(short value) {
    }

    @Override
    public void write_ushort(short value) {
    }

    @Override
    public void write_long(int value) {
    }

    @Override
    public void write_ulong(int value) {
    }

    @Override
    public void write_longlong(long value) {
    }

    @Override
    public void write_ulonglong(long value) {
    }

    @Override
    public void write_float(float value) {
    }

    @Override
    public void write_double(double value) {
    }

    @Override
    public void write_boolean_array(boolean[] value, int offset, int length) {
    }

    @Override
    public void write_char_array(char[] value, int offset, int length) {
    }

    @Override
    public void write_wchar_array(char[] value, int offset, int length) {
    }

    @Override
    public void write_octet_array(byte[] value, int offset, int length) {
    }

    @Override
    public void write_short_array(short[] value, int offset, int length) {
    }

    @Override
    public void write_ushort_array(short[] value, int offset, int length) {
    }

    @Override
    public void write_long_array(int[] value, int offset, int length) {
    }

    @Override
    public void write_ulong_array(int[] value, int offset, int length) {
    }

    @Override
    public void write_longlong_array(long[] value, int offset, int length) {
    }

    @Override
    public void write_ulonglong_array(long[] value, int offset, int length) {
    }

    @Override
    public void write_float_array(float[] value, int offset, int length) {
    }

    @Override
    public void write_double_array(double[] value, int offset, int length) {
    }

    @Override
    public void write_Object(org.omg.CORBA.Object value) {
    }

    @Override
    public void write_TypeCode(TypeCode value) {
    }

    @SuppressWarnings("deprecation")
    @Override
    public void write_Principal(Principal value) {
    }

    @Override
    public InputStream create_input_stream() {
        throw new UnsupportedOperationException("an argument check keeps nothing to read");
    }
}
