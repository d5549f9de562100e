package org.corbabridge.ee;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.SessionScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AnnotatedConstructor;
import jakarta.enterprise.inject.spi.AnnotatedField;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeShutdown;
import jakarta.enterprise.inject.spi.DefinitionException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.InjectionPoint;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.WithAnnotations;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.OrbInitializationException;
import org.omg.CORBA.ORB;

/**
 * The CDI side of {@link CorbaReference}: finds every injection point that asks for one, reads
 * each client's properties when the application starts (refusing it, with the property's name,
 * when one is unknown or malformed), and adds a bean per client and interface whose proxy makes
 * its client at the first call. With MicroProfile Health present, each client is also a
 * readiness check ({@link ClientReadiness}); with MicroProfile Telemetry and the tracing add-on,
 * each call is traced by the application's {@code OpenTelemetry} ({@link ApplicationTelemetry}).
 * It names no MicroProfile or OpenTelemetry type itself, so that an
 * application without MicroProfile (and without {@code @CorbaReference}) loads it harmlessly.
 * Registered as a service; applications never use it.
 */
public class CorbaClientExtension implements Extension {

    /** The JNDI name under which a Jakarta EE server with an ORB of its own offers it. */
    static final String CONTAINER_ORB = "java:comp/ORB";
    private static final String HEALTH_CHECK = "org.eclipse.microprofile.health.HealthCheck";
    private static final String CONFIG = "org.eclipse.microprofile.config.ConfigProvider";

    /** The interfaces asked for under each client name. */
    private final Map<String, Set<Class<?>>> wanted = new TreeMap<>();
    /** Where {@code @CorbaReference} marks what is not an operations interface. */
    private final List<DefinitionException> misplaced = new ArrayList<>();
    /** The clients whose serving side ({@link CorbaExports}) is injected, and where first. */
    private final Map<String, Object> exportsWanted = new TreeMap<>();
    /** The clients whose serving side has its bean already (one per name). */
    private final Set<String> exportsAdded = new java.util.HashSet<>();
    /** The clients of the application's beans that are not per session, closed when it stops. */
    private final List<LazyClient> shared = new ArrayList<>();

    /**
     * The injection points of a bean class: its fields and the parameters of its constructors and
     * methods. Read from the annotated types, since a container need not fire
     * {@code ProcessInjectionPoint} for every kind of bean (OpenEJB's for an EJB, say).
     */
    <T> void findInjectionPoints(@Observes @WithAnnotations(CorbaReference.class) ProcessAnnotatedType<T> event) {
        AnnotatedType<T> type = event.getAnnotatedType();
        for (AnnotatedField<? super T> field : type.getFields()) {
            want(field.getAnnotation(CorbaReference.class), field.getBaseType(), field.getJavaMember());
        }
        for (AnnotatedConstructor<T> constructor : type.getConstructors()) {
            constructor.getParameters().forEach(parameter -> want(parameter.getAnnotation(CorbaReference.class),
                    parameter.getBaseType(), constructor.getJavaMember()));
        }
        for (AnnotatedMethod<? super T> method : type.getMethods()) {
            method.getParameters().forEach(parameter -> want(parameter.getAnnotation(CorbaReference.class),
                    parameter.getBaseType(), method.getJavaMember()));
        }
    }

    /** Injection points any container reports, such as a producer's or a synthetic bean's. */
    <T, X> void findInjectionPoints(@Observes ProcessInjectionPoint<T, X> event) {
        InjectionPoint point = event.getInjectionPoint();
        for (Annotation qualifier : point.getQualifiers()) {
            if (qualifier instanceof CorbaReference reference) {
                want(reference, point.getType(), point.getMember());
            }
        }
    }

    private void want(CorbaReference reference, Type type, Object where) {
        if (reference == null) {
            return;
        }
        synchronized (wanted) {
            if (type == CorbaExports.class) {
                // the serving side of the client its proxy's bean makes: that bean has this type too
                exportsWanted.putIfAbsent(reference.value(), where);
            } else if (type instanceof Class<?> operations && operations.isInterface()) {
                wanted.computeIfAbsent(reference.value(), name -> ConcurrentHashMap.newKeySet()).add(operations);
            } else {
                misplaced.add(new DefinitionException("@CorbaReference(\"" + reference.value() + "\") at " + where
                        + " must be the generated operations interface (such as WarehouseOperations), not "
                        + type.getTypeName()));
            }
        }
    }

