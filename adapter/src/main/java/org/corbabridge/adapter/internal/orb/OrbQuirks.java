package org.corbabridge.adapter.internal.orb;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.internal.eclipse.EclipseOrbTransport;
import org.corbabridge.adapter.internal.openjdk.OpenJdkSocketFactory;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;
import org.corbabridge.adapter.internal.codec.StringReads;

/**
 * What the adapter knows of each ORB and no user needs: how it reports a time-out, how it hides a
 * lost connection, what an ORB the adapter owns is given, and what its destroy leaves behind.
 */
public final class OrbQuirks {

    /** JacORB's native char code set: what it offers first when the code sets of a connection are negotiated. */
    private static final String NATIVE_CHAR_CODESET = "jacorb.native_char_codeset";
    /** The Eclipse ORB's minor code (low 12 bits) for "timeout waiting for response". */
    private static final int ECLIPSE_RESPONSE_TIMEOUT_MINOR = 19;
    /** What JacORB's {@code ReplyPlaceholder} says when its wait for a reply is over. */
    private static final String JACORB_REPLY_WAIT_OVER = "client timeout reached";
    /** BAD_PARAM's OMG minor code 23: a wide character on a connection whose code sets are not yet known. */
    static final int OMG_WCHAR_CODE_SET_NOT_KNOWN = 0x4f4d0017;
    /** The selector thread ends as soon as it wakes up to its ORB's destroy(); this is plenty. */
    private static final Duration SELECTOR_THREAD_END_WAIT = Duration.ofSeconds(1);

    private OrbQuirks() {
    }

    /**
     * What an ORB the adapter creates and owns is given besides its bounds: JacORB offers
     * ISO 8859-1 first (omniORB's native code set), the Eclipse and OpenJDK ORBs listen on
     * loopback only (a client has nothing to serve to other hosts).
     */
    static Properties ownedOrbProperties(OrbImplementation implementation) {
        Properties properties = new Properties();
        switch (implementation) {
            case JACORB -> properties.setProperty(NATIVE_CHAR_CODESET, "ISO8859_1");
            case ECLIPSE_ORB -> properties.setProperty("com.sun.corba.ee.ORBServerHost", "127.0.0.1");
            case OPENJDK_ORB -> properties.setProperty("com.sun.CORBA.ORBServerHost", "127.0.0.1");
        }
        return properties;
    }

    /**
     * Whether a known ORB reports {@code e} when a reply did not arrive within its call time-out:
     * JacORB's {@code TIMEOUT}, the Eclipse ORB's {@code COMM_FAILURE} minor 19 completed MAYBE
     * (the OpenJDK ORB has no reply time-out of its own).
     */
    public static boolean isTimeout(SystemException e) {
        return e instanceof TIMEOUT
                || e instanceof COMM_FAILURE && (e.minor & 0xFFF) == ECLIPSE_RESPONSE_TIMEOUT_MINOR
                        && e.completed == CompletionStatus.COMPLETED_MAYBE;
    }

    /**
     * Whether {@code e} is JacORB's end of the wait for a reply ({@code TIMEOUT("client timeout
     * reached")}, minor 0, which it reports completed NO): JacORB waits so only after it wrote the
     * request, so the server may have run it. Its other time-outs (connect, a deadline passed before
     * sending) carry other messages.
     */
    public static boolean isJacorbReplyWaitOver(SystemException e) {
        return e instanceof TIMEOUT && e.getMessage() != null && e.getMessage().startsWith(JACORB_REPLY_WAIT_OVER);
    }

    /**
     * Whether {@code e} is omniORB's answer to a request with wide characters (a {@code wstring})
     * that reached it on a new connection before the request that negotiated the connection's code
     * sets had been read: BAD_PARAM, OMG minor 23 ({@code WCharTCSNotKnown}), completed NO. A
     * client ORB that sends its code sets with the connection's first request only (JacORB) meets
     * it when several threads start calls on a fresh connection at once: seen in the replica
     * drills, 1-13 calls of 100 000 after a replica came back. The request did not run; sent again
     * it is answered.
     */
    public static boolean isCodeSetNotYetNegotiated(Throwable e) {
        return e instanceof BAD_PARAM bad && bad.minor == OMG_WCHAR_CODE_SET_NOT_KNOWN
                && bad.completed == CompletionStatus.COMPLETED_NO;
    }

