package org.corbabridge.adapter.internal.time;

import java.io.Closeable;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.IMP_LIMIT;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;

/**
 * The attempt of a call the current thread is making, as the socket factories see it: its
 * {@link Deadline}, and how many requests and connections it has made. The ORBs write requests
 * and open connections on the calling thread, so this is where the deadline reaches inside an
 * ORB that loops or waits without giving control back: a {@code LOCATION_FORWARD} to itself, a
 * server that closes each connection right after the request (the ORB connects and sends again),
 * a forward to a dead port (the Eclipse ORB falls back and tries again for ever). Once the
 * deadline has passed, or the attempt has sent {@link #MAX_REQUESTS} requests or opened
 * {@link #MAX_CONNECTIONS} connections, the next one is refused before a byte leaves, with a
 * system exception no ORB retries, and every later one of the attempt with it. The ORB re-sends
 * a request only when told it did not run (a forward, a {@code CloseConnection}, a refused
 * connect), so what is refused here did not run: {@link #refusal()} keeps the reason for the
 * adapter, whatever the ORB makes of the exception on its way out.
 *
 * <p>A refused connection also interrupts the thread until the attempt ends, so that an ORB
 * that retries connects with back-off (the Eclipse ORB) finds its sleeps cut short and gives up
 * at once; so does a refused TLS handshake ({@link #connectRefusedForGood}). The ORBs read and
 * write through plain socket streams, which an interrupt leaves alone, and the Eclipse ORB's wait
 * for a reply waits again when interrupted.
 *
 * <p>The connection's input also tells the attempt what the server answered to its last request
 * ({@link Answers}): a reply saying the operation ran ({@code NO_EXCEPTION}, {@code
 * USER_EXCEPTION}) makes whatever fails after it (the ORB's reader on a reply it cannot read, a
 * reply cut off or too large) a call that ran, whatever completion the ORB gives its exception
 * ({@link #serverRan()}).
 *
 * <p>A thread outside a call (an ORB's own reader, a lookup at start-up) has no current attempt,
 * and nothing is checked for it. Costs a thread-local read per request and per connection.
 */
public final class CurrentAttempt {

    /**
     * Requests one attempt may write: its own, a name lookup and type check when it rebinds, and
     * forwards (an implementation repository, a load manager, a chain of a few hops).
     */
    public static final int MAX_REQUESTS = 16;
    /** Connections one attempt may open: the server's, the name service's, a forward's, a few reconnects. */
    public static final int MAX_CONNECTIONS = 8;
    /** The minor code of the {@code TIMEOUT} raised when a request or connection would start past the deadline ("CB" + 0x10). */
    public static final int DEADLINE_PASSED = 0x43420010;
    /** The minor code of the {@code IMP_LIMIT} raised past {@link #MAX_REQUESTS} or {@link #MAX_CONNECTIONS}. */
    public static final int TOO_MANY_SENDS = 0x43420011;
    /**
     * The minor code of the {@code IMP_LIMIT} raised when the ORB would send a request again on the
     * caller's thread later than {@link #RESEND_SLACK_NANOS} into the call: see {@link #refusesRequest}.
     */
    public static final int RESEND_ON_HELPER = 0x43420012;
    /**
     * How late into a call the ORB may still send a request again on the caller's thread. The ORB
     * waits for the reply to a request sent again (after a forward, a {@code CloseConnection}) for
     * its whole reply time-out, the call time-out, from then on: the deadline holds within this
     * much. Later, the attempt is refused there and made again on a helper thread, which the caller
     * stops waiting for at the deadline.
     */
    public static final long RESEND_SLACK_NANOS = 100_000_000L;
    /**
     * The minor code of the {@code TIMEOUT} raised when a request was still being written at the
     * deadline, because the server stopped reading: the connection was closed under the write.
     */
    public static final int WRITE_STALLED = 0x43420013;

    private static final ThreadLocal<CurrentAttempt> CURRENT = new ThreadLocal<>();

    /**
     * What a connection's input saw of the replies to the requests its output sent for attempts,
     * by request id (ids are a connection's own). Thread-safe: the connection's reader notes the
     * replies, the attempt's thread asks.
     */
    public interface Answers {

