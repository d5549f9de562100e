package org.corbabridge.adapter.internal.eclipse;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.corbabridge.adapter.internal.transport.BidirectionalGiop;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.InputStream;

/**
 * What the Eclipse ORB does differently ({@link OrbPlatform} has the questions): it listens, hides a lost connection behind its own runtime
 * exceptions, lets its reply streams' buffers be read in bulk, and leaves its listening socket and
 * now and then its selector behind on destroy. (Its reply time-out, a {@code COMM_FAILURE} of minor 19,
 * is known to every platform: {@link OrbPlatform#isReplyTimeout}.) Loaded by name, only where the Eclipse ORB is.
 */
public final class EclipsePlatform extends OrbPlatform {

    /** The selector thread ends as soon as it wakes up to its ORB's destroy(); this is plenty. */
    private static final Duration SELECTOR_THREAD_END_WAIT = Duration.ofSeconds(1);

    public EclipsePlatform() {
        super(OrbImplementation.ECLIPSE_ORB, "the Eclipse ORB");
    }

    private static final String ORB_INITIALIZER_PREFIX = "org.omg.PortableInterceptor.ORBInitializerClass.";

    /**
     * It listens where the serving side says: 127.0.0.1 unless told otherwise. With bidirectional
     * GIOP, which the ORB has not, the adapter's: its initializer offers the listen point on
     * every request, and its connections relay what the server sends over them to the ORB's own
     * endpoint ({@link BidirectionalGiop}).
     */
    @Override
    public Properties ownedOrbProperties(ServingConfig serving) {
        if (serving.publishedHost().isPresent()) {
            throw new OrbInitializationException("ServingConfig.publishAs is not supported on the Eclipse ORB yet: its references "
                    + "carry the listening address; use JacORB, or listen on an address the server reaches",
                    Completion.NOT_APPLICABLE, null);
        }
        // bidirectional GIOP is the adapter's own here (the base class refuses it)
        Properties properties = new Properties();
        if (serving.bidirectional()) {
            properties.putAll(BidirectionalGiop.properties());
            properties.setProperty(ORB_INITIALIZER_PREFIX + EclipseBidirInitializer.class.getName(), "");
        }
        properties.putAll(listening(serving, "com.sun.corba.ee.ORBServerHost", "com.sun.corba.ee.ORBServerPort"));
        return properties;
    }

    /**
     * Its connections' bidirectional relays and its acceptors closed first (destroy() leaves their listening socket open), then, after
     * destroy(), its selector if its thread ended without closing it.
     */
    @Override
    public Runnable prepareForDestroy(ORB orb) {
        // the relays' threads and loopback connections are the adapter's: the ORB's destroy knows nothing of them
        BidirectionalGiop.closeRelays(orb);
        EclipseOrbTransport.closeAcceptors(orb);
        Optional<EclipseOrbTransport.SelectorThread> selector = EclipseOrbTransport.selectorThread(orb);
        return () -> selector.ifPresent(s -> s.closeWhenEnded(SELECTOR_THREAD_END_WAIT));
    }

    /**
     * The Eclipse ORB 5.0 in two ways: its own RequestCanceledException, to a caller still reading a
     * fragmented reply; and, in the finally block of its request dispatcher, a pop of an empty
     * thread-local stack whose NoSuchElementException replaces the COMM_FAILURE it was about to
     * throw.
     */
    @Override
    public boolean isMaskedCommunicationFailure(RuntimeException e) {
        return e.getClass().getName().equals("com.sun.corba.ee.impl.protocol.RequestCanceledException")
                || poppedAnEmptyEncodingStack(e);
    }

    @Override
    public boolean readsLatin1(InputStream in) {
        return in instanceof com.sun.corba.ee.impl.encoding.CDRInputObject && EclipseStreams.charCodeSetIs(in, ISO_8859_1);
    }

    @Override
    public ByteBuffer nextBytes(InputStream in, int length) {
        return EclipseStreams.nextBytes(in, length);
    }
}
