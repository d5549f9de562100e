package org.corbabridge.adapter.internal.transport;

import java.io.IOException;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.corbabridge.adapter.internal.time.Deadline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a blocking socket operation still under way when its deadline passes: a request's write
 * (the call's deadline), a TLS handshake (the connect time-out, at least 3 s, never past a call's
 * deadline: {@code TlsConnector}). A blocking write has no time-out
 * at all: once a server stops reading (frozen, deadlocked, stopped) and the two sides' buffers are
 * full, the ORB's write on the calling thread waits for as long as the connection stays open, and
 * with it every other thread that wants the connection's write lock. A read time-out bounds each
 * read, not a handshake: a server that sends its handshake a byte at a time stretches it without
 * end. Every connection of the adapter's transport is watched from when it is made until it is
 * closed; an operation under way carries its deadline, and one thread, alive while any connection
 * is, looks every {@link #TICK_MILLIS} ms for one whose deadline has passed and closes that
 * connection under it (with a reset, and for TLS without waiting to send its {@code close_notify},
 * which would queue behind a blocked write). A connection whose request is half written, or whose
 * handshake did not end, cannot carry a request anyway. Costs two volatile writes per operation;
 * the thread's 1000 / {@value #TICK_MILLIS} wake-ups a second only while connections are open.
 *
 * <p>A write outside a call (an ORB's own thread) carries no deadline and is not ended here.
 */
final class SocketDeadlines {

    /** How often the watch looks: what a deadline can be overrun by, beside closing the connection. */
    static final long TICK_MILLIS = 25;

    private static final Logger LOG = LoggerFactory.getLogger(SocketDeadlines.class);
    private static final Set<Watched> WATCHED = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    /** The watching thread, or null when none runs; guarded by {@link #LOCK}. */
    private static Thread watcher;

    private SocketDeadlines() {
    }

    /** A connection's blocking operations, as the watch sees them. */
    static final class Watched {

        private final Socket socket;
        private final String peer;
        /** The deadline of the operation under way, or null between them. */
        private volatile Deadline until;
        /** What is under way, for the log: "a request's write", "the TLS handshake". */
        private volatile String what;
        private volatile boolean ended;

        private Watched(Socket socket, String peer) {
            this.socket = socket;
            this.peer = peer;
        }

        /**
         * Before a blocking operation, on its thread: {@code deadline} null when it has none (a
         * write outside a call).
         */
        void until(Deadline deadline, String operation) {
            what = operation;
            until = deadline;
        }

        /** After the operation, whatever its end. */
        void done() {
            until = null;
        }

        /** Whether the watch closed the connection under an operation at its deadline. */
        boolean endedAtDeadline() {
            return ended;
        }

        /** Stops watching: the connection is closed. */
        void closed() {
            WATCHED.remove(this);
        }

        /** Whether the connection is done with: closed here or by its owner. */
        private boolean check() {
            if (socket.isClosed()) {
                return true;
            }
            Deadline deadline = until;
            if (deadline == null || !deadline.isExpired()) {
                return false;
            }
            ended = true;
            LOG.warn("{} with {} was still under way {} ms after its deadline ({} ms): the peer stopped reading or "
                    + "answers too slowly; the connection is closed", what, peer,
                    TimeUnit.NANOSECONDS.toMillis(-deadline.nanosLeft()), deadline.timeout().toMillis());
            try {
                // a reset: nothing more is to be sent, and closing must not wait behind the blocked write
                socket.setSoLinger(true, 0);
            } catch (IOException ignored) {
                // closing anyway
            }
            try {
                socket.close();
            } catch (IOException ignored) {
                // the blocked write ends either way
            }
            return true;
        }
    }

    /** Watches the blocking operations on {@code socket} (whose far end is {@code peer}) until it is closed. */
    static Watched watch(Socket socket, String peer) {
        Watched watched = new Watched(socket, peer);
        WATCHED.add(watched);
        synchronized (LOCK) {
            if (watcher == null) {
                watcher = new Thread(SocketDeadlines::watchLoop, "corbabridge-socket-deadlines");
                watcher.setDaemon(true);
                watcher.start();
            }
        }
        return watched;
    }

    private static void watchLoop() {
        while (true) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
            WATCHED.removeIf(Watched::check);
            synchronized (LOCK) {
                if (WATCHED.isEmpty()) {
                    // no connection left: the next one starts another thread
                    watcher = null;
                    return;
                }
            }
        }
    }
}