    void addClients(@Observes AfterBeanDiscovery event, BeanManager beans) {
        synchronized (wanted) {
            misplaced.forEach(event::addDefinitionError);
            exportsWanted.forEach((name, where) -> {
                if (!wanted.containsKey(name)) {
                    event.addDefinitionError(new DefinitionException("@CorbaReference(\"" + name + "\") CorbaExports at "
                            + where + " is the serving side of a client whose proxy nothing injects: inject the "
                            + "proxy of its operations interface too (@CorbaReference(\"" + name + "\") FooOperations)"));
                }
            });
            if (wanted.isEmpty()) {
                // an application that asks for none (a resources.xml one, say) needs no MicroProfile at all
                return;
            }
            if (!present(CONFIG)) {
                event.addDefinitionError(new DefinitionException("@CorbaReference" + wanted.keySet()
                        + " is configured through MicroProfile Config, which this server does not have: add an"
                        + " implementation (SmallRye Config, say) or declare the clients as resources"));
                return;
            }
            boolean health = present(HEALTH_CHECK);
            BeanManager telemetry = present(ApplicationTelemetry.OPEN_TELEMETRY) && present(ApplicationTelemetry.TRACING)
                    ? beans : null;
            for (Map.Entry<String, Set<Class<?>>> client : wanted.entrySet()) {
                for (Class<?> operations : client.getValue()) {
                    ClientProperties.Client configured;
                    try {
                        configured = MicroProfileConfig.read(client.getKey(), operations, loader());
                    } catch (IllegalArgumentException e) {
                        event.addDefinitionError(new DefinitionException("@CorbaReference(\"" + client.getKey()
                                + "\"): " + e.getMessage(), e));
                        continue;
                    }
                    addClient(event, configured, operations, health, telemetry, beans);
                }
            }
        }
    }

    private void addClient(AfterBeanDiscovery event, ClientProperties.Client client, Class<?> operations,
            boolean health, BeanManager telemetry, BeanManager beans) {
        String description = "@CorbaReference(\"" + client.name() + "\") " + operations.getSimpleName() + " at "
                + (client.config().name() == null ? "" : "'" + client.config().name() + "' in ")
                + client.config().nameServiceDescription();
        boolean perSession = client.orb() == ClientProperties.OrbChoice.PER_SESSION;
        LazyClient applicationWide = perSession ? null : lazy(client, operations, description, telemetry);
        if (applicationWide != null) {
            synchronized (shared) {
                shared.add(applicationWide);
            }
        }
        event.addBean()
                .id(CorbaClientExtension.class.getName() + ":" + client.name() + ":" + operations.getName())
                .beanClass(operations)
                .types(operations, Object.class)
                .qualifiers(CorbaReference.Literal.of(client.name()), Any.Literal.INSTANCE)
                .scope(perSession ? SessionScoped.class : ApplicationScoped.class)
                .createWith(context -> (applicationWide != null ? applicationWide
                        : lazy(client, operations, description, telemetry)).proxy())
                .destroyWith((proxy, context) -> ((LazyClient) Proxy.getInvocationHandler(proxy)).close());
        if (exportsWanted.containsKey(client.name()) && exportsAdded.add(client.name())) {
            addExports(event, client, operations, applicationWide, beans);
        }
        if (health) {
            // a per-session client is checked through one of its own, made for the check
            LazyClient checked = applicationWide != null ? applicationWide : lazy(client, operations, description, telemetry);
            if (applicationWide == null) {
                synchronized (shared) {
                    shared.add(checked);
                }
            }
            ClientReadiness.add(event, client.name(), operations, checked);
        }
    }

    /**
     * The client's serving side as a bean of its own ({@code @CorbaReference("name") CorbaExports}):
     * the container's proxy of a bean implements the bean's class only. The same client as the
     * proxy's, so that what it exports is served by the ORB the calls go through.
     */
    private void addExports(AfterBeanDiscovery event, ClientProperties.Client client, Class<?> operations,
            LazyClient applicationWide, BeanManager beans) {
        if (applicationWide == null) {
            event.addDefinitionError(new DefinitionException("@CorbaReference(\"" + client.name() + "\") CorbaExports: "
                    + "a client of orb=per-session has no serving side yet; use orb=own or orb=container"));
            return;
        }
        event.addBean()
                .id(CorbaClientExtension.class.getName() + ":" + client.name() + ":" + operations.getName() + ":exports")
                .beanClass(CorbaExports.class)
                .types(CorbaExports.class, Object.class)
                .qualifiers(CorbaReference.Literal.of(client.name()), Any.Literal.INSTANCE)
                .scope(ApplicationScoped.class)
                .createWith(context -> applicationWide.exports(new InRequestContext(beans)));
    }

    /** Closes the clients the application held (a session's close with its session). */
    void closeClients(@Observes BeforeShutdown event) {
        synchronized (shared) {
            shared.forEach(LazyClient::close);
            shared.clear();
        }
    }

    /**
     * A client made at its first call; traced by MicroProfile Telemetry's {@code OpenTelemetry}
     * bean when {@code telemetry} (the application's bean manager) is given and the application has
     * one ({@link ApplicationTelemetry}).
     */
    private static LazyClient lazy(ClientProperties.Client client, Class<?> operations, String description,
            BeanManager telemetry) {
        return new LazyClient(operations, () -> CorbaClient.create(operations, client.signature(),
                telemetry != null ? ApplicationTelemetry.traced(client.config(), telemetry) : client.config(),
                client.orb() == ClientProperties.OrbChoice.CONTAINER ? containerOrb(client.name()) : null),
                description);
    }

    /** The server's own ORB, or why there is none. */
    private static ORB containerOrb(String client) {
        try {
            return (ORB) new InitialContext().lookup(CONTAINER_ORB);
        } catch (NamingException | ClassCastException e) {
            throw new OrbInitializationException("corbabridge." + client + ".orb is container, but this server offers no ORB"
                    + " at " + CONTAINER_ORB + " (" + e + "); set it to own to give the client an ORB of its own");
        }
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, loader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }

    private static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CorbaClientExtension.class.getClassLoader();
    }
}
