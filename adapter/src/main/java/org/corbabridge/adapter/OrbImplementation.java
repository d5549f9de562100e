package org.corbabridge.adapter;

import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.corbabridge.adapter.internal.transport.MessageLimits;
import org.corbabridge.adapter.internal.transport.TlsProperties;
import org.corbabridge.adapter.internal.transport.TransportTimeouts;
import org.omg.CORBA.ORB;

/**
 * The ORBs the adapter knows: their class names, the properties that bound their waits
 * (all of them wait for ever, or 30 minutes, by default), and how each reports a call
 * time-out. Any other ORB can be used through {@link OrbConfig.Builder#orbClass}; its
 * waits are then the caller's to bound.
 *
 * <pre>{@code
 * // an ORB of your own (a container's, say), bounded as the adapter bounds those it creates
 * Properties props = OrbImplementation.JACORB.boundingProperties(Duration.ofSeconds(10), Duration.ofSeconds(3));
 * props.setProperty("org.omg.CORBA.ORBClass", OrbImplementation.JACORB.orbClass());
 * props.setProperty("org.omg.CORBA.ORBSingletonClass", OrbImplementation.JACORB.orbSingletonClass());
 * ORB orb = ORB.init(new String[0], props);
 * }</pre>
 */
public enum OrbImplementation {

    /** JacORB 3.9: org.jacorb:jacorb. */
    JACORB("JacORB", "org.jacorb.orb.ORB", "org.jacorb.orb.ORBSingleton") {
        @Override
        public Properties boundingProperties(Duration callTimeout, Duration connectTimeout) {
            Properties properties = new Properties();
            properties.setProperty(REPLY_TIMEOUT, millis(callTimeout));
            properties.setProperty("jacorb.connection.client.connect_timeout", millis(connectTimeout));
            // one connection attempt: the adapter, not the ORB, decides when to try again
            properties.setProperty("jacorb.retries", "0");
            properties.setProperty("jacorb.retry_interval", "0");
            // each message read from a buffer of its size (see JacorbBuffers): a reply shorter than
            // its values was read on from an earlier message's bytes, as values, without an error
            properties.setProperty("jacorb.buffermanager.factory", JACORB_BUFFERS);
            properties.putAll(messageLimitProperties(OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES));
            return properties;
        }

        @Override
        public Properties messageLimitProperties(long maxIncomingMessageBytes) {
            return MessageLimits.forJacorb(maxIncomingMessageBytes);
        }

        /** The adapter's TLS socket factory for JacORB; see {@code org.corbabridge.adapter.transport}. */
        @Override
        public Properties tlsProperties(TlsConfig tls) {
            return TlsProperties.forJacorb(settings(tls), tls.keyStore().isPresent());
        }

        /** JacORB's own configuration, read through its public {@code getConfiguration()}. */
        @Override
        public Optional<Duration> replyTimeoutOf(ORB orb) {
            try {
                Object configuration = orb.getClass().getMethod("getConfiguration").invoke(orb);
                Object value = configuration.getClass().getMethod("getAttribute", String.class, String.class)
                        .invoke(configuration, REPLY_TIMEOUT, "0");
                long millis = Long.parseLong(String.valueOf(value).trim());
                return millis > 0 ? Optional.of(Duration.ofMillis(millis)) : Optional.empty();
            } catch (ReflectiveOperationException | RuntimeException unknown) {
                return Optional.empty();
            }
        }
    },

    /** The Eclipse ORB 5.0 (formerly GlassFish CORBA): org.glassfish.corba:glassfish-corba-orb. */
    ECLIPSE_ORB("Eclipse ORB", "com.sun.corba.ee.impl.orb.ORBImpl", "com.sun.corba.ee.impl.orb.ORBSingleton") {
        @Override
        public Properties boundingProperties(Duration callTimeout, Duration connectTimeout) {
            Properties properties = new Properties();
            properties.setProperty("com.sun.corba.ee.transport.ORBWaitForResponseTimeout", millis(callTimeout));
            // initial wait : total budget : back-off % : longest single wait, all in ms; the last
            // wait may overshoot the budget, so no single wait is longer than a quarter of it
            long connect = Math.max(4, connectTimeout.toMillis());
            properties.setProperty("com.sun.corba.ee.transport.ORBTCPConnectTimeouts",
                    Math.min(50, connect / 4) + ":" + connect + ":100:" + connect / 4);
            // reads wait in slices of 100 ms instead of 2 s: destroy() waits for the reader's current
            // slice, and otherwise takes 2 s when it closely follows a call; a partly read message
            // is given up after the call time-out
            properties.setProperty("com.sun.corba.ee.transport.ORBTCPTimeouts",
                    "100:" + millis(callTimeout) + ":20");
            properties.putAll(messageLimitProperties(OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES));
            return properties;
        }

        @Override
        public Properties messageLimitProperties(long maxIncomingMessageBytes) {
            return MessageLimits.forEclipseOrb(maxIncomingMessageBytes);
        }

        /**
         * The Eclipse ORB has no TLS of its own: the adapter's socket factory, socket-info mapping
         * and configurator (in {@code org.corbabridge.adapter.transport}) provide it.
         */
        @Override
        public Properties tlsProperties(TlsConfig tls) {
            return TlsProperties.forEclipseOrb(settings(tls));
        }
    },

