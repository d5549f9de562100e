package org.corbabridge.adapter.transport;

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
     * The two time-outs as properties. The reply bound is the call time-out plus one read slice, so
     * that a caller's own deadline, which starts before its request is written, always comes first.
     */
    public static Properties of(Duration callTimeout, Duration connectTimeout) {
        Properties properties = new Properties();
        properties.setProperty(CONNECT_TIMEOUT_MILLIS, Long.toString(Math.max(1, connectTimeout.toMillis())));
        properties.setProperty(REPLY_TIMEOUT_MILLIS,
                Long.toString(Math.max(1, callTimeout.toMillis()) + ReplyDeadline.MAX_SLICE_MILLIS));
        return properties;
    }
}