    /**
     * Whether {@code orb} sends a {@code string}'s characters beyond Latin-1 as their low byte,
     * without an error: JacORB where its char code set is ISO 8859-1 (the one the adapter gives the
     * JacORB it creates, so that the connection's is omniORB's own) or its code sets are off. With
     * UTF-8 as its own (a JacORB the application lends, say) it sends every character. The Eclipse
     * and OpenJDK ORBs refuse what their code set cannot carry (DATA_CONVERSION, completed NO).
     */
    public static boolean cutsStringsBeyondLatin1(ORB orb) {
        return OrbImplementation.of(orb).orElse(null) == OrbImplementation.JACORB
                && org.corbabridge.adapter.internal.jacorb.JacorbStreams.writesStringsAsLatin1(orb);
    }

    /**
     * Whether a new binding's first call is made alone, the other threads waiting for it: on
     * JacORB, which marks a connection's code sets negotiated when a request is created, so that a
     * request created while another thread opens the connection lets the first request leave
     * without them (see {@link #isCodeSetNotYetNegotiated}). The other ORBs send their code sets
     * without the race.
     */
    public static boolean firstCallAlone(ORB orb) {
        return OrbImplementation.of(orb).orElse(null) == OrbImplementation.JACORB;
    }

    /**
     * Whether {@code orb} reads a {@code fixed} inside a received any right: JacORB, whose
     * {@code read_fixed} reads up to the sign, whatever the digits (its any then holds it with the
     * value's own digits, which its generated helpers read back). The Eclipse and OpenJDK ORBs copy
     * one inside a constructed type as 4 octets ({@link org.corbabridge.adapter.internal.codec.AnyGuard#fixedInAnAny}).
     */
    public static boolean readsFixedInAnysRight(ORB orb) {
        return OrbImplementation.of(orb).orElse(null) == OrbImplementation.JACORB;
    }

    /** Closes a connection whose code sets the server never heard of; null: nothing to close. */
    public static void closeQuietly(Closeable connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (IOException e) {
            // the ORB finds it broken all the same
        }
    }

