package org.corbabridge.adapter;

import io.opentelemetry.api.GlobalOpenTelemetry;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.corbabridge.adapter.telemetry.TraceContext;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creating and destroying ORBs the way the adapter does, for code that owns an ORB itself: a
 * container resource, or a bean that initialises an external ORB.
 *
 * <pre>{@code
 * ORB orb = Orbs.create(OrbConfig.of(OrbImplementation.ECLIPSE_ORB), Duration.ofSeconds(10), Duration.ofSeconds(3));
 * try (CorbaClient<CatalogOperations> client = CorbaClient.create(CatalogOperations.class, config, orb)) {
 *     ...
 * } finally {
 *     Orbs.destroy(orb);   // also releases what the Eclipse ORB's own destroy() leaves open
 * }
 * }</pre>
 */
public final class Orbs {

    private static final Logger LOG = LoggerFactory.getLogger(Orbs.class);

    /** ORBs {@link #create} made and {@link #destroy} has not yet destroyed: the metrics' open ORBs. */
    private static final Set<ORB> OPEN = ConcurrentHashMap.newKeySet();
    private static final LongAdder CREATED = new LongAdder();

    private Orbs() {
    }

    /**
     * {@code ORB.init(args, props)} with both class properties set explicitly and, for a known
     * implementation, its listening socket (the Eclipse ORB's) on 127.0.0.1, its waits bounded by
     * the two time-outs, its incoming messages capped, its TLS set up as {@link OrbConfig#tls()} says, and the
     * trace context interceptor registered as {@link OrbConfig#traceContext()} says; {@code config}'s own
     * properties override those.
     *
     * @throws OrbInitializationException the ORB class is missing or refuses its properties
     */
    public static ORB create(OrbConfig config, Duration callTimeout, Duration connectTimeout) {
        Properties properties = new Properties();
        if (config.implementation() != null) {
            properties.putAll(config.implementation().ownedOrbProperties());
            properties.putAll(config.implementation().boundingProperties(callTimeout, connectTimeout));
            properties.putAll(config.implementation().messageLimitProperties(config.maxIncomingMessageBytes()));
        }
        if (config.tls().isPresent()) {
            if (config.implementation() == null) {
                throw new OrbInitializationException("TLS is configured for " + config.orbClass() + ", an ORB the "
                        + "adapter has no TLS settings for; give its own TLS properties instead",
                        Completion.NOT_APPLICABLE, null);
            }
            properties.putAll(config.implementation().tlsProperties(config.tls().get()));
        }
        if (carriesTraceContext(config.traceContext())) {
            properties.setProperty(TraceContext.ORB_INITIALIZER_PROPERTY, "");
        }
        properties.putAll(config.properties());
        properties.setProperty("org.omg.CORBA.ORBClass", config.orbClass());
        properties.setProperty("org.omg.CORBA.ORBSingletonClass", config.orbSingletonClass());
        try {
            ORB orb = ORB.init(config.arguments().toArray(String[]::new), properties);
            CREATED.increment();
            OPEN.add(orb);
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
        Runnable afterDestroy = OrbImplementation.of(orb).map(implementation -> implementation.prepareForDestroy(orb))
                .orElse(() -> { });
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
        OPEN.remove(orb);
    }

    private static boolean carriesTraceContext(OrbConfig.TraceContextMode mode) {
        return mode == OrbConfig.TraceContextMode.ON
                || mode == OrbConfig.TraceContextMode.AUTO && GlobalOpenTelemetry.isSet();
    }

    /** How many ORBs {@link #create} has made in this class loader. */
    public static long created() {
        return CREATED.sum();
    }

    /** How many of the ORBs {@link #create} made are not yet destroyed by {@link #destroy}. */
    public static int open() {
        return OPEN.size();
    }
}
