package org.corbabridge.adapter.internal.jacorb;

import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.jacorb.orb.CDRInputStream;
import org.jacorb.orb.dii.Request;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.CORBA.PolicyError;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TIMEOUT;
import org.omg.CORBA.portable.InputStream;

/**
 * What JacORB does differently ({@link OrbPlatform} has the questions): it offers ISO 8859-1 first,
 * reports the end of its reply wait as not run, marks a connection's code sets negotiated too early
 * for a second thread, reads a fixed in an any up to its sign, writes any fixed with the value's own
 * digits, hides an undeclared user exception in DII, and reads pooled buffers past a
 * message's end. Loaded by name, only where JacORB is.
 */
public final class JacorbPlatform extends OrbPlatform {

    /** JacORB's native char code set: what it offers first when the code sets of a connection are negotiated. */
    private static final String NATIVE_CHAR_CODESET = "jacorb.native_char_codeset";
    /** What JacORB's {@code ReplyPlaceholder} says when its wait for a reply is over. */
    private static final String REPLY_WAIT_OVER = "client timeout reached";
    /** JacORB's own default of {@code jacorb.poa.thread_pool_max}. */
    private static final int DEFAULT_POOL_MAX = 20;
    private static final String ORB_INITIALIZER_PREFIX = "org.omg.PortableInterceptor.ORBInitializerClass.";
    private static final String BIDIR_INITIALIZER = "org.jacorb.orb.giop.BiDirConnectionInitializer";
    /** {@code org.omg.BiDirPolicy.BIDIRECTIONAL_POLICY_TYPE.value} and {@code BOTH.value}. */
    private static final int BIDIRECTIONAL_POLICY_TYPE = 37;
    private static final short BIDIR_BOTH = 1;

    public JacorbPlatform() {
        super(OrbImplementation.JACORB, "JacORB");
    }

    /**
     * JacORB offers ISO 8859-1 first: omniORB's native code set. It listens where {@code serving}
     * says (when it first serves: JacORB opens no socket before), writes the published address
     * into its references where one is given, and with bidirectional GIOP registers its own
     * initializer, which offers the listen points on every connection of the ORB (the POA needs
     * the policy too: {@link #servingPolicies}). Its request pool has room for the calls the
     * serving side admits and those it refuses, so that a refusal is never queued behind them.
     */
    @Override
    public Properties ownedOrbProperties(ServingConfig serving) {
        Properties properties = new Properties();
        properties.setProperty(NATIVE_CHAR_CODESET, "ISO8859_1");
        properties.setProperty("OAIAddr", serving.host());
        if (serving.port() != 0) {
            properties.setProperty("OAPort", Integer.toString(serving.port()));
        }
        serving.publishedHost().ifPresent(host -> {
            properties.setProperty("jacorb.ior_proxy_host", host);
            if (serving.publishedPort() != 0) {
                properties.setProperty("jacorb.ior_proxy_port", Integer.toString(serving.publishedPort()));
            }
        });
        properties.setProperty("jacorb.poa.thread_pool_max",
                Integer.toString(Math.max(DEFAULT_POOL_MAX, 2 * serving.maxConcurrentCalls())));
        if (serving.bidirectional()) {
            properties.setProperty(ORB_INITIALIZER_PREFIX + "bidir", BIDIR_INITIALIZER);
        }
        return properties;
    }

    /**
     * Its listening sockets stopped first, so that no connection is accepted while it shuts down;
     * after its destroy, the accepted connections it left open closed, so that their reader threads end.
     */
    @Override
    public Runnable prepareForDestroy(ORB orb) {
        JacorbServerSocketFactory.stopListening(orb);
        Runnable after = super.prepareForDestroy(orb);
        return () -> {
            after.run();
            JacorbServerSocketFactory.closeListening(orb);
            JacorbServerSocketFactory.closeAccepted(orb);
        };
    }

