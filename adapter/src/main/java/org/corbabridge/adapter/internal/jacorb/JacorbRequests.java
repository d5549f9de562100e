package org.corbabridge.adapter.internal.jacorb;

import java.lang.invoke.VarHandle;
import org.corbabridge.adapter.internal.orb.PrivateFields;
import org.jacorb.orb.dii.Request;
import org.omg.CORBA.portable.InputStream;

/**
 * What the adapter reads of JacORB's DII requests. When the server raises a user exception the
 * request's exception list does not hold, JacORB's {@code invoke()} sets nothing in
 * {@code env()}: the call looks like a success, with a return value and out parameters never
 * read (a void operation without out parameters would return as if it had run without error).
 * The reply it read a result from is kept in a private field, set only on a normal reply.
 * Loaded only on JacORB.
 */
public final class JacorbRequests {

    private static final VarHandle REPLY = PrivateFields.of(Request.class, "reply", InputStream.class);

    private JacorbRequests() {
    }

    /**
     * Whether {@code request} (one of {@link Request}, invoked, {@code env()} empty) read a
     * normal reply; false where an unlisted user exception came instead. True where this JacORB's
     * field is not the one looked for.
     */
    public static boolean readANormalReply(org.omg.CORBA.Request request) {
        return REPLY == null || REPLY.get((Request) request) != null;
    }

    /** Whether the reply {@code request} read its result from was read past its message's end ({@link JacorbStreams#readPastItsMessage}). */
    public static boolean readPastItsReply(org.omg.CORBA.Request request) {
        return REPLY != null && JacorbStreams.readPastItsMessage((InputStream) REPLY.get((Request) request));
    }
}
