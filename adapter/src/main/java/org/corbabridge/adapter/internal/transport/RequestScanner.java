package org.corbabridge.adapter.internal.transport;

import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.omg.CORBA.SystemException;

/**
 * A connection's output, followed message by message: each GIOP header (and a GIOP 1.2 request's
 * id and response flags) is read as it passes, then the body is counted through. Before a request
 * leaves, the writing thread's attempt is asked whether it may still send
 * ({@link CurrentAttempt#refusesRequest}): past the call's deadline, or past the attempt's request
 * limit, it is refused before a byte of it is written, so that a loop inside the ORB ends there.
 * A {@link Listener} (the {@link ReplyDeadline} of an ORB that does not bound its wait for a
 * reply) is told of each request that awaits a reply. Anything that does not start with the GIOP
 * magic stops the scan: what follows cannot be framed.
 *
 * <p>On JacORB's connections, a refused request that would have been the connection's first
 * closes the connection: JacORB sends its code sets with a connection's first request and takes
 * them as known once it has tried, so a connection whose first request never left would carry
 * every later request in code sets the server never heard of (omniORB answers each with
 * BAD_PARAM). Nothing else can be waiting on a connection nothing was sent on. The Eclipse and
 * OpenJDK ORBs send their code sets with every request, and would write their next request to the
 * closed connection and call the failure MAYBE: theirs stay open. Each request also tells the writing thread's
 * attempt which connection it went through ({@link CurrentAttempt#lastConnection()}).
 */
final class RequestScanner extends FilterOutputStream {

    /** Told of each request as it leaves. */
    interface Listener {
        /** A GIOP 1.2 request (or LocateRequest) that expects a reply, by id. */
        void sent(int requestId);

        /** A GIOP 1.0 or 1.1 request, whose id the header does not place. */
        void sentUnnumbered();
    }

    private static final int HEADER = Giop.HEADER;
    /** The header, the request id, and (for a Request) the response flags. */
    private static final int SCANNED = HEADER + 5;

    /** The connection's far end, read once for every request's attempt. */
    private final CurrentAttempt.Peer peer;
    private final Listener listener;
    /** The connection this is the output of: each request's attempt is told it. */
    private final Closeable connection;
    /** Whether a refused first request closes the connection (JacORB's). */
    private final boolean closeWhenFirstRefused;
    /** Where a write in progress is seen by the watch that ends it at its deadline; null: not watched. */
    private final SocketDeadlines.Watched watched;
    /** Where the connection's input tells what the server answered, for the attempts' requests; null: not watched. */
    private final ServerAnswers answers;
    private long requestsWritten;
    private final byte[] head = new byte[SCANNED];
    private int headFilled;
    private int headWanted = HEADER;
    private long bodyLeft;
    private boolean lost;
    /** What the attempt refused, between {@link #scan} and the throw. */
    private SystemException refusal;

    /**
     * @param listener null when only the attempt's bounds apply
     * @param connection what closes the connection
     */
    RequestScanner(OutputStream out, String peer, Listener listener, Closeable connection) {
        this(out, peer, listener, connection, true);
    }

    /** @param closeWhenFirstRefused whether a refused first request closes the connection (JacORB's) */
    RequestScanner(OutputStream out, String peer, Listener listener, Closeable connection,
            boolean closeWhenFirstRefused) {
        this(out, peer, listener, connection, closeWhenFirstRefused, null);
    }

    /** @param watched the watch that ends a write blocked past its deadline; null: none */
    RequestScanner(OutputStream out, String peer, Listener listener, Closeable connection,
            boolean closeWhenFirstRefused, SocketDeadlines.Watched watched) {
        this(out, peer, listener, connection, closeWhenFirstRefused, watched, null);
    }

