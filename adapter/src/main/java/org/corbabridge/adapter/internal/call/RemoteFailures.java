package org.corbabridge.adapter.internal.call;

import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLException;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.MessageTooLargeException;
import org.corbabridge.adapter.RemoteCallException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TlsHandshakeException;
import org.corbabridge.adapter.internal.codec.Unreadable;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.OversizedMessageException;
import org.corbabridge.adapter.internal.transport.TlsFailures;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.INV_OBJREF;
import org.omg.CORBA.NO_PERMISSION;
import org.omg.CORBA.NO_RESPONSE;
import org.omg.CORBA.OBJECT_NOT_EXIST;
import org.omg.CORBA.OBJ_ADAPTER;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TRANSIENT;

/** Turns the system exceptions of a remote call into the adapter's typed exceptions. */
final class RemoteFailures {

    private RemoteFailures() {
    }

    /**
     * @param attempt what was tried, for the message: "queryCatalog on 'Catalog' via corbaname::..."
     * @param elapsedNanos how long the call had waited when it failed
     */
    public static CorbaAdapterException translate(SystemException e, String attempt, Duration callTimeout,
            long elapsedNanos) {
        return translate(e, attempt, callTimeout, elapsedNanos, Optional.empty());
    }

    /**
     * @param refused a message the call's ORB refused while the call waited (see {@link MessageLimits}):
     *     the ORB closed the connection for it and reports only that
     */
    public static CorbaAdapterException translate(SystemException e, String attempt, Duration callTimeout,
            long elapsedNanos, Optional<OversizedMessageException> refused) {
        Completion completion = completion(e);
        if (isTimeout(e, callTimeout, elapsedNanos)) {
            return new CallTimeoutException(attempt + " got no reply within " + callTimeout.toMillis() + " ms ("
                    + describe(e) + "); the server may still have run it", completion, e);
        }
        Optional<OversizedMessageException> oversized = causeOfType(e, OversizedMessageException.class)
                .or(() -> e instanceof COMM_FAILURE || e instanceof TRANSIENT ? refused : Optional.empty());
        if (oversized.isPresent()) {
            return tooLarge(attempt, oversized.get(), describe(e));
        }
        Optional<String> tlsFailure = tlsFailure(e);
        if (tlsFailure.isPresent()) {
            return new TlsHandshakeException(attempt + " failed: no TLS connection to the server: " + tlsFailure.get()
                    + " (" + describe(e) + ")", completion, e);
        }
        if (isUnreachable(e)) {
            return new ServerUnavailableException(attempt + " failed: the server is unreachable or no longer "
                    + "knows the object (" + describe(e) + ")", completion, e);
        }
        if (e instanceof UndeclaredUserException) {
            return new RemoteCallException(attempt + " failed: " + e.getMessage(), Completion.YES, e);
        }
        if (OrbPlatform.isUndeclaredUserException(e)) {
            return new RemoteCallException(attempt + " failed: " + UndeclaredUserException.undeclared("it", null)
                    + " (" + describe(e) + ")", Completion.YES, e);
        }
        return new RemoteCallException(attempt + " failed: " + describe(e), completion, e);
    }

    /**
     * {@code failure}, unless it is a time-out its ORB reported as completed NO although the request
     * had been written ({@code sent}): then the same with completion MAYBE. JacORB says NO of every
     * reply time-out; a server that got the request may have run it, and NO would let a
     * non-idempotent call be sent again.
     */
    public static CorbaAdapterException sentAnyway(CorbaAdapterException failure, boolean sent) {
        if (!sent || !(failure instanceof CallTimeoutException) || failure.completion() != Completion.NO) {
            return failure;
        }
        return new CallTimeoutException(failure.getMessage(), Completion.MAYBE, failure.getCause());
    }