    /** With bidirectional GIOP, the BiDirPolicy BOTH: JacORB then serves over the connections its clients open. */
    @Override
    public Policy[] servingPolicies(ORB orb, ServingConfig serving) {
        if (!serving.bidirectional()) {
            return new Policy[0];
        }
        Any both = orb.create_any();
        both.insert_ushort(BIDIR_BOTH);
        try {
            return new Policy[] {orb.create_policy(BIDIRECTIONAL_POLICY_TYPE, both)};
        } catch (PolicyError e) {
            throw new OrbInitializationException("JacORB refused the BiDirPolicy (is " + BIDIR_INITIALIZER
                    + " registered?): reason " + e.reason, Completion.NOT_APPLICABLE, e);
        }
    }

    /**
     * Each reference gets a reply wait that ends at the call's deadline, at no cost per call and
     * without touching the ORB's other references ({@link JacorbReplyWait}), where JacORB allows it.
     */
    @Override
    public boolean boundsReplyWaitsPerReference() {
        return JacorbReplyWait.available();
    }

    @Override
    public Optional<org.omg.CORBA.Object> boundReplyWait(org.omg.CORBA.Object reference, Duration callTimeout) {
        return JacorbReplyWait.bound(reference, callTimeout);
    }

    /**
     * {@code TIMEOUT("client timeout reached")}, minor 0, which JacORB reports completed NO: it
     * waits so only after it wrote the request, so the server may have run it. Its other
     * time-outs (connect, a deadline passed before sending) carry other messages.
     */
    @Override
    public boolean isReplyWaitOver(SystemException e) {
        return e instanceof TIMEOUT && e.getMessage() != null && e.getMessage().startsWith(REPLY_WAIT_OVER);
    }

    /**
     * Where its char code set is ISO 8859-1 (the one the adapter gives the JacORB it creates, so
     * that the connection's is omniORB's own) or its code sets are off. With UTF-8 as its own (a
     * JacORB the application lends, say) it sends every character.
     */
    @Override
    public boolean cutsStringsBeyondLatin1(ORB orb) {
        return JacorbStreams.writesStringsAsLatin1(orb);
    }

    /**
     * JacORB marks a connection's code sets negotiated when a request is created, so that a
     * request created while another thread opens the connection lets the first request leave
     * without them: omniORB then refuses its wide characters.
     */
    @Override
    public boolean firstCallAlone() {
        return true;
    }

    /**
     * Its {@code read_fixed} reads up to the sign, whatever the digits (its any then holds it with
     * the value's own digits, which its generated helpers read back).
     */
    @Override
    public boolean readsFixedInAnysRight() {
        return true;
    }

    @Override
    public Optional<String> fixedInAnAny(boolean bare, String fixed) {
        return Optional.of("it writes a " + fixed + " with the value's own digits, not the type's (1.50 in 2 octets, "
                + "not 7), in the messages it sends and in the anys it holds, so it and the values after it would be "
                + "read wrong");
    }

    @Override
    public boolean readsLatin1(InputStream in) {
        return in instanceof CDRInputStream && JacorbStreams.charCodeSetIs(in, ISO_8859_1);
    }

    /** Straight from JacORB's buffer; where the string is not all in it, JacORB's own {@code read_string}. */
    @Override
    public String latin1String(InputStream in) {
        String read = JacorbStreams.latin1String(in);
        return read != null ? read : in.read_string();
    }

    /** JacORB leaves {@code env()} empty for a user exception the request did not list ({@link JacorbRequests}). */
    @Override
    public boolean readANormalReply(org.omg.CORBA.Request request) {
        return !(request instanceof Request) || JacorbRequests.readANormalReply(request);
    }

    /**
     * What a JacORB ORB with its default, pooled buffers does with a reply shorter than its
     * values ({@link JacorbStreams#readPastItsMessage}). The JacORB the adapter creates reads from
     * a buffer of the message's size and fails at its end already.
     */
    @Override
    public boolean readPastTheReply(InputStream in, org.omg.CORBA.Request request) {
        return in != null ? in instanceof CDRInputStream && JacorbStreams.readPastItsMessage(in)
                : request instanceof Request && JacorbRequests.readPastItsReply(request);
    }
}