    /** @param answers where the replies to the attempts' GIOP 1.2 requests are seen; null: not watched */
    RequestScanner(OutputStream out, String peer, Listener listener, Closeable connection,
            boolean closeWhenFirstRefused, SocketDeadlines.Watched watched, ServerAnswers answers) {
        super(out);
        this.watched = watched;
        this.answers = answers;
        this.peer = CurrentAttempt.Peer.of(peer);
        this.listener = listener;
        this.connection = connection;
        this.closeWhenFirstRefused = closeWhenFirstRefused;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] buffer, int offset, int length) throws IOException {
        // scanned before the bytes leave: no reply can arrive before its request is noted, and a
        // refused request is refused before any of it is sent
        int refusedAt = scan(buffer, offset, length);
        if (refusedAt < 0) {
            send(buffer, offset, length);
            return;
        }
        // the end of an earlier message in the same write still goes, so that the stream stays framed
        send(buffer, offset, refusedAt - offset);
        SystemException refused = refusal;
        refusal = null;
        if (requestsWritten == 0 && closeWhenFirstRefused) {
            connection.close();
        }
        throw refused;
    }

    /**
     * Writes to the socket, under the watch that closes the connection if the write is still
     * blocked at the writing attempt's deadline: the attempt's refusal is then thrown instead of
     * the closed socket's error, saying the server had stopped reading.
     */
    private void send(byte[] buffer, int offset, int length) throws IOException {
        CurrentAttempt attempt = watched == null ? null : CurrentAttempt.current();
        if (attempt == null) {
            // not watched, or outside a call: no deadline to end the write at
            out.write(buffer, offset, length);
            return;
        }
        watched.until(attempt.deadline(), "a request's write");
        try {
            out.write(buffer, offset, length);
        } catch (IOException e) {
            SystemException ended = watched.endedAtDeadline() ? CurrentAttempt.writeEndedAtDeadline(peer.text()) : null;
            if (ended != null) {
                throw ended;
            }
            throw e;
        } finally {
            watched.done();
        }
    }

    /** Scans a write; returns where a request that the attempt refuses begins in it, or -1. */
    private int scan(byte[] buffer, int offset, int length) {
        int at = offset;
        int end = offset + length;
        while (at < end && !lost) {
            if (bodyLeft > 0) {
                int skipped = (int) Math.min(bodyLeft, end - at);
                bodyLeft -= skipped;
                at += skipped;
                continue;
            }
            int headStart = at - headFilled;
            int taken = Math.min(headWanted - headFilled, end - at);
            System.arraycopy(buffer, at, head, headFilled, taken);
            headFilled += taken;
            at += taken;
            if (headFilled == HEADER && headWanted == HEADER) {
                if (!Giop.hasMagic(head)) {
                    lost = true;
                    return -1;
                }
                if (isRequest()) {
                    // a header begun in an earlier write is partly out already: refusing it now would unframe the stream
                    if (headStart >= offset) {
                        refusal = CurrentAttempt.refusesRequest(peer, connection);
                        if (refusal != null) {
                            headFilled = 0;
                            return headStart;
                        }
                    }
                    requestsWritten++;
                    if (head[5] < 2 && listener != null) {
                        listener.sentUnnumbered();
                    }
                }
                headWanted = numbered() ? SCANNED : HEADER;
            }
            if (headFilled == headWanted) {
                if (headWanted == SCANNED && expectsReply()) {
                    int requestId = (int) Giop.readULong(head, HEADER);
                    if (listener != null) {
                        listener.sent(requestId);
                    }
                    if (answers != null) {
                        CurrentAttempt.requestSent(answers, requestId);
                    }
                }
                bodyLeft = Giop.bodySize(head) - (headFilled - HEADER);
                headFilled = 0;
                headWanted = HEADER;
            }
        }
        return -1;
    }

    private boolean isRequest() {
        return Giop.type(head) == Giop.REQUEST || Giop.type(head) == Giop.LOCATE_REQUEST;
    }

    /** GIOP 1.2 requests whose body holds at least the id and flags. */
    private boolean numbered() {
        return head[5] >= 2 && isRequest() && Giop.bodySize(head) >= SCANNED - HEADER;
    }

    /** A LocateRequest always; a Request unless its response flags say none (a oneway). */
    private boolean expectsReply() {
        return Giop.type(head) == Giop.LOCATE_REQUEST || head[16] != 0;
    }
}
