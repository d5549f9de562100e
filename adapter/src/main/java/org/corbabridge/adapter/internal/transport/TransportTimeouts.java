package org.corbabridge.adapter.internal.transport;

import java.time.Duration;
import java.util.Properties;

/**
 * The time-outs the adapter's socket factory keeps for an ORB that has no setting of its own for
 * them: the OpenJDK ORB connects without a time-out and waits for a reply for ever.
 */
public final class TransportTimeouts {

    /** The longest wait for a connection, in ms. */
    public static final String CONNECT_TIMEOUT_MILLIS = MessageLimits.PREFIX + "connectTimeoutMillis";
    /**
     * The longest a request may wait for its reply, in ms, before its connection is closed
     * ({@link ReplyDeadline}); 0 or unset: the ORB decides.
     */
    public static final String REPLY_TIMEOUT_MILLIS = MessageLimits.PREFIX + "replyTimeoutMillis";

    private TransportTimeouts() {
    }

    /**
     * The two time-outs as properties. The reply bound is the call time-out: a call's first attempt
     * (on the caller's thread) ends within one read slice after it; a later attempt, whose deadline
     * started before its request was written, is ended by the adapter at that deadline.
     */
    public static Properties of(Duration callTimeout, Duration connectTimeout) {
        Properties properties = new Properties();
        properties.setProperty(CONNECT_TIMEOUT_MILLIS, Long.toString(Math.max(1, connectTimeout.toMillis())));
        properties.setProperty(REPLY_TIMEOUT_MILLIS, Long.toString(Math.max(1, callTimeout.toMillis())));
        return properties;
    }
}
