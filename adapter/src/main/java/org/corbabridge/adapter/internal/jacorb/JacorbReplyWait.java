package org.corbabridge.adapter.internal.jacorb;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.internal.time.CurrentAttempt;
import org.jacorb.config.Configuration;
import org.jacorb.config.ConfigurationException;
import org.jacorb.orb.Delegate;
import org.jacorb.orb.ORB;
import org.omg.CORBA.portable.ObjectImpl;
import org.slf4j.Logger;

/**
 * Bounds the wait for each reply on the adapter's own references into a JacORB ORB it borrowed,
 * at no cost per call, leaving the ORB's other references as they are.
 *
 * <p>Why not the standard way: a Messaging {@code RelativeRoundtripTimeoutPolicy} on the reference
 * makes JacORB 3.9 start a thread per request (its {@code ReplyReceiver.Timer}, unless the ORB was
 * created non-blocking), which cost 3.11 times the stub at 1 KB and 1.42 at 300 KB. JacORB's own
 * reply time-out, {@code jacorb.connection.client.pending_reply_timeout}, is a timed
 * {@code Object.wait} and costs nothing; but it is an ORB property, and the ORB is not ours to
 * change. JacORB reads it from the configuration of the reference's {@code Delegate} for every
 * request, on the calling thread, when it sets up the request's reply receiver, and reads that
 * configuration for nothing else once the delegate is made. So the adapter gives each of its
 * references a delegate of its own whose configuration is the ORB's with one key answered
 * differently: the time the current call's deadline has left (at most the ORB's own time-out, if
 * it has one). The wait then ends at the call's deadline, on the first attempt and on every one
 * after it, with JacORB's {@code TIMEOUT("client timeout reached")}.
 *
 * <p>JacORB offers no way to give a delegate a configuration, so the field is set by reflection,
 * on a delegate the adapter alone holds. Where that is refused (another JacORB, a security
 * manager), {@link #bound} says so and the caller falls back to the Messaging policy.
 */
public final class JacorbReplyWait {

    static final String REPLY_TIMEOUT = "jacorb.connection.client.pending_reply_timeout";

    private static final Field CONFIGURATION = configurationField();

    private JacorbReplyWait() {
    }

    /**
     * {@code reference} (a JacORB one) on a delegate of its own whose every reply wait ends at the
     * current attempt's deadline, or at {@code callTimeout} outside a call; empty if JacORB does
     * not let the delegate be given that.
     */
    public static Optional<org.omg.CORBA.Object> bound(org.omg.CORBA.Object reference, Duration callTimeout) {
        if (CONFIGURATION == null || !(reference instanceof ObjectImpl impl)
                || !(impl._get_delegate() instanceof Delegate delegate)) {
            return Optional.empty();
        }
        ORB orb = (ORB) delegate.orb(reference);
        // a delegate made here, so that no reference the ORB's owner holds (JacORB may cache and
        // share delegates per IOR) is changed
        Delegate own = new Delegate(orb, delegate.getIOR(), true);
        try {
            CONFIGURATION.set(own, new Deadlined(orb.getConfiguration(), callTimeout));
        } catch (IllegalAccessException | RuntimeException refused) {
            return Optional.empty();
        }
        return Optional.of(own.getReference(null));
    }

    /** Whether this JacORB lets a delegate be given a configuration (see the class comment). */
    public static boolean available() {
        return CONFIGURATION != null;
    }

    private static Field configurationField() {
        try {
            Field field = Delegate.class.getDeclaredField("configuration");
            if (!Configuration.class.equals(field.getType())) {
                return null;
            }
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException | RuntimeException unavailable) {
            return null;
        }
    }

    /**
     * The ORB's configuration, but for the reply time-out: the current attempt's time left, at
     * most the ORB's own (when it has one), and at least 1 ms (0 would mean "for ever").
     */
    static final class Deadlined implements Configuration {

        private final Configuration orb;
        private final int callTimeoutMillis;
        private final int ownMillis;

        Deadlined(Configuration orb, Duration callTimeout) {
            this.orb = orb;
            this.callTimeoutMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, callTimeout.toMillis()));
            int own;
            try {
                own = orb.getAttributeAsInteger(REPLY_TIMEOUT, 0);
            } catch (ConfigurationException | RuntimeException unreadable) {
                own = 0;
            }
            this.ownMillis = own > 0 ? own : Integer.MAX_VALUE;
        }

        /** What JacORB waits for the reply to a request this thread is about to send. */
        int replyWaitMillis() {
            CurrentAttempt attempt = CurrentAttempt.current();
            int bound = attempt == null ? callTimeoutMillis : attempt.deadline().capMillis(callTimeoutMillis);
            return Math.min(bound, ownMillis);
        }

        @Override
        public int getAttributeAsInteger(String key, int defaultValue) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) ? replyWaitMillis() : orb.getAttributeAsInteger(key, defaultValue);
        }

        @Override
        public int getAttributeAsInteger(String key) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) ? replyWaitMillis() : orb.getAttributeAsInteger(key);
        }

        @Override
        public int getAttributeAsInteger(String key, int defaultValue, int radix) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) ? replyWaitMillis() : orb.getAttributeAsInteger(key, defaultValue, radix);
        }

        @Override
        public long getAttributeAsLong(String key, long defaultValue) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) ? replyWaitMillis() : orb.getAttributeAsLong(key, defaultValue);
        }

        @Override
        public String getAttribute(String key) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) ? Integer.toString(replyWaitMillis()) : orb.getAttribute(key);
        }

        @Override
        public String getAttribute(String key, String defaultValue) {
            return REPLY_TIMEOUT.equals(key) ? Integer.toString(replyWaitMillis()) : orb.getAttribute(key, defaultValue);
        }

        @Override
        public boolean isAttributeSet(String key) throws ConfigurationException {
            return REPLY_TIMEOUT.equals(key) || orb.isAttributeSet(key);
        }

        @Override
        public boolean getAttributeAsBoolean(String key, boolean defaultValue) {
            return orb.getAttributeAsBoolean(key, defaultValue);
        }

        @Override
        public double getAttributeAsFloat(String key, double defaultValue) throws ConfigurationException {
            return orb.getAttributeAsFloat(key, defaultValue);
        }

        @Override
        public Object getAttributeAsObject(String key) throws ConfigurationException {
            return orb.getAttributeAsObject(key);
        }

        @Override
        public Object getAttributeAsObject(String key, String defaultClass) throws ConfigurationException {
            return orb.getAttributeAsObject(key, defaultClass);
        }

        @Override
        public String[] getAttributeAsStringsArray(String key) {
            return orb.getAttributeAsStringsArray(key);
        }

        @Override
        public List<String> getAttributeList(String key) {
            return orb.getAttributeList(key);
        }

        @Override
        public List<String> getAttributeNamesWithPrefix(String prefix) {
            return orb.getAttributeNamesWithPrefix(prefix);
        }

        @Override
        public Logger getLogger(String name) {
            return orb.getLogger(name);
        }

        @Override
        public ORB getORB() {
            return orb.getORB();
        }

        /** The ORB's configuration is its owner's: nothing the adapter does writes to it. */
        @Override
        public void setAttribute(String key, int value) {
            throw new UnsupportedOperationException("a borrowed ORB's configuration is not the adapter's to change");
        }

        @Override
        public void setAttribute(String key, String value) {
            throw new UnsupportedOperationException("a borrowed ORB's configuration is not the adapter's to change");
        }

        @Override
        public void setAttributes(Properties value) {
            throw new UnsupportedOperationException("a borrowed ORB's configuration is not the adapter's to change");
        }
    }
}