    /**
     * {@code failure} with completion YES when its attempt's request was answered with a reply
     * saying the operation ran ({@code answered}, see {@code CurrentAttempt.serverRan}): what failed
     * after that reply's status (its values unreadable, the reply cut off, too slow or too large to
     * come whole) cannot undo the call, whatever completion the ORB gave its exception. The
     * Eclipse ORB's reader says NO of a reply shorter than its values, and NO invites a resend.
     */
    public static CorbaAdapterException answered(CorbaAdapterException failure, boolean answered) {
        if (!answered || failure.completion() == Completion.YES) {
            return failure;
        }
        String message = failure.getMessage() + "; the server had answered that the call ran";
        Throwable cause = failure.getCause();
        if (failure instanceof CallTimeoutException) {
            return new CallTimeoutException(message, Completion.YES, cause);
        }
        if (failure instanceof MessageTooLargeException) {
            return new MessageTooLargeException(message, Completion.YES, cause);
        }
        if (failure instanceof ServerUnavailableException) {
            return new ServerUnavailableException(message, Completion.YES, cause);
        }
        if (failure instanceof RemoteCallException) {
            return new RemoteCallException(message, Completion.YES, cause);
        }
        return failure;
    }

    /**
     * {@code failure} with what its attempt's failed connect said appended ({@code connectFailure}:
     * the address the server publishes, and the setting that maps it), when it says the server
     * could not be reached; else {@code failure}.
     */
    public static CorbaAdapterException unreachableAddress(CorbaAdapterException failure, String connectFailure) {
        if (connectFailure == null || !(failure instanceof ServerUnavailableException)) {
            return failure;
        }
        return new ServerUnavailableException(failure.getMessage() + "; " + connectFailure, failure.completion(),
                failure.getCause());
    }

    /**
     * A call failed with an exception that is not a CORBA exception: the ORB broke its own
     * contract. Where a known ORB does so in place of a communication failure, it is reported
     * as one; anything else as a remote call failure of unknown completion.
     */
    public static CorbaAdapterException translateUnexpected(RuntimeException e, String attempt, OrbPlatform platform) {
        return translateUnexpected(e, attempt, Optional.empty(), false, platform);
    }

    /**
     * What an ORB's reader throws where a message ends before the values it reads: JacORB, whose
     * buffer is the message's size (its bounding properties), an index past it; the
     * OpenJDK ORB a buffer position past its limit ("newPosition > limit").
     */
    private static boolean isReadPastTheEnd(RuntimeException e) {
        return e instanceof IndexOutOfBoundsException || e instanceof java.nio.BufferUnderflowException
                || e instanceof IllegalArgumentException;
    }

    /**
     * @param refused as for {@link #translate(SystemException, String, Duration, long, Optional)}
     * @param replyRead whether the request had been sent, so that the ORB was reading its reply
     * @param platform the ORB's, which knows the exceptions it throws in place of CORBA's
     */
    public static CorbaAdapterException translateUnexpected(RuntimeException e, String attempt,
            Optional<OversizedMessageException> refused, boolean replyRead, OrbPlatform platform) {
        boolean masked = platform.isMaskedCommunicationFailure(e);
        if (refused.isPresent() && masked) {
            return tooLarge(attempt, refused.get(), e.toString());
        }
        if (masked) {
            return new ServerUnavailableException(attempt + " failed: the connection failed and the ORB reported "
                    + e + " in place of a CORBA exception", Completion.MAYBE, e);
        }
        if (replyRead && isReadPastTheEnd(e) || e instanceof ReadPastTheReply) {
            return new RemoteCallException(attempt + " failed: the server's reply ended before the values the "
                    + "operation's IDL describes (the ORB's reader: " + e + "). Is the server built from another "
                    + "version of the IDL?", Completion.YES, e);
        }
        String undeclared = undeclaredUserExceptionOfAStub(e);
        if (undeclared != null) {
            return new RemoteCallException(attempt + " failed: " + UndeclaredUserException.undeclared("it", undeclared),
                    Completion.YES, e);
        }
        return new RemoteCallException(attempt + " failed inside the ORB with " + e
                + " instead of a CORBA exception; the request may or may not have reached the server",
                Completion.MAYBE, e);
    }

