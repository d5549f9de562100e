package org.corbabridge.adapter;

import java.time.Duration;
import org.omg.CORBA.ORB;

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

    private Orbs() {
    }

    /**
     * {@code ORB.init(args, props)} with both class properties set explicitly and, for a known
     * implementation, its listening socket (the Eclipse ORB's) on 127.0.0.1, its waits bounded by
     * the two time-outs, its incoming messages capped, its TLS set up as {@link OrbConfig#tls()}
     * says, and what the installed add-ons need (the trace context interceptor, as
     * {@link OrbConfig#traceContext()} says); {@code config}'s own properties override those.
     *
     * @throws OrbInitializationException the ORB class is missing or refuses its properties
     */
    public static ORB create(OrbConfig config, Duration callTimeout, Duration connectTimeout) {
        return ClientFactory.instance().createOrb(config, callTimeout, connectTimeout);
    }

    /**
     * {@code shutdown(true)} then {@code destroy()}, releasing around them what the ORB's own
     * destroy would leave behind (the Eclipse ORB's listening socket and, now and then, its
     * selector); failures are logged, not thrown. Null is ignored.
     */
    public static void destroy(ORB orb) {
        ClientFactory.instance().destroyOrb(orb);
    }
}
