package org.corbabridge.ee;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.openejb.api.resource.DestroyableResource;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.OrbImplementation;
import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.ReplicaPolicy;
import org.corbabridge.adapter.RetryPolicy;
import org.corbabridge.adapter.TlsConfig;

/**
 * A client of any IDL interface, declared as a container resource in an application's own
 * {@code META-INF/resources.xml} (OpenEJB, TomEE). Every property can be overridden without
 * rebuilding, by a system or container property {@code <id>.<Property>}.
 *
 * <p><b>A typed proxy by injection, on an ORB of the container</b> ({@code factory-name="proxy"}):
 * one client for every bean, created at the first call (a missing server is a typed error of
 * that call, not a failed deploy) and closed, with its ORB, when the application is undeployed.
 *
 * <pre>{@code
 * <Resource id="Warehouse" class-name="org.corbabridge.ee.CorbaClientResource" factory-name="proxy">
 *   Interface = org.corbabridge.depot.stock.WarehouseOperations
 *   NameServiceUrl = corbaname::127.0.0.1:2809
 *   Name = Warehouse
 *   Invocation = dynamic
 *   OrbImplementation = JACORB
 *   CallTimeoutMillis = 5000
 *   Idempotent = echo, fetch, _get_site
 *   ReadonlyAttributes = site
 *   Oneway = audit
 *   Inout = store:2
 *   # IIOP over TLS to the object (the name service stays plain text), mutual with a key store
 *   TlsTrustStore = /etc/corba/truststore.p12
 *   TlsTrustStorePassword = changeit
 *   TlsKeyStore = /etc/corba/client.p12
 *   TlsKeyStorePassword = changeit
 * </Resource>
 *
 * @Resource(name = "Warehouse")
 * private WarehouseOperations warehouse;
 * }</pre>
 *
 * <p><b>An ORB per session</b> (no {@code factory-name}): inject the resource itself and open a
 * client in {@code @PostConstruct}; the session closes it (and destroys its ORB) in
 * {@code @PreDestroy}.
 *
 * <pre>{@code
 * @Resource(name = "WarehouseSessions")
 * private CorbaClientResource warehouses;
 * private CorbaClient<WarehouseOperations> client;
 *
 * @PostConstruct void open() { client = warehouses.openSession(WarehouseOperations.class); }
 * @PreDestroy void close() { client.close(); }
 * }</pre>
 *
 * <p>Defaults are {@link AdapterConfig#ofDefaults()} and {@link RetryPolicy#ofDefaults()}: this
 * class declares none of its own.
 */
public class CorbaClientResource extends OrbSettings {

    private String interfaceName;
    private String nameServiceUrl;
    private String name;
    private String invocation = InvocationMode.STATIC.configName();
    private int retryMaxAttempts = RetryPolicy.ofDefaults().maxAttempts();
    private long retryBackoffMillis = RetryPolicy.ofDefaults().initialBackoff().toMillis();
    private double retryBackoffMultiplier = RetryPolicy.ofDefaults().backoffMultiplier();
    private long retryMaxBackoffMillis = RetryPolicy.ofDefaults().maxBackoff().toMillis();
    private boolean retryIdempotentCalls = RetryPolicy.ofDefaults().retriesIdempotentCalls();
    private String idempotent = "";
    private String replicas = "";
    private String replicaBalancing = ReplicaPolicy.ofDefaults().balancing().name();
    private int replicaEjectionFailures = ReplicaPolicy.ofDefaults().ejectionFailures();
    private int replicaEjectionWindow = ReplicaPolicy.ofDefaults().ejectionWindow();
    private long replicaEjectionMillis = ReplicaPolicy.ofDefaults().ejectionTime().toMillis();
    private long replicaAttemptTimeoutMillis;
    private String readonlyAttributes = "";
    private String oneway = "";
    private String inout = "";

    /** The generated operations interface, such as {@code org.corbabridge.shop.CatalogOperations}. */
    public void setInterface(String interfaceName) {
        this.interfaceName = interfaceName;
    }

    public void setNameServiceUrl(String nameServiceUrl) {
        this.nameServiceUrl = nameServiceUrl;
    }