    /**
     * An attempt the connections stopped ({@link CurrentAttempt}): at the call's deadline, a call
     * time-out, unless the ORB was reconnecting to a server that refused (then it is unreachable);
     * past the send limit, the server unreachable. Either way nothing ran: the ORB sends
     * again only what it was told did not run, and the refused request never left.
     *
     * @param reported what the ORB threw on its way out, which may be the refusal or a wrapper of it
     * @param platform the ORB's, which knows the exceptions it throws in place of CORBA's
     */
    static CorbaAdapterException refused(SystemException refusal, String attempt, Throwable reported,
            OrbPlatform platform) {
        String detail = refusal.getMessage() + " (the ORB reported " + reported + ")";
        if (refusal.minor == CurrentAttempt.WRITE_STALLED) {
            // the ORB reports the closed connection; the news is the server that stopped reading
            return new CallTimeoutException(attempt + " could not send its request before its deadline: " + detail,
                    Completion.NO, refusal);
        }
        boolean connectionFailed = reported instanceof SystemException failure
                ? failure != refusal && isUnreachable(failure)
                : reported instanceof RuntimeException runtime && platform.isMaskedCommunicationFailure(runtime);
        if (connectionFailed) {
            // the ORB was reconnecting to a server that refuses connections: that is the news, not the clock
            return new ServerUnavailableException(attempt + " failed: the server stayed unreachable until the call's "
                    + "deadline: " + detail, Completion.NO, reported);
        }
        if (refusal.minor == CurrentAttempt.DEADLINE_PASSED) {
            return new CallTimeoutException(attempt + " got no answer before its deadline: the ORB was still "
                    + "being forwarded or reconnecting: " + detail, Completion.NO, refusal);
        }
        return new ServerUnavailableException(attempt + " failed: " + detail, Completion.NO, refusal);
    }

    /**
     * An {@link Error} from inside the ORB's call (a {@code StackOverflowError} of its forward
     * recursion): the ORB's state is not the caller's to judge, so it is a remote call failure
     * whose completion is unknown.
     */
    static CorbaAdapterException brokenOrb(Throwable e, String attempt) {
        return new RemoteCallException(attempt + " failed inside the ORB with " + e
                + "; the request may or may not have reached the server", Completion.MAYBE, e);
    }

    /**
     * Returns if {@code e} is the JVM refusing an array of a length a hostile answer announced
     * ("Requested array size exceeds VM limit": nothing was allocated, the heap is as it was), to be
     * reported as the ORB's failure to read that answer; else throws it, for the heap is exhausted.
     */
    static void throwUnlessHostileLength(OutOfMemoryError e) {
        if (e.getMessage() == null || !e.getMessage().contains("array size exceeds VM limit")) {
            throw e;
        }
    }

    private static MessageTooLargeException tooLarge(String attempt, OversizedMessageException refusal,
            String reported) {
        return new MessageTooLargeException(attempt + " failed: " + refusal.getMessage() + " (the ORB reported "
                + reported + ")", Completion.MAYBE, refusal);
    }

    /**
     * "COMM_FAILURE (minor 0x53550008, completed MAYBE)"; a reply the adapter's own codecs could
     * not read says why ({@link Unreadable}): the ORBs' messages are log lines, its are not.
     */
    public static String describe(SystemException e) {
        String type = e.getClass().getSimpleName();
        boolean ours = e instanceof org.omg.CORBA.MARSHAL && e.minor == Unreadable.MINOR;
        return type + " (minor 0x" + Integer.toHexString(e.minor) + ", completed " + completion(e) + ")"
                + (ours ? ": " + e.getMessage() : "");
    }

    public static Completion completion(SystemException e) {
        if (e.completed == null) {
            return Completion.MAYBE;
        }
        switch (e.completed.value()) {
            case CompletionStatus._COMPLETED_YES:
                return Completion.YES;
            case CompletionStatus._COMPLETED_NO:
                return Completion.NO;
            default:
                return Completion.MAYBE;
        }
    }

