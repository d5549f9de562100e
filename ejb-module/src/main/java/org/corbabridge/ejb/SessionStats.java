package org.corbabridge.ejb;

import java.io.Serializable;

/**
 * A session's conversational state as its client may see it.
 *
 * @param target where the session's calls go: the name and the name service
 * @param invocation {@code static}, {@code dynamic} or {@code dii}
 * @param orbMode built-in or external
 * @param calls calls that returned a result
 * @param failures calls that raised an exception
 * @param lastResponseNanos response time of the last successful call, measured in the bean
 * @param lastServerNanos the server's own time for that call
 * @param connectNanos time the session spent resolving the name and checking the type, once, at
 *     its first call (0 until then)
 * @param orbInitNanos time {@code ORB.init} took for the ORB the session calls through: its own
 *     (external mode) or the container's (built-in mode, shared with every other session)
 */
public record SessionStats(String target, String invocation, OrbMode orbMode, long calls, long failures,
        long lastResponseNanos, long lastServerNanos, long connectNanos, long orbInitNanos) implements Serializable {
}
