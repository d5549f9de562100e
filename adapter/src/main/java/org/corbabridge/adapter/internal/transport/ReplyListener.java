package org.corbabridge.adapter.internal.transport;

/** Told by a connection's input ({@link GiopMessageLimit}) of each complete reply it passed on. */
interface ReplyListener {

    /** For connections whose replies nothing waits on. */
    ReplyListener NONE = new ReplyListener() {
        @Override
        public void replied(int requestId) {
        }

        @Override
        public void repliedUnnumbered() {
        }
    };

    /** The complete reply to a GIOP 1.2 request. */
    void replied(int requestId);

    /** A complete GIOP 1.0 or 1.1 reply, whose request id the header does not place. */
    void repliedUnnumbered();
}