    /** The CosNaming name; unset: the IDL interface's own name. */
    public void setName(String name) {
        this.name = name;
    }

    /** {@code static}, {@code dynamic} or {@code dii}. */
    public void setInvocation(String invocation) {
        this.invocation = invocation;
    }

    public void setRetryMaxAttempts(int retryMaxAttempts) {
        this.retryMaxAttempts = retryMaxAttempts;
    }

    public void setRetryBackoffMillis(long retryBackoffMillis) {
        this.retryBackoffMillis = retryBackoffMillis;
    }

    public void setRetryBackoffMultiplier(double retryBackoffMultiplier) {
        this.retryBackoffMultiplier = retryBackoffMultiplier;
    }

    public void setRetryMaxBackoffMillis(long retryMaxBackoffMillis) {
        this.retryMaxBackoffMillis = retryMaxBackoffMillis;
    }

    /** Whether idempotent calls whose completion is unknown may be retried at all. */
    public void setRetryIdempotentCalls(boolean retryIdempotentCalls) {
        this.retryIdempotentCalls = retryIdempotentCalls;
    }

    /** Operations that may be retried when their completion is unknown, comma-separated. */
    public void setIdempotent(String operations) {
        this.idempotent = operations;
    }

    /**
     * Several replicas of the object instead of one ({@link AdapterConfig.Builder#replicas}):
     * names in the name service, {@code corbaname::HOST:PORT#NAME}, {@code corbaloc:} URLs or
     * {@code IOR:} strings, separated by spaces or semicolons (a corbaloc: URL has commas of its own).
     */
    public void setReplicas(String targets) {
        this.replicas = targets;
    }

    /** {@code LEAST_OUTSTANDING} or {@code ROUND_ROBIN} ({@link ReplicaPolicy.Balancing}). */
    public void setReplicaBalancing(String balancing) {
        this.replicaBalancing = balancing;
    }

    /** A replica is ejected once this many of its last {@code ReplicaEjectionWindow} calls failed to reach it. */
    public void setReplicaEjectionFailures(int failures) {
        this.replicaEjectionFailures = failures;
    }

    public void setReplicaEjectionWindow(int calls) {
        this.replicaEjectionWindow = calls;
    }

    /** How long an ejected replica gets no calls before it is probed. */
    public void setReplicaEjectionMillis(long millis) {
        this.replicaEjectionMillis = millis;
    }

    /** How long an attempt of an idempotent operation waits before the call goes to another replica; 0: no limit. */
    public void setReplicaAttemptTimeoutMillis(long millis) {
        this.replicaAttemptTimeoutMillis = millis;
    }

    /** Readonly attributes Java types cannot tell from operations, comma-separated. */
    public void setReadonlyAttributes(String attributes) {
        this.readonlyAttributes = attributes;
    }

    /** Oneway operations, comma-separated. */
    public void setOneway(String operations) {
        this.oneway = operations;
    }

    /** Inout parameters Java holders cannot tell from out ones: {@code operation:index}, comma-separated. */
    public void setInout(String parameters) {
        this.inout = parameters;
    }

    /** The configuration these properties describe. */
    public AdapterConfig adapterConfig() {
        AdapterConfig.Builder config = AdapterConfig.builder()
                .invocation(invocation)
                .orb(orbConfig().build())
                .callTimeout(callTimeout())
                .connectTimeout(connectTimeout())
                .retry(RetryPolicy.builder()
                        .maxAttempts(retryMaxAttempts)
                        .backoff(Duration.ofMillis(retryBackoffMillis), retryBackoffMultiplier,
                                Duration.ofMillis(Math.max(retryBackoffMillis, retryMaxBackoffMillis)))
                        .retriesIdempotentCalls(retryIdempotentCalls)
                        .build())
                .idempotent(list(idempotent).toArray(String[]::new));
        if (nameServiceUrl != null && !nameServiceUrl.isBlank()) {
            config.nameService(nameServiceUrl.trim());
        }
        if (name != null && !name.isBlank()) {
            config.name(name.trim());
        }
        List<String> targets = Arrays.stream(replicas == null ? new String[0] : replicas.trim().split("[\\s;]+"))
                .filter(target -> !target.isBlank()).toList();
        if (!targets.isEmpty()) {
            ReplicaPolicy.Builder policy = ReplicaPolicy.builder()
                    .balancing(ReplicaPolicy.Balancing.valueOf(replicaBalancing.trim().toUpperCase(Locale.ROOT)))
                    .ejectAfter(replicaEjectionFailures, replicaEjectionWindow)
                    .ejectFor(Duration.ofMillis(replicaEjectionMillis));
            if (replicaAttemptTimeoutMillis > 0) {
                policy.attemptTimeout(Duration.ofMillis(replicaAttemptTimeoutMillis));
            }
            config.replicas(targets.toArray(String[]::new)).replicaPolicy(policy.build());
        }
        return config.build();
    }

