package org.corbabridge.adapter.internal.orb;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.internal.transport.AddressMap;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the adapter creates and destroys ORBs: behind {@code Orbs}, and for the clients that own
 * theirs. Extensions hear of each ({@link Extensions#orbCreated}), and add the properties they need.
 */
public final class OrbLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(OrbLifecycle.class);
    /** Whether the missing tracing add-on was logged: once per class loader. */
    private static final AtomicBoolean WARNED_NO_TRACING = new AtomicBoolean();

    private OrbLifecycle() {
    }

    /**
     * {@code ORB.init(args, props)} with both class properties set explicitly and, for a known
     * implementation, its listening socket (the Eclipse ORB's) on 127.0.0.1, its waits bounded by
     * the two time-outs, its incoming messages capped, its TLS set up as {@link OrbConfig#tls()} says, and what the
     * extensions add (the trace context interceptor, as {@link OrbConfig#traceContext()} says); {@code config}'s own
     * properties override those.
     *
     * @throws OrbInitializationException the ORB class is missing or refuses its properties
     */
    public static ORB create(OrbConfig config, Duration callTimeout, Duration connectTimeout) {
        Properties properties = new Properties();
        if (config.implementation() != null) {
            properties.putAll(OrbPlatform.of(config.implementation()).ownedOrbProperties(config.serving()));
            properties.putAll(config.implementation().boundingProperties(callTimeout, connectTimeout));
            properties.putAll(config.implementation().messageLimitProperties(config.maxIncomingMessageBytes()));
        }
        if (config.implementation() == null && !config.serving().equals(ServingConfig.ofDefaults())) {
            throw new OrbInitializationException("a ServingConfig is given for " + config.orbClass() + ", an ORB "
                    + "the adapter has no serving settings for; give its own listening properties instead",
                    Completion.NOT_APPLICABLE, null);
        }
        if (config.tls().isPresent()) {
            if (config.implementation() == null) {
                throw new OrbInitializationException("TLS is configured for " + config.orbClass() + ", an ORB the "
                        + "adapter has no TLS settings for; give its own TLS properties instead",
                        Completion.NOT_APPLICABLE, null);
            }
            properties.putAll(config.implementation().tlsProperties(config.tls().get()));
        }
        if (!config.addressMap().isEmpty()) {
            properties.setProperty(AddressMap.PROPERTY, AddressMap.format(config.addressMap()));
        }
        Properties extensions = Extensions.orbProperties(config);
        if (config.traceContext() == OrbConfig.TraceContextMode.ON && extensions.isEmpty()
                && WARNED_NO_TRACING.compareAndSet(false, true)) {
            LOG.warn("trace context is on for {}, but no add-on carries it: put corba-adapter-opentelemetry on the "
                    + "class path", config.orbClass());
        }
        properties.putAll(extensions);
        properties.putAll(config.properties());
        properties.setProperty("org.omg.CORBA.ORBClass", config.orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", config.orbSingletonClass());
        try {
            ORB orb = ORB.init(config.arguments().toArray(String[]::new), properties);
            Extensions.orbCreated(orb);
            return orb;
        } catch (RuntimeException | LinkageError e) {
            throw new OrbInitializationException("cannot create the ORB " + config.orbClass() + " (singleton "
                    + config.orbSingletonClass() + "): " + e + "; is its jar on the classpath of "
                    + "the thread's context class loader?", Completion.NOT_APPLICABLE, e);
        }
    }

    /**
     * {@code shutdown(true)} then {@code destroy()}, releasing around them what the ORB's own
     * destroy would leave behind (the Eclipse ORB's listening socket and, now and then, its
     * selector); failures are logged, not thrown. Null is ignored.
     */
    public static void destroy(ORB orb) {
        if (orb == null) {
            return;
        }
        Runnable afterDestroy = OrbPlatform.of(orb).prepareForDestroy(orb);
        try {
            orb.shutdown(true);
        } catch (SystemException e) {
            LOG.debug("ORB shutdown: {}", e.toString());
        }
        try {
            orb.destroy();
        } catch (SystemException e) {
            LOG.warn("ORB destroy failed; its threads may outlive their owner: {}", e.toString());
        }
        afterDestroy.run();
        Extensions.orbDestroyed(orb);
    }
}