        /** Watches for the reply to {@code requestId}, sent for an attempt. */
        void await(int requestId);

        /** Whether the reply to {@code requestId} came and said the operation ran (its status NO_EXCEPTION or USER_EXCEPTION). */
        boolean ran(int requestId);

        /** Stops watching for the reply to {@code requestId}. */
        void forget(int requestId);
    }

    private final Deadline deadline;
    /** Whether the attempt runs on the caller's thread, which nothing frees at the deadline but the ORB itself. */
    private final boolean onCallersThread;
    private int requests;
    private Closeable lastConnection;
    /** The far end of the connection the last request went through. */
    private Peer lastPeer;
    private String connectFailure;
    private int connections;
    private SystemException refusal;
    /** Whether this attempt interrupted its own thread (see {@link #beforeConnect}). */
    private boolean interrupted;
    /** Where the reply to the attempt's last request is seen, and its id; null: none is watched. */
    private Answers lastAnswers;
    private int lastRequestId;

    private CurrentAttempt(Deadline deadline, boolean onCallersThread) {
        this.deadline = deadline;
        this.onCallersThread = onCallersThread;
    }

    /**
     * Makes an attempt under {@code deadline} this thread's current one; returns the one it
     * replaces (null outside a call), to be given to {@link #restore} when the attempt ends.
     *
     * @param onCallersThread whether it runs on the caller's thread, not on a helper the caller
     *     stops waiting for at the deadline
     */
    public static CurrentAttempt begin(Deadline deadline, boolean onCallersThread) {
        return begin(deadline, onCallersThread, null);
    }

    /**
     * As {@link #begin(Deadline, boolean)}, for an attempt that continues {@code continued} (one
     * refused on the caller's thread to be made again on a helper): its requests and connections
     * count against the same limits, so that moving never resets a loop's count.
     */
    public static CurrentAttempt begin(Deadline deadline, boolean onCallersThread, CurrentAttempt continued) {
        CurrentAttempt previous = CURRENT.get();
        CurrentAttempt attempt = new CurrentAttempt(deadline, onCallersThread);
        if (continued != null) {
            // the moved attempt's own refused request is made again: it does not count twice
            attempt.requests = Math.max(0, continued.requests - 1);
            attempt.connections = continued.connections;
        }
        CURRENT.set(attempt);
        return previous;
    }

    /**
     * Ends this thread's attempt, making {@code previous} (from {@link #begin}) current again,
     * and clears the interrupt the attempt set on its thread, if it set one.
     */
    public static void restore(CurrentAttempt previous) {
        CurrentAttempt ending = CURRENT.get();
        if (ending != null && ending.interrupted) {
            Thread.interrupted();
        }
        if (ending != null) {
            ending.forgetLastRequest();
        }
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }

    /**
     * Runs {@code work} as an attempt under {@code deadline} on this thread, with the attempt's
     * limits (the deadline, the send and connection limits) on every connection it uses.
     */
    public static <R> R within(Deadline deadline, java.util.function.Supplier<R> work) {
        CurrentAttempt outer = begin(deadline, false, null);
        try {
            return work.get();
        } finally {
            restore(outer);
        }
    }

    /** Why this thread's attempt refused to send or connect; null if it did not, or outside an attempt. */
    public static SystemException currentRefusal() {
        CurrentAttempt attempt = CURRENT.get();
        return attempt == null ? null : attempt.refusal;
    }

    /** This thread's attempt, or null outside a call. */
    public static CurrentAttempt current() {
        return CURRENT.get();
    }

    /**
     * Asked by a connection before a GIOP request leaves it, on the writing thread: null if it
     * may go, else the exception to throw instead of sending it.
     *
     * @param peer "host:port", for the message
     * @return null, or {@code TIMEOUT} past the deadline, {@code IMP_LIMIT} past the request limit
     */
    public static SystemException refusesRequest(String peer) {
        return refusesRequest(Peer.of(peer), null);
    }