    /** The interface's signature, with the declared attributes, oneway operations and inout parameters. */
    public InterfaceSignature signature() {
        InterfaceSignature.Builder signature = InterfaceSignature.of(operationsInterface()).toBuilder();
        list(readonlyAttributes).forEach(attribute -> signature.attribute(attribute, true));
        signature.oneway(list(oneway).toArray(String[]::new));
        for (String parameter : list(inout)) {
            int colon = parameter.lastIndexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("Inout takes operation:index, not '" + parameter + "'");
            }
            signature.parameterMode(parameter.substring(0, colon).trim(),
                    Integer.parseInt(parameter.substring(colon + 1).trim()), ParameterMode.INOUT);
        }
        return signature.build();
    }

    /**
     * The factory method of {@code factory-name="proxy"}: a typed proxy of {@code Interface}
     * shared by every bean, whose client (and ORB) the container closes at undeploy.
     */
    public Object proxy() {
        Class<?> operations = operationsInterface();
        SharedClient shared = new SharedClient(operations, signature(), adapterConfig());
        return Proxy.newProxyInstance(operations.getClassLoader(), new Class<?>[] {operations,
            DestroyableResource.class}, shared);
    }

    /** A client with an ORB of its own, for one session; the caller closes it. */
    public <T> CorbaClient<T> openSession(Class<T> operations) {
        if (!operations.getName().equals(interfaceName)) {
            throw new IllegalArgumentException("this resource serves " + interfaceName + ", not " + operations.getName());
        }
        return CorbaClient.create(operations, signature(), adapterConfig(), null);
    }

    private Class<?> operationsInterface() {
        if (interfaceName == null || interfaceName.isBlank()) {
            throw new IllegalStateException("the resource needs Interface = the generated FooOperations class name");
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(interfaceName.trim(), true, loader != null ? loader : getClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Interface " + interfaceName + " is not on the application's class path", e);
        }
    }

    /**
     * The client behind the shared proxy: created at the first call, so that a server not yet up
     * at deploy is a typed error of a call, and closed by the container through
     * {@link DestroyableResource}.
     */
    private static final class SharedClient implements InvocationHandler {
        private final Class<?> operations;
        private final InterfaceSignature signature;
        private final AdapterConfig config;
        private volatile CorbaClient<?> client;
        private boolean destroyed;

        SharedClient(Class<?> operations, InterfaceSignature signature, AdapterConfig config) {
            this.operations = operations;
            this.signature = signature;
            this.config = config;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
            if (method.getDeclaringClass() == DestroyableResource.class) {
                destroy();
                return null;
            }
            if (method.getDeclaringClass() == Object.class) {
                switch (method.getName()) {
                    case "equals":
                        return proxy == arguments[0];
                    case "hashCode":
                        return System.identityHashCode(proxy);
                    default:
                        return "shared proxy of " + signature.repositoryId() + " (" + config + ")";
                }
            }
            try {
                return method.invoke(client().proxy(), arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private CorbaClient<?> client() {
            CorbaClient<?> created = client;
            return created != null ? created : create();
        }

        /** Once for all beans; a failed creation is tried again by the next call. */
        private synchronized CorbaClient<?> create() {
            if (destroyed) {
                throw new IllegalStateException("the application that declared this client was undeployed");
            }
            if (client == null) {
                client = CorbaClient.create(operations, signature, config, null);
            }
            return client;
        }

        private synchronized void destroy() {
            destroyed = true;
            if (client != null) {
                client.close();
                client = null;
            }
        }
    }
}
