package org.corbabridge.adapter.internal.jacorb;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.internal.orb.PrivateFields;
import org.jacorb.orb.CDRInputStream;
import org.jacorb.orb.CodeSet;
import org.jacorb.orb.giop.MessageInputStream;
import org.jacorb.orb.giop.ReplyInputStream;
import org.omg.CORBA.portable.InputStream;

/**
 * What the adapter's dynamic path reads of JacORB's reply streams. JacORB's {@code read_string}
 * makes each string with {@code new String(buffer, start, size, codeSet.getName())}, a charset
 * looked up by name for every string (5 to 7% of the CPU of a 300 KB reply); JacORB offers no
 * getter for the stream's code set, so its fields are read here, by handles made once. Loaded
 * only on JacORB.
 */
public final class JacorbStreams {

    /** A GIOP message's header, before the size its header gives. */
    private static final int GIOP_HEADER_BYTES = 12;

    /** The OSF registry's ISO 8859-1. */

    private static final VarHandle CODE_SET = field("codeSet", CodeSet.class);
    private static final VarHandle CODESET_ENABLED = field("codesetEnabled", boolean.class);
    private static final VarHandle NULL_STRING_ENCODING = field("nullStringEncoding", boolean.class);
    private static final VarHandle BUFFER = field("buffer", byte[].class);
    private static final VarHandle POS = field("pos", int.class);
    private static final VarHandle INDEX = field("index", int.class);
    private static final VarHandle LITTLE_ENDIAN = field("littleEndian", boolean.class);
    private static final VarHandle CHUNK_END = field("chunk_end_pos", int.class);
    private static final VarHandle BODY_START = PrivateFields.of(ReplyInputStream.class, "body_start", int.class);

    private JacorbStreams() {
    }

    /**
     * Whether JacORB would read the strings of {@code in} (one of {@link CDRInputStream}) as the
     * code set {@code codeSet} (an OSF registry id), byte for byte: its negotiated code set is that
     * one, or code sets are off (JacORB then takes each byte as one character, ISO 8859-1's rule).
     * False where JacORB reads a length of 0 as a null string (its {@code null_string_encoding}),
     * and where this JacORB's fields are not the ones looked for.
     */
    public static boolean charCodeSetIs(InputStream in, int codeSet) {
        if (CODE_SET == null || CODESET_ENABLED == null || NULL_STRING_ENCODING == null) {
            return false;
        }
        CDRInputStream stream = (CDRInputStream) in;
        if ((boolean) NULL_STRING_ENCODING.get(stream)) {
            return false;
        }
        if (!(boolean) CODESET_ENABLED.get(stream)) {
            return codeSet == OrbPlatform.ISO_8859_1;
        }
        CodeSet negotiated = (CodeSet) CODE_SET.get(stream);
        return negotiated != null && negotiated.getId() == codeSet;
    }

    /**
     * Whether a JacORB ORB writes each character of a {@code string} as one byte, its low one: its
     * own char code set, the one a connection to an omniORB server uses, is ISO 8859-1, or code
     * sets are off ({@code jacorb.codeset=false}). Its {@code write_string} then cuts a character
     * beyond Latin-1 without an error (its {@code write_char} refuses one).
     */
    public static boolean writesStringsAsLatin1(org.omg.CORBA.ORB orb) {
        org.jacorb.orb.ORB jacorb = (org.jacorb.orb.ORB) orb;
        return !jacorb.getConfiguration().getAttributeAsBoolean("jacorb.codeset", true)
                || jacorb.getTCSDefault().getId() == OrbPlatform.ISO_8859_1;
    }

    /**
     * Whether a JacORB reply stream was read past the end of its message: its values ran short, and
     * what was read past them came from the rest of its buffer. A JacORB ORB with its default buffer
     * manager (one the application lends the adapter, say) reads a message from a pooled buffer
     * larger than the message, holding an earlier message's bytes, and checks its reads against the
     * buffer's end only. False for any other stream.
     */
    public static boolean readPastItsMessage(InputStream in) {
        if (!(in instanceof MessageInputStream message)) {
            return false;
        }
        int position = message.get_pos();
        // a GIOP 1.2 reply's stream skips the padding after its header "anyway, because if no body is
        // present, nobody will try to read it" (JacORB): a reply without a body may stand past its end
        int bodyStart = BODY_START != null && message instanceof ReplyInputStream reply
                ? (int) BODY_START.get(reply) : message.msg_size + GIOP_HEADER_BYTES + 7;
        return position > message.msg_size + GIOP_HEADER_BYTES && position > bodyStart;
    }

    private static VarHandle field(String name, Class<?> type) {
        return PrivateFields.of(CDRInputStream.class, name, type);
    }

    /**
     * The next string of {@code in} (one of {@link CDRInputStream}, whose strings are in ISO 8859-1:
     * see {@link #charCodeSetIs}), made straight from JacORB's buffer as its {@code read_string}
     * makes it (aligned to 4, a length, that many bytes ending in a NUL), but with the JDK's Latin-1
     * decoding instead of a charset looked up by name: one copy, nothing else allocated. Null, and
     * the stream left as it was, wherever JacORB's own {@code read_string} should have its say: inside
     * a chunked value, a length below 1, a string beyond the buffer or without its NUL (JacORB then
     * reads it, or refuses it as it always has), or fields not the ones looked for.
     */
    public static String latin1String(InputStream in) {
        if (BUFFER == null || POS == null || INDEX == null || LITTLE_ENDIAN == null || CHUNK_END == null) {
            return null;
        }
        CDRInputStream stream = (CDRInputStream) in;
        int index = (int) INDEX.get(stream);
        int pos = (int) POS.get(stream);
        int padding = (4 - (index % 4)) % 4;
        int chunkEnd = (int) CHUNK_END.get(stream);
        if (chunkEnd >= pos && chunkEnd <= pos + padding) {
            return null;
        }
        byte[] buffer = (byte[]) BUFFER.get(stream);
        int start = pos + padding + 4;
        if (start > buffer.length) {
            return null;
        }
        int size = (boolean) LITTLE_ENDIAN.get(stream)
                ? (buffer[start - 4] & 0xff) | (buffer[start - 3] & 0xff) << 8 | (buffer[start - 2] & 0xff) << 16
                        | (buffer[start - 1] & 0xff) << 24
                : (buffer[start - 4] & 0xff) << 24 | (buffer[start - 3] & 0xff) << 16 | (buffer[start - 2] & 0xff) << 8
                        | (buffer[start - 1] & 0xff);
        if (size < 1 || size > buffer.length - start || buffer[start + size - 1] != 0) {
            return null;
        }
        String read = new String(buffer, start, size - 1, StandardCharsets.ISO_8859_1);
        INDEX.set(stream, index + padding + 4 + size);
        POS.set(stream, start + size);
        return read;
    }
}
