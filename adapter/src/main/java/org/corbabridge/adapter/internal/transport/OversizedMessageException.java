package org.corbabridge.adapter.internal.transport;

import java.io.IOException;

/**
 * A peer sent a GIOP message, or fragments of one, larger than the cap on incoming messages;
 * the connection it came on is closed. The ORB sees it as an I/O failure; the adapter reports
 * the call it ended as a {@code MessageTooLargeException}.
 */
public final class OversizedMessageException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long cap;

    OversizedMessageException(String message, long cap) {
        super(message);
        this.cap = cap;
    }

    /** The cap it went over, in bytes. */
    public long cap() {
        return cap;
    }
}
