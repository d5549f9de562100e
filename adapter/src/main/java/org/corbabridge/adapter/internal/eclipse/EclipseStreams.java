package org.corbabridge.adapter.internal.eclipse;

import com.sun.corba.ee.impl.encoding.CDRInputObject;
import com.sun.corba.ee.impl.encoding.CodeSetComponentInfo;
import com.sun.corba.ee.spi.transport.Connection;
import org.omg.CORBA.portable.InputStream;

/** What the adapter's dynamic path reads of the Eclipse ORB's reply streams. Loaded only on the Eclipse ORB. */
public final class EclipseStreams {

    /** The reply streams of the Eclipse ORB. */
    public static final Class<?> REPLY_STREAM = CDRInputObject.class;

    private EclipseStreams() {
    }

    /**
     * Whether the char code set negotiated for the connection {@code in} (one of
     * {@link #REPLY_STREAM}) was read from is {@code codeSet} (an OSF registry id). False when it
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
}
