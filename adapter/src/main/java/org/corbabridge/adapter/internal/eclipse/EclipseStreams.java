package org.corbabridge.adapter.internal.eclipse;

import com.sun.corba.ee.impl.encoding.CDRInputObject;
import com.sun.corba.ee.impl.encoding.CDRInputStream_1_0;
import com.sun.corba.ee.impl.encoding.CodeSetComponentInfo;
import com.sun.corba.ee.spi.transport.Connection;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import org.corbabridge.adapter.internal.orb.PrivateFields;
import org.omg.CORBA.portable.InputStream;

/**
 * What the adapter's dynamic path reads of the Eclipse ORB's reply streams. Its
 * {@code read_octet_array} checks a chunk's end and the buffer's end for every call, and a string
 * read through it is copied twice (into an array, then into the {@code String}): 25% of the dynamic
 * path's CPU at 300 KB. So a string's bytes are taken from the stream's current buffer where they
 * all are in it; the stream's fields are read by handles made once. Loaded only on the Eclipse ORB.
 */
public final class EclipseStreams {

    private static final VarHandle IMPL = PrivateFields.of(CDRInputObject.class, "impl",
            "com.sun.corba.ee.impl.encoding.CDRInputStreamBase");
    private static final VarHandle BUFFER = PrivateFields.of(CDRInputStream_1_0.class, "byteBuffer", ByteBuffer.class);
    private static final VarHandle CHUNKED = PrivateFields.of(CDRInputStream_1_0.class, "isChunked", boolean.class);

    private EclipseStreams() {
    }

    /**
     * Whether the char code set negotiated for the connection {@code in} (one of
     * {@link CDRInputObject}) was read from is {@code codeSet} (an OSF registry id). False when it
     * has none or no connection, whatever the ORB would assume then.
     */
    public static boolean charCodeSetIs(InputStream in, int codeSet) {
        Connection connection = ((CDRInputObject) in).getConnection();
        if (connection == null) {
            return false;
        }
        CodeSetComponentInfo.CodeSetContext codeSets = connection.getCodeSetContext();
        return codeSets != null && codeSets.getCharCodeSet() == codeSet;
    }

    /**
     * The next {@code length} bytes of {@code in} (any of this ORB's streams), a view of its current
     * buffer, not a copy, the stream moved past them as {@code read_octet_array} moves it (its
     * alignment for octets is none, its chunk check a no-op outside a chunked value); null, and the
     * stream left as it was, where they are not all in that buffer (the message goes on in another
     * fragment), the stream is not one of this ORB's, is inside a chunked value, or this ORB's fields
     * are not the ones looked for.
     */
    public static ByteBuffer nextBytes(InputStream in, int length) {
        if (IMPL == null || BUFFER == null || CHUNKED == null || !(in instanceof CDRInputObject)) {
            return null;
        }
        Object impl = IMPL.get((CDRInputObject) in);
        if (!(impl instanceof CDRInputStream_1_0 stream) || (boolean) CHUNKED.get(stream)) {
            return null;
        }
        ByteBuffer buffer = (ByteBuffer) BUFFER.get(stream);
        int position = buffer.position();
        if (length <= 0 || buffer.limit() - position < length) {
            return null;
        }
        ByteBuffer bytes = buffer.slice(position, length);
        buffer.position(position + length);
        return bytes;
    }
}
