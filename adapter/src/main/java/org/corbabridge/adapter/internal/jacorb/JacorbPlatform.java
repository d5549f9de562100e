package org.corbabridge.adapter.internal.jacorb;

import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.jacorb.orb.CDRInputStream;
import org.jacorb.orb.dii.Request;
import org.omg.CORBA.ORB;
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

    public JacorbPlatform() {
        super(OrbImplementation.JACORB, "JacORB");
    }

    /** JacORB offers ISO 8859-1 first: omniORB's native code set. */
    @Override
    public Properties ownedOrbProperties() {
        Properties properties = new Properties();
        properties.setProperty(NATIVE_CHAR_CODESET, "ISO8859_1");
        return properties;
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