    private static boolean isTimeout(SystemException e, Duration callTimeout, long elapsedNanos) {
        if (OrbPlatform.isReplyTimeout(e)) {
            return true;
        }
        // an ORB we have no rule for: a lost connection exactly when the time-out ran out
        return (e instanceof COMM_FAILURE || e instanceof NO_RESPONSE)
                && completion(e) == Completion.MAYBE
                && elapsedNanos >= callTimeout.toNanos();
    }

    /**
     * Why a TLS connection failed, if that is what {@code e} reports: an {@code SSLException} among
     * its causes (the Eclipse ORB keeps it), noted by the adapter's JacORB socket factory (JacORB
     * keeps nothing), or named in its message, or a NO_PERMISSION about SSL/TLS.
     */
    static Optional<String> tlsFailure(SystemException e) {
        Optional<SSLException> kept = causeOfType(e, SSLException.class);
        if (kept.isPresent()) {
            SSLException cause = kept.get();
            Throwable root = cause;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return Optional.of(root == cause ? cause.getMessage() : cause.getMessage() + "; " + root);
        }
        String message = String.valueOf(e.getMessage());
        Optional<SSLException> noted = TlsFailures.take(message);
        if (noted.isPresent()) {
            return Optional.of(noted.get().getMessage());
        }
        int ssl = message.indexOf("javax.net.ssl.");
        if (ssl >= 0) {
            return Optional.of(message.substring(ssl));
        }
        if (e instanceof NO_PERMISSION && (message.contains("SSL") || message.contains("TLS"))) {
            return Optional.of(message);
        }
        return Optional.empty();
    }

    private static <X extends Throwable> Optional<X> causeOfType(Throwable e, Class<X> type) {
        for (Throwable cause = e.getCause(); cause != null && cause != e; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code e} says the object could not be reached where the reference points. An
     * {@code OBJ_ADAPTER} is the server's object adapter not serving it (yet, or any more: an
     * omniORB server starting or stopping answered it in the replica drills).
     */
    private static boolean isUnreachable(SystemException e) {
        return e instanceof TRANSIENT || e instanceof COMM_FAILURE || e instanceof OBJECT_NOT_EXIST
                || e instanceof NO_RESPONSE || e instanceof INV_OBJREF || e instanceof OBJ_ADAPTER;
    }

    /** How the stubs JacORB's IDL compiler generates report a user exception their operation does not declare. */
    private static final String STUB_UNEXPECTED = "Unexpected exception IDL:";

    /**
     * The repository id of the user exception a generated stub reports with a plain
     * {@code RuntimeException("Unexpected exception " + id)} when its operation does not declare
     * it (JacORB's IDL compiler's stubs, on whichever ORB they run); else null.
     */
    private static String undeclaredUserExceptionOfAStub(RuntimeException e) {
        String message = e.getMessage();
        return e.getClass() == RuntimeException.class && message != null && message.startsWith(STUB_UNEXPECTED)
                ? message.substring("Unexpected exception ".length()) : null;
    }

    /** BAD_PARAM's OMG minor code 23: a wide character on a connection whose code sets are not yet known. */
    static final int OMG_WCHAR_CODE_SET_NOT_KNOWN = 0x4f4d0017;

    /**
     * Whether {@code e} is omniORB's answer to a request with wide characters (a {@code wstring})
     * that reached it on a new connection before the request that negotiated the connection's code
     * sets had been read: BAD_PARAM, OMG minor 23 ({@code WCharTCSNotKnown}), completed NO. A
     * client ORB that sends its code sets with the connection's first request only (JacORB) meets
     * it when several threads start calls on a fresh connection at once: seen in the replica
     * drills, 1-13 calls of 100 000 after a replica came back. The request did not run; sent again
     * it is answered.
     */
    static boolean isCodeSetNotYetNegotiated(Throwable e) {
        return e instanceof BAD_PARAM bad && bad.minor == OMG_WCHAR_CODE_SET_NOT_KNOWN
                && bad.completed == CompletionStatus.COMPLETED_NO;
    }
}
