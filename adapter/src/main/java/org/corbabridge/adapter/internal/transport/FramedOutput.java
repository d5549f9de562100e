package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A client connection's output shared by two writers: the ORB, which writes its own GIOP messages
 * in as many writes as it likes, and the {@link BidirRelay}, which writes whole messages (the
 * ORB's replies to the server's call backs) only between two of the ORB's. The ORB's writes are
 * followed header by header, as {@link RequestScanner} does, so that the relay knows where one of
 * the ORB's messages ends; a relayed message never lands inside one. GIOP 1.2, the only version
 * with bidirectional GIOP, lets the fragments of different messages interleave, so "between
 * messages" is between two fragments too.
 *
 * <p>Anything the ORB writes that does not start with the GIOP magic stops the framing: the relay
 * then writes nothing more (its messages are dropped, and the server's own time-out applies).
 */
final class FramedOutput extends OutputStream {

    private final OutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled whenever the ORB's bytes end a message. */
    private final Condition betweenMessages = lock.newCondition();
    private final byte[] head = new byte[Giop.HEADER + 4];
    private int headFilled;
    private int headWanted = Giop.HEADER;
    private long bodyLeft;
    private boolean lost;
    /** The {@code CodeSets} context of the ORB's first Request that had one; null before. */
    private volatile byte[] codeSets;
    /** The start of the ORB's current Request, gathered until its service contexts are read; null: none. */
    private byte[] request;
    private int requestFilled;

    /** The most of a Request's start gathered to find its service contexts. */
    static final int MAX_REQUEST_START = 8192;

    FramedOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /**
     * The ORB's bytes: written at once, unless a relayed message is being written, then after it;
     * each header (with a GIOP 1.2 request id) held back until it is whole, for its id to be
     * doubled (see {@link RelayedInput}: the side that opened a bidirectional connection numbers
     * its requests even).
     */
    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        lock.lock();
        try {
            pass(buffer, offset, length);
            if (isBetweenMessages()) {
                betweenMessages.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /**
     * Writes {@code message}, a whole GIOP message, as soon as the ORB is between two of its own,
     * waiting at most {@code waitMillis} for that.
     *
     * @return false when the ORB stayed inside a message that long (or its output cannot be framed):
     *         nothing was written
     * @throws IOException the connection failed
     */
    boolean writeBetweenMessages(byte[] message, long waitMillis) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        try {
            if (!lock.tryLock(waitMillis, TimeUnit.MILLISECONDS)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            while (!isBetweenMessages()) {
                long left = deadline - System.nanoTime();
                if (lost || left <= 0) {
                    return false;
                }
                betweenMessages.awaitNanos(left);
            }
            out.write(message, 0, message.length);
            out.flush();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The {@code CodeSets} service context's data the ORB sent on this connection (with its first
     * request: it is how omniORB knows the connection's code sets); null before.
     */
    byte[] codeSets() {
        return codeSets;
    }

    /** Gathers the start of a Request of the ORB's until its service contexts can be read. */
    private void gather(byte[] buffer, int from, int count) {
        int taken = Math.min(count, request.length - requestFilled);
        System.arraycopy(buffer, from, request, requestFilled, taken);
        requestFilled += taken;
        RequestHeaders.Contexts contexts = RequestHeaders.contexts(request, requestFilled);
        if (contexts != null || requestFilled == request.length) {
            if (contexts != null && contexts.codeSets() != null) {
                codeSets = contexts.codeSets();
            }
            request = null;
        }
    }

    private boolean isBetweenMessages() {
        return !lost && headFilled == 0 && bodyLeft == 0;
    }

    private void pass(byte[] buffer, int offset, int length) throws IOException {
        int at = offset;
        int end = offset + length;
        while (at < end) {
            if (lost) {
                out.write(buffer, at, end - at);
                return;
            }
            if (bodyLeft > 0) {
                int passed = (int) Math.min(bodyLeft, end - at);
                out.write(buffer, at, passed);
                if (request != null) {
                    gather(buffer, at, passed);
                }
                bodyLeft -= passed;
                at += passed;
                if (bodyLeft == 0) {
                    request = null;
                }
                continue;
            }
            int taken = Math.min(headWanted - headFilled, end - at);
            System.arraycopy(buffer, at, head, headFilled, taken);
            headFilled += taken;
            at += taken;
            if (headFilled == Giop.HEADER && headWanted == Giop.HEADER) {
                if (!Giop.hasMagic(head)) {
                    // not GIOP: passed on as it is, and nothing more is framed
                    lost = true;
                    out.write(head, 0, headFilled);
                    headFilled = 0;
                    continue;
                }
                if (head[5] >= 2 && carriesIdFirst(Giop.type(head)) && Giop.bodySize(head) >= 4) {
                    headWanted = Giop.HEADER + 4;
                }
            }
            if (headFilled == headWanted) {
                if (headWanted > Giop.HEADER) {
                    Giop.writeULong(head, Giop.HEADER, Giop.readULong(head, Giop.HEADER) << 1);
                }
                out.write(head, 0, headFilled);
                bodyLeft = Giop.bodySize(head) - (headFilled - Giop.HEADER);
                if (codeSets == null && Giop.type(head) == Giop.REQUEST && head[5] >= 2) {
                    request = new byte[(int) Math.min(MAX_REQUEST_START, Giop.HEADER + Giop.bodySize(head))];
                    System.arraycopy(head, 0, request, 0, headFilled);
                    requestFilled = headFilled;
                }
                headFilled = 0;
                headWanted = Giop.HEADER;
            }
        }
    }

    /** The ORB's messages, as a client, that start with a request id in GIOP 1.2. */
    private static boolean carriesIdFirst(int type) {
        return type == Giop.REQUEST || type == Giop.CANCEL_REQUEST || type == Giop.LOCATE_REQUEST
                || type == Giop.FRAGMENT;
    }
}
