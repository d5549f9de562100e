package org.corbabridge.adapter.internal.call;

import org.corbabridge.adapter.internal.orb.OrbPlatform;

/**
 * A reply's values read past the end of its message: what a JacORB ORB with its default, pooled
 * buffers does with a reply shorter than its values ({@link OrbPlatform#readPastTheReply}). The
 * values read there were never sent; {@link RemoteFailures} reports the call as a reply that
 * ended before its values, completed YES.
 */
public final class ReadPastTheReply extends IndexOutOfBoundsException {
    private static final long serialVersionUID = 1L;

    private ReadPastTheReply() {
        super("the values were read past the end of the reply's message");
    }

    /**
     * Refuses a reply an ORB of {@code platform} read past the end of its message.
     *
     * @param in the reply the dynamic path read, or null where DII read {@code request}'s
     */
    public static void requireReadWithin(OrbPlatform platform, org.omg.CORBA.portable.InputStream in,
            org.omg.CORBA.Request request) {
        if (platform.readPastTheReply(in, request)) {
            throw new ReadPastTheReply();
        }
    }
}
