package org.corbabridge.adapter.internal.transport;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.corbabridge.adapter.internal.time.CurrentAttempt;

/**
 * The reply statuses one connection's input ({@link GiopMessageLimit}) saw go by to the ORB, for
 * the requests its output ({@link RequestScanner}) sent for attempts: only those are watched, and
 * each attempt stops watching its request when it ends, so that the map holds at most a request per
 * call in flight on the connection. GIOP 1.2 only, where a reply's id and status come first.
 */
final class ServerAnswers implements CurrentAttempt.Answers {

    /** GIOP's reply statuses that say the operation ran. */
    private static final int NO_EXCEPTION = 0;
    private static final int USER_EXCEPTION = 1;
    /** Watched, no reply yet. */
    private static final int AWAITED = -1;

    private final Map<Integer, Integer> statuses = new ConcurrentHashMap<>();

    @Override
    public void await(int requestId) {
        statuses.put(requestId, AWAITED);
    }

    /** The reply to {@code requestId} has status {@code status}: noted if the request is watched. */
    void replied(int requestId, int status) {
        statuses.replace(requestId, status);
    }

    @Override
    public boolean ran(int requestId) {
        Integer status = statuses.get(requestId);
        return status != null && (status == NO_EXCEPTION || status == USER_EXCEPTION);
    }

    @Override
    public void forget(int requestId) {
        statuses.remove(requestId);
    }

    /** How many requests are watched. */
    int watched() {
        return statuses.size();
    }
}
