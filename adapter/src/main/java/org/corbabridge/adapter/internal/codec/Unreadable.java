package org.corbabridge.adapter.internal.codec;

/**
 * What the codecs throw where a reply (or an any) cannot be read as its type says: a MARSHAL of
 * completion YES and a minor code of the adapter's own, whose reason the call's failure repeats.
 */
public final class Unreadable {

    private Unreadable() {
    }

    /**
     * A reply (or an any) that cannot be read as its type says, found while reading it. Completed
     * YES: the server answered, so it ran the call; the ORB's own MARSHAL would say NO, and a caller
     * told NO may send a call that already ran again.
     */
    static org.omg.CORBA.MARSHAL marshal(String message) {
        return new org.omg.CORBA.MARSHAL(message, MINOR, org.omg.CORBA.CompletionStatus.COMPLETED_YES);
    }

    /**
     * The minor code of {@link #marshal}'s MARSHALs ("CB" and 1), by which the adapter's messages
     * know to repeat their reason (MARSHAL is final; the ORBs' messages are log lines).
     */
    public static final int MINOR = 0x43420001;
}
