package org.corbabridge.adapter.internal.orb;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServingConfig;
import org.omg.CORBA.COMM_FAILURE;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;
import org.omg.CORBA.portable.InputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything that differs between JacORB, the Eclipse ORB and the OpenJDK ORB, asked of one object
 * per ORB: what an ORB the adapter owns is given, how it reports a time-out or hides a lost
 * connection, how its reply streams are read fast, what it carries wrong, what its destroy leaves
 * behind. An {@link OrbLease} chooses it once ({@link #of(ORB)}); nothing else asks which ORB it is.
 *
 * <p>This class answers for an ORB the adapter does not know (a lent one of another make): the
 * OMG's standard behaviour, no stream access of its own. Each known ORB's subclass lives in that
 * ORB's package ({@code internal.jacorb}, {@code .eclipse}, {@code .openjdk}), is loaded by name
 * when an ORB of that make is first met, so that no ORB's classes load for another's, and
 * overrides what its ORB does differently. (As OkHttp's {@code Platform} does for its runtimes.)
 */
public class OrbPlatform {

    private static final Logger LOG = LoggerFactory.getLogger(OrbPlatform.class);

    /** The adapter's platform classes by ORB, loaded by name: the ORB packages import this one, not the reverse. */
    private static final Map<OrbImplementation, String> CLASSES = Map.of(
            OrbImplementation.JACORB, "org.corbabridge.adapter.internal.jacorb.JacorbPlatform",
            OrbImplementation.ECLIPSE_ORB, "org.corbabridge.adapter.internal.eclipse.EclipsePlatform",
            OrbImplementation.OPENJDK_ORB, "org.corbabridge.adapter.internal.openjdk.OpenJdkPlatform");

    /** One object per ORB make, made at its first use. */
    private static final Map<OrbImplementation, OrbPlatform> KNOWN = new EnumMap<>(OrbImplementation.class);

    /** The platform of an ORB the adapter does not know, and of values met outside any ORB's streams. */
    public static final OrbPlatform OTHER = new OrbPlatform(null, null);

    /** The OSF registry's ISO 8859-1 (Latin-1): the char code set whose strings the codecs read in bulk. */
    public static final int ISO_8859_1 = 0x00010001;

    /** The OMG's minor code of {@code UNKNOWN}: "unlisted user exception received by client". */
    private static final int OMG_UNLISTED_USER_EXCEPTION = 0x4f4d0001;
    /** The OpenJDK ORB's: "unknown user exception while unmarshalling" (vendor id "SU", 201). */
    private static final int SUN_UNKNOWN_USER_EXCEPTION = 0x535500c9;
    /** The Eclipse ORB's minor code (low 12 bits) for "timeout waiting for response". */
    private static final int SUN_RESPONSE_TIMEOUT_MINOR = 19;

    private final OrbImplementation implementation;
    /** The ORB's name in messages: "JacORB", "the Eclipse ORB"; null for an ORB the adapter does not know. */
    private final String name;

    protected OrbPlatform(OrbImplementation implementation, String name) {
        this.implementation = implementation;
        this.name = name;
    }

    /**
     * The platform of {@code orb}'s make: by its class's package, else by the class it extends (an
     * ORB of a known make subclassed in another package); {@link #OTHER} for one the adapter does not
     * know.
     */
    public static OrbPlatform of(ORB orb) {
        if (orb == null) {
            return OTHER;
        }
        return OrbImplementation.of(orb).or(() -> subclassed(orb)).map(OrbPlatform::of).orElse(OTHER);
    }

    private static Optional<OrbImplementation> subclassed(ORB orb) {
        for (OrbImplementation implementation : OrbImplementation.values()) {
            if (orbClass(implementation, orb.getClass().getClassLoader()).filter(type -> type.isInstance(orb)).isPresent()) {
                return Optional.of(implementation);
            }
        }
        return Optional.empty();
    }

    /** The ORB class of {@code implementation} as {@code loader} sees it; empty where that make is not there. */
    private static Optional<Class<?>> orbClass(OrbImplementation implementation, ClassLoader loader) {
        try {
            return Optional.of(Class.forName(implementation.orbClass(), false, loader));
        } catch (ClassNotFoundException | LinkageError absent) {
            return Optional.empty();
        }
    }

    /**
     * The platform of ORBs of {@code implementation}; {@link #OTHER} where its class cannot be
     * loaded (the ORB is not on the class path: none of its objects will come).
     */
    public static OrbPlatform of(OrbImplementation implementation) {
        if (implementation == null) {
            return OTHER;
        }
        synchronized (KNOWN) {
            return KNOWN.computeIfAbsent(implementation, OrbPlatform::load);
        }
    }

    private static OrbPlatform load(OrbImplementation implementation) {
        String platform = CLASSES.get(implementation);
        if (platform == null) {
            return OTHER;
        }
        try {
            return (OrbPlatform) Class.forName(platform, true, OrbPlatform.class.getClassLoader())
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError absent) {
            // where its ORB is there, that ORB would lose every difference the adapter knows of: say so
            if (orbClass(implementation, OrbPlatform.class.getClassLoader()).isPresent()) {
                LOG.warn("the adapter's platform of {} could not be loaded ({}); its ORBs are treated as an "
                        + "unknown ORB's", implementation.displayName(), absent.toString());
            }
            return OTHER;
        }
    }

    /** "JacORB", "the Eclipse ORB", "the OpenJDK ORB", for messages; {@code orb}'s class for another. */
    public final String nameIn(ORB orb) {
        return name != null ? name : orb.getClass().getName();
    }

    // --- an ORB the adapter owns

    /**
     * What an ORB the adapter creates and owns is given besides its bounds: among them where it
     * listens, as {@code serving} says (127.0.0.1 unless told otherwise: a client has nothing to
     * serve to other hosts).
     *
     * @throws OrbInitializationException the ORB cannot serve as {@code serving} asks
     */
    public Properties ownedOrbProperties(ServingConfig serving) {
        if (serving.bidirectional()) {
            throw new OrbInitializationException("bidirectional GIOP is asked for (ServingConfig.bidirectional), but "
                    + "the adapter knows no way to serve over a client's connection on this ORB", Completion.NOT_APPLICABLE,
                    null);
        }
        return new Properties();
    }

    /**
     * An ORB that listens where {@code serving} says, under its properties {@code serverHost} and
     * {@code serverPort}: the Eclipse and OpenJDK ORBs, which open their listening socket at once.
     */
    protected static Properties listening(ServingConfig serving, String serverHost, String serverPort) {
        Properties properties = new Properties();
        properties.setProperty(serverHost, serving.host());
        if (serving.port() != 0) {
            properties.setProperty(serverPort, Integer.toString(serving.port()));
        }
        return properties;
    }

    /** The policies a client's POA is created with besides the defaults (a transient POA of system ids). */
    public Policy[] servingPolicies(ORB orb, ServingConfig serving) {
        return new Policy[0];
    }

    /**
     * Releases before {@code destroy()} what it would leave behind, and returns what to release
     * after it.
     */
    public Runnable prepareForDestroy(ORB orb) {
        return () -> { };
    }

    // --- reply waits of an ORB the adapter borrows

    /** The reply time-out the ORB's owner gave it, where the ORB tells. */
    public Optional<Duration> replyTimeoutOf(ORB orb) {
        return implementation == null ? Optional.empty() : implementation.replyTimeoutOf(orb);
    }

    /**
     * Whether each reference the adapter uses can be given a reply wait of its own that ends at
     * the call's deadline, without touching the ORB's other references ({@link #boundReplyWait}).
     */
    public boolean boundsReplyWaitsPerReference() {
        return false;
    }

    /** {@code reference} with a reply wait of {@code callTimeout} of its own; empty where the ORB does not allow it. */
    public Optional<org.omg.CORBA.Object> boundReplyWait(org.omg.CORBA.Object reference, Duration callTimeout) {
        return Optional.empty();
    }

    // --- how it fails

    /**
     * Whether {@code e} is an ORB's report that a reply did not arrive within its time-out: the
     * OMG's {@code TIMEOUT} (JacORB's, and the adapter's own refusals past a deadline), or the
     * Eclipse ORB's {@code COMM_FAILURE} minor 19 completed MAYBE (the OpenJDK ORB has no reply
     * time-out of its own). Asked of every ORB alike: a minor code of the Sun ORB's line may come
     * from any of its descendants.
     */
    public static boolean isReplyTimeout(SystemException e) {
        return e instanceof TIMEOUT
                || e instanceof COMM_FAILURE && (e.minor & 0xFFF) == SUN_RESPONSE_TIMEOUT_MINOR
                        && e.completed == CompletionStatus.COMPLETED_MAYBE;
    }

    /**
     * Whether {@code e} is the ORB's end of the wait for a reply after it wrote the request, which
     * it reports as not run though the server may have run it.
     */
    public boolean isReplyWaitOver(SystemException e) {
        return false;
    }

    /**
     * Whether the ORB throws {@code e}, not a CORBA exception, when a connection fails.
     */
    public boolean isMaskedCommunicationFailure(RuntimeException e) {
        return false;
    }

    /**
     * Whether {@code e} is the NoSuchElementException of a pop of an empty thread-local stack in the
     * finally block of the request dispatcher of the Eclipse ORB (and of the OpenJDK ORB, which parted
     * from it), which replaces the COMM_FAILURE it was about to throw.
     */
    protected static boolean poppedAnEmptyEncodingStack(RuntimeException e) {
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

    /**
     * Whether {@code e} is an ORB's word that the server raised a user exception the request did
     * not list (DII on the Eclipse and OpenJDK ORBs, which do not say which): {@code UNKNOWN} with
     * the OMG's minor code for it or the OpenJDK ORB's. Asked of every ORB alike, as above.
     */
    public static boolean isUndeclaredUserException(SystemException e) {
        return e instanceof org.omg.CORBA.UNKNOWN
                && (e.minor == OMG_UNLISTED_USER_EXCEPTION || e.minor == SUN_UNKNOWN_USER_EXCEPTION);
    }

    // --- what it sends and reads

    /** Whether {@code orb} sends a {@code string}'s characters beyond Latin-1 as their low byte, without an error. */
    public boolean cutsStringsBeyondLatin1(ORB orb) {
        return false;
    }

    /**
     * Whether a new binding's first call is made alone, the other threads waiting for it, because
     * the ORB lets a request leave without the connection's code sets when another thread opens
     * the connection.
     */
    public boolean firstCallAlone() {
        return false;
    }

    /** Whether the ORB reads a {@code fixed} inside a received any right. */
    public boolean readsFixedInAnysRight() {
        return false;
    }

    /**
     * Why the ORB cannot carry an any of {@code type}, whose {@code fixed} is {@code fixed}: the
     * Eclipse and OpenJDK ORBs, and so any other, copy a fixed inside a struct, union, sequence or
     * array of an any as 4 octets, whatever its digits ({@code TypeCodeImpl.copy} copies it as if
     * it were a fixed's TypeCode). A fixed that is the any's whole value travels.
     *
     * @param bare whether the fixed is the any's whole value
     * @param fixed the fixed's description, "fixed<12,2>"
     */
    public Optional<String> fixedInAnAny(boolean bare, String fixed) {
        return bare ? Optional.empty() : Optional.of("it copies a " + fixed + " inside a struct, union, sequence or "
                + "array of an any as 4 octets, whatever its digits, and reads the values after it wrong");
    }

    /**
     * Whether {@code in} is one of this ORB's streams whose strings are known to come in ISO 8859-1,
     * so that the codecs may read their bytes in bulk.
     */
    public boolean readsLatin1(InputStream in) {
        return false;
    }

    /**
     * The next string of {@code in}, a stream for which {@link #readsLatin1} holds, straight from
     * the ORB's buffer; null where the ORB offers nothing better than the bytes ({@link #nextBytes})
     * for it.
     */
    public String latin1String(InputStream in) {
        return null;
    }

    /**
     * The next {@code length} bytes of {@code in} where they are all in its current buffer, and
     * the stream moved past them; else null and the stream as it was.
     */
    public ByteBuffer nextBytes(InputStream in, int length) {
        return null;
    }

    /**
     * Whether a DII {@code request} whose {@code env()} holds no exception really had a normal
     * reply.
     */
    public boolean readANormalReply(org.omg.CORBA.Request request) {
        return true;
    }

    /**
     * Whether a reply's values were read past the end of its message, from {@code in} where the
     * dynamic path read it, else from DII's {@code request}.
     */
    public boolean readPastTheReply(InputStream in, org.omg.CORBA.Request request) {
        return false;
    }
}
