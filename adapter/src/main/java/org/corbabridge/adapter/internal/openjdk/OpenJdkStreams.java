package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.impl.encoding.CDRInputObject;
import com.sun.corba.se.impl.encoding.CodeSetComponentInfo;
import com.sun.corba.se.spi.transport.CorbaConnection;
import org.omg.CORBA.portable.InputStream;

/** What the adapter's dynamic path reads of the OpenJDK ORB's reply streams. Loaded only on the OpenJDK ORB. */
public final class OpenJdkStreams {

    /** The reply streams of the OpenJDK ORB. */
    public static final Class<?> REPLY_STREAM = CDRInputObject.class;

    private OpenJdkStreams() {
    }

    /**
     * Whether the char code set negotiated for the connection {@code in} (one of
     * {@link #REPLY_STREAM}) was read from is {@code codeSet} (an OSF registry id). False when it
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
}
