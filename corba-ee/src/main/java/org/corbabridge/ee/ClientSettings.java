package org.corbabridge.ee;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
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
 * The settings of a client of any IDL interface, one setter per property, with the adapter's
 * defaults ({@link AdapterConfig#ofDefaults()}, {@link RetryPolicy#ofDefaults()},
 * {@link ReplicaPolicy#ofDefaults()}): the one source of what a client can be told, whether an
 * OpenEJB {@code resources.xml} ({@link CorbaClientResource}) or MicroProfile Config
 * ({@link CorbaReference}) tells it. It declares no default of its own.
 */
public class ClientSettings extends OrbSettings {

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

    /** The signature of {@code Interface}, with the declared attributes, oneway operations and inout parameters. */
    public InterfaceSignature signature() {
        return signature(operationsInterface());
    }

    /** The signature of {@code operations}, with the declared attributes, oneway operations and inout parameters. */
    public InterfaceSignature signature(Class<?> operations) {
        InterfaceSignature.Builder signature = InterfaceSignature.of(operations).toBuilder();
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

    /** The generated operations interface this resource serves, as {@code Interface} names it. */
    protected String interfaceName() {
        return interfaceName;
    }

    /** The class named by {@code Interface}, from the application's class loader. */
    protected Class<?> operationsInterface() {
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

}
