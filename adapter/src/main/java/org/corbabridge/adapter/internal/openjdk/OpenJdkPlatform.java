package org.corbabridge.adapter.internal.openjdk;

import java.nio.ByteBuffer;
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
 * What the OpenJDK ORB does differently ({@link OrbPlatform} has the questions): it listens, has no
 * reply time-out of its own, hides a lost connection behind its own runtime exceptions, lets its reply streams' buffers be read
 * in bulk, and waits in destroy for every invocation in flight. Loaded by name, only where the
 * OpenJDK ORB is.
 */
public final class OpenJdkPlatform extends OrbPlatform {


    public OpenJdkPlatform() {
        super(OrbImplementation.OPENJDK_ORB, "the OpenJDK ORB");
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
            throw new OrbInitializationException("ServingConfig.publishAs is not supported on the OpenJDK ORB yet: its references "
                    + "carry the listening address; use JacORB, or listen on an address the server reaches",
                    Completion.NOT_APPLICABLE, null);
        }
        // bidirectional GIOP is the adapter's own here (the base class refuses it)
        Properties properties = new Properties();
        if (serving.bidirectional()) {
            properties.putAll(BidirectionalGiop.properties());
            properties.setProperty(ORB_INITIALIZER_PREFIX + OpenJdkBidirInitializer.class.getName(), "");
        }
        properties.putAll(listening(serving, "com.sun.CORBA.ORBServerHost", "com.sun.CORBA.ORBServerPort"));
        return properties;
    }

    /**
     * Its outgoing connections closed first: its {@code shutdown(true)} waits for every invocation
     * in flight, an abandoned attempt's included ({@link OpenJdkSocketFactory#closeOutgoing}).
     */
    @Override
    public Runnable prepareForDestroy(ORB orb) {
        // the relays' threads and loopback connections are the adapter's: the ORB's destroy knows nothing of them
        BidirectionalGiop.closeRelays(orb);
        OpenJdkSocketFactory.closeOutgoing(orb);
        return super.prepareForDestroy(orb);
    }

    /** Its own RequestCanceledException, and the empty stack it shares with the Eclipse ORB. */
    @Override
    public boolean isMaskedCommunicationFailure(RuntimeException e) {
        return e.getClass().getName().equals("com.sun.corba.se.impl.protocol.RequestCanceledException")
                || poppedAnEmptyEncodingStack(e);
    }

    @Override
    public boolean readsLatin1(InputStream in) {
        return in instanceof com.sun.corba.se.impl.encoding.CDRInputObject && OpenJdkStreams.charCodeSetIs(in, ISO_8859_1);
    }

    @Override
    public ByteBuffer nextBytes(InputStream in, int length) {
        return OpenJdkStreams.nextBytes(in, length);
    }
}
