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
    private final byte[] head = new byte[Giop.HEADER];
    private int headFilled;
    private long bodyLeft;
    private boolean lost;

    FramedOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** The ORB's bytes: written at once, unless a relayed message is being written, then after it. */
    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        lock.lock();
        try {
            out.write(buffer, offset, length);
            track(buffer, offset, length);
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

    private boolean isBetweenMessages() {
        return !lost && headFilled == 0 && bodyLeft == 0;
    }

    private void track(byte[] buffer, int offset, int length) {
        int at = offset;
        int end = offset + length;
        while (at < end && !lost) {
            if (bodyLeft > 0) {
                int skipped = (int) Math.min(bodyLeft, end - at);
                bodyLeft -= skipped;
                at += skipped;
                continue;
            }
            int taken = Math.min(Giop.HEADER - headFilled, end - at);
            System.arraycopy(buffer, at, head, headFilled, taken);
            headFilled += taken;
            at += taken;
            if (headFilled == Giop.HEADER) {
                if (!Giop.hasMagic(head)) {
                    lost = true;
                    return;
                }
                bodyLeft = Giop.bodySize(head);
                headFilled = 0;
            }
        }
    }
}
