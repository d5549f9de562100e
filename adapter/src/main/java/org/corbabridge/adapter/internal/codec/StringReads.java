package org.corbabridge.adapter.internal.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.portable.InputStream;

/**
 * How the dynamic path reads an IDL {@code string} from a reply: in bulk where that is known to
 * give what the ORB's {@code read_string} gives, else with {@code read_string}.
 *
 * <p>The Eclipse ORB and the OpenJDK ORB decode every string through a {@code CharsetDecoder}
 * into a {@code char[]} and then copy that into a {@code String} (their
 * {@code CDRInputStream_1_0.internalReadString}), which was half of their CPU at 300 KB; JacORB
 * looks its charset up by name for every string. When the stream's char code set is ISO 8859-1
 * (what omniORB and the adapter's ORBs agree on), each byte is one character, so the string's
 * bytes are read in one {@code read_octet_array} (which gathers fragments as the ORB does for
 * everything it reads) and made a {@code String} with the JDK's Latin-1 decoding, a copy. The
 * bytes consumed are the ones {@code read_string} consumes: the length, then that many bytes
 * ending in the NUL. Any other code set, a stream of another ORB, or one whose code set is not
 * known, reads with the ORB's own {@code read_string}. Where the string's bytes are all in the
 * stream's current buffer they are decoded from there (JacORB, the Eclipse ORB, the OpenJDK ORB):
 * one copy, into the {@code String}. Which streams are whose, and their buffers, the ORB's
 * {@link OrbPlatform} knows.
 */
final class StringReads {

    /**
     * A string is read into an array of at most this at first, grown as its bytes arrive, so that a
     * hostile length allocates no more than the message holds. (A thread's scratch array was
     * dearer than a short array of its own: the thread-local lookup cost more than the allocation.)
     */
    static final int SLICE_BYTES = 64 * 1024;

    private StringReads() {
    }

    /** The next string of {@code in}, a stream of an ORB of {@code platform}. */
    static String read(InputStream in, OrbPlatform platform) {
        if (!platform.readsLatin1(in)) {
            return in.read_string();
        }
        String read = platform.latin1String(in);
        return read != null ? read : readLatin1(in, platform);
    }

    /**
     * A string of ISO 8859-1 bytes: as the Eclipse and OpenJDK ORBs read one, a length of 0 is the
     * empty string (some ORBs send it so); a NUL must end any other (those ORBs skip it unseen).
     */
    static String readLatin1(InputStream in, OrbPlatform platform) {
        int length = in.read_ulong();
        if (length == 0) {
            return "";
        }
        if (length < 0) {
            throw Unreadable.marshal("a string of " + Integer.toUnsignedLong(length) + " bytes");
        }
        ByteBuffer inBuffer = platform.nextBytes(in, length);
        if (inBuffer != null) {
            return latin1(inBuffer, length);
        }
        byte[] bytes = new byte[Math.min(length, SLICE_BYTES)];
        int read = 0;
        try {
            while (read < length) {
                if (read == bytes.length) {
                    bytes = Arrays.copyOf(bytes, (int) Math.min(length, 2L * bytes.length));
                }
                int piece = Math.min(length - read, bytes.length - read);
                in.read_octet_array(bytes, read, piece);
                read += piece;
            }
        } catch (IndexOutOfBoundsException beyondTheMessage) {
            // an ORB that does not check its buffer's end itself (JacORB)
            throw Unreadable.marshal("a string of " + length + " bytes, of which the message held " + read);
        }
        return latin1(bytes, length);
    }

    /** The string of {@code length} bytes in a stream's buffer, the last of which must be its NUL. */
    private static String latin1(ByteBuffer bytes, int length) {
        if (bytes.get(length - 1) != 0) {
            throw Unreadable.marshal("a string of " + length + " bytes that does not end with a NUL");
        }
        if (bytes.hasArray()) {
            return new String(bytes.array(), bytes.arrayOffset(), length - 1, StandardCharsets.ISO_8859_1);
        }
        byte[] copy = new byte[length - 1];
        bytes.get(0, copy);
        return new String(copy, StandardCharsets.ISO_8859_1);
    }

    /** The string of the first {@code length} bytes, the last of which must be its NUL. */
    private static String latin1(byte[] bytes, int length) {
        if (bytes[length - 1] != 0) {
            throw Unreadable.marshal("a string of " + length + " bytes that does not end with a NUL");
        }
        return new String(bytes, 0, length - 1, StandardCharsets.ISO_8859_1);
    }

}
