package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.impl.encoding.ByteBufferWithInfo;
import com.sun.corba.se.impl.encoding.CDRInputObject;
import com.sun.corba.se.impl.encoding.CDRInputStream;
import com.sun.corba.se.impl.encoding.CDRInputStream_1_0;
import com.sun.corba.se.impl.encoding.CodeSetComponentInfo;
import com.sun.corba.se.spi.transport.CorbaConnection;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import org.corbabridge.adapter.internal.orb.PrivateFields;
import org.omg.CORBA.portable.InputStream;

/**
 * What the adapter's dynamic path reads of the OpenJDK ORB's reply streams. Its
 * {@code read_octet_array} copies byte by byte ({@code ByteBuffer.get(int)} in a loop: 15% of the
 * dynamic path's CPU at 300 KB), so a string's bytes are taken from the stream's current buffer
 * where they all are in it; the stream's fields are read by handles made once.
 * Loaded only on the OpenJDK ORB.
 */
public final class OpenJdkStreams {

    private static final VarHandle IMPL = PrivateFields.of(CDRInputStream.class, "impl",
            "com.sun.corba.se.impl.encoding.CDRInputStreamBase");
    private static final VarHandle BUFFER = PrivateFields.of(CDRInputStream_1_0.class, "bbwi",
            ByteBufferWithInfo.class);
    private static final VarHandle CHUNKED = PrivateFields.of(CDRInputStream_1_0.class, "isChunked", boolean.class);

    private OpenJdkStreams() {
    }

    /**
     * Whether the char code set negotiated for the connection {@code in} (one of
     * {@link CDRInputObject}) was read from is {@code codeSet} (an OSF registry id). False when it
     * has none or no connection, whatever the ORB would assume then.
     */
    public static boolean charCodeSetIs(InputStream in, int codeSet) {
        CorbaConnection connection = ((CDRInputObject) in).getConnection();
        if (connection == null) {
            return false;
        }
        CodeSetComponentInfo.CodeSetContext codeSets = connection.getCodeSetContext();
        return codeSets != null && codeSets.getCharCodeSet() == codeSet;
    }

    /**
     * The next {@code length} bytes of {@code in} (a reply's stream or any other of this ORB's), a
     * view of its current buffer, not a copy, the stream moved past them as {@code read_octet_array}
     * moves it; null, and the stream left as it was, where they are not all in that buffer (the
     * message goes on in another fragment), the stream is not one of this ORB's, is inside a chunked
     * value (where the ORB checks for a chunk's end), or this ORB's fields are not the ones looked
     * for.
     */
    public static ByteBuffer nextBytes(InputStream in, int length) {
        if (IMPL == null || BUFFER == null || CHUNKED == null || !(in instanceof CDRInputStream)) {
            return null;
        }
        Object impl = IMPL.get((CDRInputStream) in);
        if (!(impl instanceof CDRInputStream_1_0 stream) || (boolean) CHUNKED.get(stream)) {
            return null;
        }
        ByteBufferWithInfo buffer = (ByteBufferWithInfo) BUFFER.get(stream);
        int position = buffer.position();
        if (length <= 0 || buffer.buflen - position < length) {
            return null;
        }
        ByteBuffer bytes = buffer.byteBuffer.slice(position, length);
        buffer.position(position + length);
        return bytes;
    }
}