    /**
     * As {@link #refusesRequest(String)}, noting {@code connection} as the one the attempt's
     * request goes through, and {@code peer} (read once per connection) as its far end.
     */
    public static SystemException refusesRequest(Peer peer, Closeable connection) {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt == null) {
            return null;
        }
        attempt.lastConnection = connection;
        attempt.lastPeer = peer;
        // a new request: what was answered to an earlier one (a lookup's, a forwarded one's) says nothing of it
        attempt.forgetLastRequest();
        boolean resent = ++attempt.requests > 1;
        if (resent && attempt.onCallersThread && attempt.refusal == null
                && attempt.deadline.nanosElapsed() > RESEND_SLACK_NANOS) {
            // the ORB's fresh reply time-out would outlive the deadline: the attempt moves to a helper
            attempt.refusal = new IMP_LIMIT("the ORB would send again to " + peer.text() + " "
                    + attempt.deadline.nanosElapsed() / 1_000_000 + " ms into the call, on the caller's thread; "
                    + "the attempt is made again where the deadline holds", RESEND_ON_HELPER,
                    CompletionStatus.COMPLETED_NO);
            return attempt.refusal;
        }
        return attempt.refuses(attempt.requests > MAX_REQUESTS, "requests", peer.text());
    }

    /**
     * Called by a connection when a request of this thread's attempt that expects a reply has
     * gone out as {@code requestId}, on the writing thread: the reply to it is watched for in
     * {@code answers}, the connection's input, in place of any earlier request's.
     */
    public static void requestSent(Answers answers, int requestId) {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt == null) {
            return;
        }
        attempt.forgetLastRequest();
        answers.await(requestId);
        attempt.lastAnswers = answers;
        attempt.lastRequestId = requestId;
    }

    /**
     * Whether the server answered the attempt's last request with a reply saying the operation ran
     * ({@code NO_EXCEPTION} or {@code USER_EXCEPTION}), as its connection's input saw the reply go
     * by. Then a failure after it (the ORB's reader refusing the reply's values, a reply cut off,
     * too large or too slow to come whole) is of a call that ran, though the ORB may say
     * {@code COMPLETED_NO}: the Eclipse ORB's reader does so for a reply shorter than its values.
     * False when unknown: no request went through the adapter's transport, or it spoke GIOP 1.0/1.1.
     */
    public boolean serverRan() {
        return lastAnswers != null && lastAnswers.ran(lastRequestId);
    }

    private void forgetLastRequest() {
        if (lastAnswers != null) {
            lastAnswers.forget(lastRequestId);
            lastAnswers = null;
        }
    }

    /**
     * Called before a connection is opened, on the connecting thread: the connect time-out to use,
     * {@code millis} or the time left if less.
     *
     * @throws SystemException as {@link #refusesRequest} returns, for connections
     */
    public static int beforeConnect(int millis, String peer) {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt == null) {
            return millis;
        }
        SystemException refused = attempt.refuses(++attempt.connections > MAX_CONNECTIONS, "connections", peer);
        if (refused != null) {
            // an ORB that retries a failed connect (the Eclipse ORB, until its own connect budget is
            // spent) sleeps between tries on this thread: interrupted, each sleep returns at once
            attempt.interrupted = true;
            Thread.currentThread().interrupt();
            throw refused;
        }
        return attempt.deadline.capMillis(millis);
    }

    /**
     * Called on the connecting thread when a connection failed in a way that every try of this
     * attempt would meet again at once: a TLS handshake the server refused, which the connector
     * then refuses again without connecting. As after a refused connection ({@link #beforeConnect}),
     * the thread is interrupted until the attempt ends, so that an ORB that connects again with
     * back-off (the Eclipse ORB, until its connect budget is spent) finds its sleeps cut short and
     * reports the refusal at once, where it would have slept out its connect time-out to meet the
     * same refusal. Each sleep the ORB cuts short clears the interrupt, so each refusal sets it
     * again. A connection that fails otherwise (refused, unreachable) is left to the ORB's back-off:
     * a server that is restarting is reached that way. Nothing outside a call, where no attempt
     * would clear the interrupt again.
     */
    public static void connectRefusedForGood() {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt == null) {
            return;
        }
        attempt.interrupted = true;
        Thread.currentThread().interrupt();
    }

    /**
     * Called on the writing thread when its write to {@code peer} was ended at the attempt's
     * deadline (the connection closed under it, see {@code SocketDeadlines}): the request was not
     * whole at the server, so it did not run. Returns the exception to throw instead of the
     * socket's, and keeps it as the attempt's refusal; null outside a call.
     */
    public static SystemException writeEndedAtDeadline(String peer) {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt == null) {
            return null;
        }
        if (attempt.refusal == null) {
            attempt.refusal = new TIMEOUT("the call's deadline (" + attempt.deadline.timeout().toMillis() + " ms) "
                    + "passed while its request was still being written to " + peer + ", which had stopped reading; "
                    + "the connection was closed, and the server never had the whole request",
                    WRITE_STALLED, CompletionStatus.COMPLETED_NO);
        }
        return attempt.refusal;
    }

    /**
     * Notes that the thread's attempt could not connect to {@code published} (as a reference gives
     * it), or to {@code mappedTo} it was mapped to (null when not mapped), for {@code reason}.
     */
    public static void connectFailed(String published, String mappedTo, String reason) {
        CurrentAttempt attempt = CURRENT.get();
        if (attempt != null) {
            attempt.connectFailure = mappedTo == null
                    ? "the server publishes " + published + ", which this client could not connect to (" + reason
                            + "): if the server is behind NAT or in a container, map that address to one this "
                            + "client reaches, with OrbConfig.Builder.mapAddress(\"" + published + "\", \"HOST:PORT\")"
                    : "the server publishes " + published + ", mapped to " + mappedTo + ", which this client could not "
                            + "connect to (" + reason + ")";
        }
    }

    /** What the attempt's last failed connect said (see {@link #connectFailed}), or null. */
    public String connectFailure() {
        return connectFailure;
    }

    /** The connection the attempt's last request went through (a closeable view of it), or null. */
    public Closeable lastConnection() {
        return lastConnection;
    }

    /**
     * The far end of the connection the attempt's last request went through (after any address
     * mapping), or null when no request went through the adapter's transport (none was sent, or
     * the ORB is lent without it).
     */
    public Peer lastPeer() {
        return lastPeer;
    }

    /**
     * The far end of a connection: "address:port" for messages, and its parts for telemetry, read
     * once when the connection is made rather than at every call.
     *
     * @param port -1 when {@code text} names none
     */
    public record Peer(String text, String address, int port) {

        /** "address:port" (an IPv6 address has colons of its own); a text without a port keeps port -1. */
        public static Peer of(String text) {
            int colon = text.lastIndexOf(':');
            if (colon > 0) {
                try {
                    return new Peer(text, text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
                } catch (NumberFormatException notAPort) {
                    // a peer the transport could not name: no parts to tell
                }
            }
            return new Peer(text, text, -1);
        }
    }

    /** Requests the ORB has written for this attempt so far: none means the server cannot have run it. */
    public int requestsSent() {
        return requests;
    }

    public SystemException refusal() {
        return refusal;
    }

    public Deadline deadline() {
        return deadline;
    }

    private SystemException refuses(boolean overLimit, String what, String peer) {
        if (refusal == null) {
            if (deadline.isExpired()) {
                refusal = new TIMEOUT("the call's deadline (" + deadline.timeout().toMillis() + " ms) passed before "
                        + "the ORB could send again to " + peer + "; nothing more was sent",
                        DEADLINE_PASSED, CompletionStatus.COMPLETED_NO);
            } else if (overLimit) {
                int limit = what.equals("requests") ? MAX_REQUESTS : MAX_CONNECTIONS;
                refusal = new IMP_LIMIT("the ORB was about to make more than " + limit + " " + what + " for one "
                        + "attempt, the last to " + peer + " (a LOCATION_FORWARD loop, or a server that closes each "
                        + "connection): nothing more was sent", TOO_MANY_SENDS, CompletionStatus.COMPLETED_NO);
            }
        }
        return refusal;
    }
}
