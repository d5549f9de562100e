package org.corbabridge.adapter.internal.transport;

import java.io.IOException;

/**
 * A connection's peer left a request unanswered past the connection's reply bound
 * ({@link ReplyDeadline}); the connection is closed, failing the calls still waiting on it.
 */
public final class ReplyOverdueException extends IOException {

    private static final long serialVersionUID = 1L;

    ReplyOverdueException(String message) {
        super(message);
    }
}