    /**
     * The OpenJDK ORB as WildFly keeps it: org.jboss.openjdk-orb:openjdk-orb. It has no reply
     * time-out and no connect time-out of its own, so the adapter's socket factory keeps both
     * ({@link TransportTimeouts}): a connection whose peer leaves a request unanswered past the call
     * time-out is closed, failing the calls that wait on it. It has no TLS either: the adapter's
     * socket factory and socket-info mapping provide it, as for the Eclipse ORB.
     */
    OPENJDK_ORB("OpenJDK ORB", "com.sun.corba.se.impl.orb.ORBImpl", "com.sun.corba.se.impl.orb.ORBSingleton") {
        @Override
        public Properties boundingProperties(Duration callTimeout, Duration connectTimeout) {
            Properties properties = new Properties();
            properties.putAll(TransportTimeouts.of(callTimeout, connectTimeout));
            properties.putAll(messageLimitProperties(OrbConfig.DEFAULT_MAX_INCOMING_MESSAGE_BYTES));
            return properties;
        }

        @Override
        public Properties messageLimitProperties(long maxIncomingMessageBytes) {
            return MessageLimits.forOpenJdkOrb(maxIncomingMessageBytes);
        }

        @Override
        public Properties tlsProperties(TlsConfig tls) {
            return TlsProperties.forOpenJdkOrb(settings(tls));
        }
    };

    /** JacORB's ORB-wide reply time-out, in ms; 0 (its default) waits for ever. */
    private static final String REPLY_TIMEOUT = "jacorb.connection.client.pending_reply_timeout";
    /** The adapter's buffer manager for JacORB, which JacORB loads by name. */
    private static final String JACORB_BUFFERS = "org.corbabridge.adapter.internal.jacorb.JacorbBuffers";

    private final String displayName;
    private final String orbClass;
    private final String orbSingletonClass;

    OrbImplementation(String displayName, String orbClass, String orbSingletonClass) {
        this.displayName = displayName;
        this.orbClass = orbClass;
        this.orbSingletonClass = orbSingletonClass;
    }

    /** The ORB's usual name, for reports and messages: "JacORB", "Eclipse ORB", "OpenJDK ORB". */
    public String displayName() {
        return displayName;
    }

    /** The value for {@code org.omg.CORBA.ORBClass}. */
    public String orbClass() {
        return orbClass;
    }

    /** The value for {@code org.omg.CORBA.ORBSingletonClass}. */
    public String orbSingletonClass() {
        return orbSingletonClass;
    }

    /**
     * The ORB properties that bound a call, a connection attempt and the size of an incoming
     * message (at {@link OrbConfig#DEFAULT_MAX_INCOMING_MESSAGE_BYTES}). The adapter sets them on
     * every ORB it creates; whoever creates an ORB to lend to adapters (a container resource,
     * say) should set them too.
     */
    public abstract Properties boundingProperties(Duration callTimeout, Duration connectTimeout);

    /**
     * The ORB properties that cap incoming messages ({@link OrbConfig#maxIncomingMessageBytes()}):
     * the adapter's socket factory, reading every connection through a GIOP-aware check. Part of
     * {@link #boundingProperties}, at the default cap.
     */
    public abstract Properties messageLimitProperties(long maxIncomingMessageBytes);

    /**
     * The ORB properties that make it call over TLS only, as {@code tls} says. The adapter sets
     * them on the ORBs it creates with {@link OrbConfig.Builder#tls}; whoever creates an ORB to
     * lend to adapters sets them there.
     */
    public abstract Properties tlsProperties(TlsConfig tls);

    /**
     * The reply time-out a running ORB of this implementation was created with, where it says:
     * JacORB's {@code pending_reply_timeout}. Empty when it has none (it waits for ever) or does not
     * tell. A borrowed ORB that already bounds every reply within the call time-out needs no
     * time-out policy per reference, which costs JacORB dearly on every call.
     */
    public Optional<Duration> replyTimeoutOf(ORB orb) {
        return Optional.empty();
    }

    /** The implementation of a running ORB, if it is one of these. */
    /**
     * The ORB whose classes this class's loader (or the thread's) can load: JacORB, else the
     * Eclipse ORB, else the OpenJDK ORB; JacORB when none can (its creation then says what is
     * missing). What a configuration uses when it names none, so that the one ORB an application
     * depends on is the one it gets.
     */
    public static OrbImplementation onClassPath() {
        return OnClassPath.FOUND;
    }

    /** Looked for once: the class path does not change under a running application's feet. */
    private static final class OnClassPath {
        static final OrbImplementation FOUND = find();

        private static OrbImplementation find() {
            for (OrbImplementation implementation : values()) {
                if (loadable(implementation.orbClass())) {
                    return implementation;
                }
            }
            return JACORB;
        }

        private static boolean loadable(String className) {
            for (ClassLoader loader : new ClassLoader[] {OrbImplementation.class.getClassLoader(),
                    Thread.currentThread().getContextClassLoader()}) {
                try {
                    if (loader != null) {
                        Class.forName(className, false, loader);
                        return true;
                    }
                } catch (ClassNotFoundException | LinkageError absent) {
                    // try the next loader
                }
            }
            return false;
        }
    }

    public static Optional<OrbImplementation> of(ORB orb) {
        String name = orb.getClass().getName();
        for (OrbImplementation implementation : values()) {
            String orbPackage = implementation.orbClass.substring(0, implementation.orbClass.lastIndexOf('.'));
            if (name.startsWith(orbPackage)) {
                return Optional.of(implementation);
            }
        }
        return Optional.empty();
    }

    /** The stores, protocols and host-name check under the keys the adapter's TLS socket factories read. */
    private static Properties settings(TlsConfig tls) {
        return TlsProperties.of(tls.trustStore().toString(), tls.trustStorePassword(), tls.trustStoreType(),
                tls.keyStore().map(Object::toString).orElse(null), tls.keyStorePassword(), tls.keyStoreType(),
                tls.protocols(), tls.verifyHostName());
    }

    private static String millis(Duration duration) {
        return Long.toString(Math.max(1, duration.toMillis()));
    }
}
