package org.corbabridge.adapter.internal.transport;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A bound on how long one connection's requests wait for their replies, kept by the connection
 * itself, for an ORB that has none: the OpenJDK ORB waits for a reply for ever, and a thread the
 * adapter gave up on at the call's deadline would wait with it. The requests a connection sends
 * are noted as they are written (GIOP 1.2 Request and LocateRequest headers, those that expect a
 * reply, by the connection's {@link RequestScanner}), and struck off as their complete replies are read; the connection's reader waits in
 * short slices, and when a request has waited longer than the bound it ends the connection with a
 * {@link ReplyOverdueException}. The ORB then fails every call still waiting on that connection
 * with a communication failure, and the next call opens a new one: coarser than a time-out per
 * request, but nothing waits for ever.
 *
 * <p>In GIOP 1.0 and 1.1 (an ORB speaks 1.0 to a {@code corbaloc} address that names no
 * version, such as a name service's), the request id follows a header of variable length, so
 * those requests are counted instead: each reply strikes off the oldest. When replies come out
 * of order, the bound then holds from the newest of the requests left, not the stuck one's own
 * start; and a GIOP 1.0 oneway, counted as awaiting, ends its idle connection after the bound.
 * Thread-safe: any thread may write, one reads.
 */
public final class ReplyDeadline implements ReplyListener, RequestScanner.Listener {

    /** The longest single wait of the reader: how late past the bound a connection may end. */
    static final long MAX_SLICE_MILLIS = 50;

    private final long boundNanos;
    private final int sliceMillis;
    private final String peer;
    /** Request id to when it was written ({@link System#nanoTime()}). */
    private final Map<Integer, Long> awaiting = new ConcurrentHashMap<>();
    /** When each GIOP 1.0 and 1.1 request awaiting a reply was written, oldest first. */
    private final Queue<Long> awaitingUnnumbered = new ConcurrentLinkedQueue<>();

    /**
     * @param boundMillis the longest a request may wait for its reply
     * @param peer "host:port", for the error's message
     */
    ReplyDeadline(long boundMillis, String peer) {
        if (boundMillis <= 0) {
            throw new IllegalArgumentException("a reply bound must be positive, not " + boundMillis + " ms");
        }
        this.boundNanos = boundMillis * 1_000_000L;
        this.sliceMillis = (int) Math.max(1, Math.min(MAX_SLICE_MILLIS, boundMillis / 20));
        this.peer = peer;
    }

    /** How long each read of the connection may block, in ms: the socket's read time-out. */
    int sliceMillis() {
        return sliceMillis;
    }

    /**
     * The connection's input, which waits in slices: a slice that passes with no request
     * overdue is waited again; one that passes with a request overdue ends the connection.
     */
    InputStream bounding(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                while (true) {
                    try {
                        return in.read();
                    } catch (SocketTimeoutException slice) {
                        checkOverdue();
                    }
                }
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                while (true) {
                    try {
                        return in.read(buffer, offset, length);
                    } catch (SocketTimeoutException slice) {
                        checkOverdue();
                    }
                }
            }
        };
    }

    @Override
    public void replied(int requestId) {
        awaiting.remove(requestId);
    }

    @Override
    public void repliedUnnumbered() {
        awaitingUnnumbered.poll();
    }

    /** How many requests wait for a reply. */
    int awaiting() {
        return awaiting.size() + awaitingUnnumbered.size();
    }

    private void checkOverdue() throws ReplyOverdueException {
        long now = System.nanoTime();
        for (Map.Entry<Integer, Long> request : awaiting.entrySet()) {
            long waited = now - request.getValue();
            if (waited > boundNanos) {
                throw new ReplyOverdueException(peer + " left request " + Integer.toUnsignedString(request.getKey())
                        + " unanswered for " + waited / 1_000_000 + " ms, past the bound of " + boundNanos / 1_000_000
                        + " ms; the connection is closed");
            }
        }
        Long oldestUnnumbered = awaitingUnnumbered.peek();
        if (oldestUnnumbered != null && now - oldestUnnumbered > boundNanos) {
            throw new ReplyOverdueException(peer + " left a GIOP 1.0/1.1 request unanswered for "
                    + (now - oldestUnnumbered) / 1_000_000 + " ms, past the bound of " + boundNanos / 1_000_000
                    + " ms; the connection is closed");
        }
    }

    @Override
    public void sent(int requestId) {
        awaiting.put(requestId, System.nanoTime());
    }

    @Override
    public void sentUnnumbered() {
        awaitingUnnumbered.add(System.nanoTime());
    }
}
