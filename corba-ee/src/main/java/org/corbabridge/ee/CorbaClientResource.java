package org.corbabridge.ee;

import java.lang.reflect.Proxy;
import org.apache.openejb.api.resource.DestroyableResource;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.RetryPolicy;

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
public class CorbaClientResource extends ClientSettings {

    /**
     * The factory method of {@code factory-name="proxy"}: a typed proxy of {@code Interface}
     * shared by every bean, its client made at the first call (a server down at deploy is a typed
     * error of that call) and closed, with its ORB, when the container destroys the resource at
     * undeploy ({@link DestroyableResource}).
     */
    public Object proxy() {
        Class<?> operations = operationsInterface();
        InterfaceSignature signature = signature();
        AdapterConfig config = adapterConfig();
        LazyClient shared = new LazyClient(operations, () -> CorbaClient.create(operations, signature, config, null),
                "shared proxy of " + signature.repositoryId() + " (" + config + ")");
        return Proxy.newProxyInstance(operations.getClassLoader(), new Class<?>[] {operations,
            DestroyableResource.class}, (proxy, method, arguments) -> {
                if (method.getDeclaringClass() == DestroyableResource.class) {
                    shared.close();
                    return null;
                }
                return shared.invoke(proxy, method, arguments);
            });
    }

    /** A client with an ORB of its own, for one session; the caller closes it. */
    public <T> CorbaClient<T> openSession(Class<T> operations) {
        if (!operations.getName().equals(interfaceName())) {
            throw new IllegalArgumentException("this resource serves " + interfaceName() + ", not " + operations.getName());
        }
        return CorbaClient.create(operations, signature(), adapterConfig(), null);
    }
}
