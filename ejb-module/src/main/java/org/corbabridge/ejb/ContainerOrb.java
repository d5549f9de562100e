package org.corbabridge.ejb;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.concurrent.atomic.AtomicInteger;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.Orbs;
import org.corbabridge.ee.OrbSettings;
import org.omg.CORBA.ORB;

/**
 * The built-in ORB: one ORB owned by the container, created when the resource is (at
 * deploy), shared by every session in built-in mode, shut down and destroyed with the
 * resource (at undeploy). Declared in this jar's META-INF/resources.xml as {@code CatalogOrb};
 * the container calls the setters with its properties, then {@link #start()}.
 *
 * <p>It takes the ORB settings every resource here takes ({@link OrbSettings}: time-outs, message
 * cap, {@code Tls*}). To plug in an ORB of your own, declare another resource under the same id,
 * or give the ORB class names here ({@code OrbClass}, {@code OrbSingletonClass}) with
 * {@code Properties}.
 */
public class ContainerOrb extends OrbSettings {

    private static final AtomicInteger LIVE = new AtomicInteger();

    private String orbClass;
    private String orbSingletonClass;
    private Properties properties = new Properties();
    private volatile ORB orb;
    /** What sessions share over this ORB (see {@link #shared}), closed before the ORB is destroyed. */
    private final Map<Object, AutoCloseable> shared = new ConcurrentHashMap<>();
    // read by sessions on other threads, like orb
    private volatile long initNanos;

    /** {@code JACORB}, {@code ECLIPSE_ORB} or {@code OPENJDK_ORB} ({@code OrbImplementation}); ignored when {@code OrbClass} is set. */
    public void setImplementation(String implementation) {
        setOrbImplementation(implementation);
    }

    public void setOrbClass(String orbClass) {
        this.orbClass = orbClass;
    }

    public void setOrbSingletonClass(String orbSingletonClass) {
        this.orbSingletonClass = orbSingletonClass;
    }

    /** Extra ORB properties, one {@code key=value} per line. */
    public void setProperties(Properties properties) {
        this.properties = properties;
    }

    /** How long {@code ORB.init} took when the resource started. */
    public long initNanos() {
        return initNanos;
    }

    /** The ORB the resource creates, from its properties. */
    OrbConfig config() {
        OrbConfig.Builder config = orbConfig();
        if (orbClass != null && !orbClass.isBlank()) {
            config.orbClass(orbClass, orbSingletonClass);
        }
        return config.properties(properties).build();
    }

    @PostConstruct
    public void start() {
        OrbConfig config = config();
        long started = System.nanoTime();
        orb = Orbs.create(config, callTimeout(), connectTimeout());
        initNanos = System.nanoTime() - started;
        LIVE.incrementAndGet();
    }

    @PreDestroy
    public void stop() {
        ORB destroying = orb;
        orb = null;
        for (Object key : List.copyOf(shared.keySet())) {
            AutoCloseable closing = shared.remove(key);
            try {
                closing.close();
            } catch (Exception e) {
                // the ORB's destroy below ends whatever it left
            }
        }
        if (destroying != null) {
            Orbs.destroy(destroying);
            LIVE.decrementAndGet();
        }
    }

    /** The container's ORB; borrowed by sessions, never destroyed by them. */
    public ORB orb() {
        ORB current = orb;
        if (current == null) {
            throw new IllegalStateException("the container ORB is not running (not started, or undeployed)");
        }
        return current;
    }

    /**
     * The one {@code T} over this ORB for {@code key}, made by {@code create} on first use and then
     * shared by every session that asks with an equal key; closed when the ORB is. What sessions
     * share this way is a client of the ORB (an adapter: thread-safe, its calls multiplexed over the
     * ORB's one connection), so that a session holds no naming lookup, reference or proxy of its
     * own: those cost 14 to 42 KB of heap per session. A creation that fails is not kept; the next
     * session tries again.
     */
    public <T extends AutoCloseable> T shared(Object key, Supplier<T> create) {
        orb();
        @SuppressWarnings("unchecked")
        T made = (T) shared.computeIfAbsent(key, k -> create.get());
        return made;
    }

    /** How many container ORBs are running in this JVM: 0 after every deployment using one is gone. */
    public static int liveCount() {
        return LIVE.get();
    }
}