    /**
     * Whether a known ORB throws {@code e}, not a CORBA exception, when a connection fails. The
     * Eclipse ORB 5.0 in two ways: its own RequestCanceledException, to a caller still reading a
     * fragmented reply; and, in the finally block of its request dispatcher, a pop of an empty
     * thread-local stack whose NoSuchElementException replaces the COMM_FAILURE it was about to
     * throw. The OpenJDK ORB, which parted from it, with its own RequestCanceledException.
     */
    public static boolean isMaskedCommunicationFailure(RuntimeException e) {
        String type = e.getClass().getName();
        if (type.equals("com.sun.corba.ee.impl.protocol.RequestCanceledException")
                || type.equals("com.sun.corba.se.impl.protocol.RequestCanceledException")) {
            return true;
        }
        if (!(e instanceof NoSuchElementException)) {
            return false;
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getMethodName().equals("popEncVersionFromThreadLocalState")) {
                return true;
            }
        }
        return false;
    }

    /** The OMG's minor code of {@code UNKNOWN}: "unlisted user exception received by client". */
    private static final int OMG_UNLISTED_USER_EXCEPTION = 0x4f4d0001;
    /** The OpenJDK ORB's: "unknown user exception while unmarshalling" (vendor id "SU", 201). */
    private static final int OPENJDK_UNKNOWN_USER_EXCEPTION = 0x535500c9;
    /** How JacORB's generated stubs report a user exception their operation does not declare. */
    private static final String JACORB_STUB_UNEXPECTED = "Unexpected exception IDL:";

    /**
     * Whether {@code e} is an ORB's word that the server raised a user exception the request did
     * not list (DII on the Eclipse and OpenJDK ORBs, which do not say which).
     */
    public static boolean isUndeclaredUserException(SystemException e) {
        return e instanceof org.omg.CORBA.UNKNOWN
                && (e.minor == OMG_UNLISTED_USER_EXCEPTION || e.minor == OPENJDK_UNKNOWN_USER_EXCEPTION);
    }

    /** JacORB's DII requests, where JacORB is on the class path. */
    private static final Class<?> JACORB_REQUEST = orbClass(
            "org.corbabridge.adapter.internal.jacorb.JacorbRequests", "org.jacorb.orb.dii.Request", "REQUEST");

    /**
     * Whether a DII {@code request} whose {@code env()} holds no exception really had a normal
     * reply: JacORB leaves {@code env()} empty for a user exception the request did not list
     * (see {@link org.corbabridge.adapter.internal.jacorb.JacorbRequests}). True for every other ORB.
     */
    public static boolean readANormalReply(org.omg.CORBA.Request request) {
        return JACORB_REQUEST == null || !JACORB_REQUEST.isInstance(request)
                || org.corbabridge.adapter.internal.jacorb.JacorbRequests.readANormalReply(request);
    }

    /**
     * Refuses a reply whose values were read past the end of its message, what a JacORB ORB with its
     * default, pooled buffers does with a reply shorter than its values (see
     * {@link org.corbabridge.adapter.internal.jacorb.JacorbStreams#readPastItsMessage}): the values
     * read there were never sent. The JacORB the adapter creates reads from a buffer of the message's
     * size and fails at its end already; the other ORBs check their reads against the message.
     *
     * @param in the reply the dynamic path read, or null where DII read {@code request}'s
     */
    public static void requireReadWithinTheReply(org.omg.CORBA.portable.InputStream in, org.omg.CORBA.Request request) {
        boolean past = in != null ? StringReads.JACORB != null && StringReads.JACORB.isInstance(in)
                && org.corbabridge.adapter.internal.jacorb.JacorbStreams.readPastItsMessage(in)
                : JACORB_REQUEST != null && JACORB_REQUEST.isInstance(request)
                        && org.corbabridge.adapter.internal.jacorb.JacorbRequests.readPastItsReply(request);
        if (past) {
            throw new ReadPastTheReply();
        }
    }

    /** A reply's values read past the end of its message ({@link #requireReadWithinTheReply}). */
    public static final class ReadPastTheReply extends IndexOutOfBoundsException {
        private static final long serialVersionUID = 1L;

        ReadPastTheReply() {
            super("the values were read past the end of the reply's message");
        }
    }

    /**
     * An ORB's class, as the constant {@code field} of the adapter's class {@code reader} that reads
     * its objects, when both {@code orbClass} and the reader can be loaded; else null (that ORB is
     * not on the class path, and its objects never come).
     */
    public static Class<?> orbClass(String reader, String orbClass, String field) {
        try {
            ClassLoader loader = OrbQuirks.class.getClassLoader();
            Class.forName(orbClass, false, loader);
            return (Class<?>) Class.forName(reader, true, loader).getField(field).get(null);
        } catch (ReflectiveOperationException | LinkageError absent) {
            return null;
        }
    }

    /**
     * The repository id of the user exception a JacORB stub reports with a plain
     * {@code RuntimeException("Unexpected exception " + id)} when its operation does not declare
     * it; else null.
     */
    public static String undeclaredUserExceptionOfAStub(RuntimeException e) {
        String message = e.getMessage();
        return e.getClass() == RuntimeException.class && message != null && message.startsWith(JACORB_STUB_UNEXPECTED)
                ? message.substring("Unexpected exception ".length()) : null;
    }

    /**
     * Releases before {@code destroy()} what it would leave behind, and returns what to release
     * after it: the OpenJDK ORB's outgoing connections first (see
     * {@link OpenJdkSocketFactory#closeOutgoing}); the Eclipse ORB's acceptors first (destroy()
     * leaves their listening socket open), then, after destroy(), its selector if its thread ended
     * without closing it.
     */
    static Runnable prepareForDestroy(ORB orb) {
        OrbImplementation implementation = OrbImplementation.of(orb).orElse(null);
        if (implementation == OrbImplementation.OPENJDK_ORB) {
            OpenJdkSocketFactory.closeOutgoing(orb);
        }
        if (implementation != OrbImplementation.ECLIPSE_ORB) {
            return () -> { };
        }
        EclipseOrbTransport.closeAcceptors(orb);
        Optional<EclipseOrbTransport.SelectorThread> selector = EclipseOrbTransport.selectorThread(orb);
        return () -> selector.ifPresent(s -> s.closeWhenEnded(SELECTOR_THREAD_END_WAIT));
    }
}
