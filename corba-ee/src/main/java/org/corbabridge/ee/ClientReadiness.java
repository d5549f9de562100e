package org.corbabridge.ee;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.CorbaClient;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * A {@link CorbaReference} client as a MicroProfile Health readiness check, named
 * {@code corbabridge-<name>}: it makes the client if no call has yet (resolving its name) and asks
 * the object {@code _non_existent} ({@code CorbaClient.ping()}), within the client's connect and
 * call time-outs. Up, its data says what it reached; down, which client, what it tried to reach
 * and the adapter's typed error. The error's message names servers and names, never a password or
 * a key (the adapter's messages carry none). Loaded only when MicroProfile Health is present.
 */
final class ClientReadiness implements HealthCheck {

    private final String name;
    private final LazyClient client;

    private ClientReadiness(String name, LazyClient client) {
        this.name = name;
        this.client = client;
    }

    static void add(AfterBeanDiscovery event, String name, Class<?> operations, LazyClient client) {
        ClientReadiness check = new ClientReadiness(name, client);
        event.addBean()
                .id(ClientReadiness.class.getName() + ":" + name + ":" + operations.getName())
                .beanClass(ClientReadiness.class)
                .types(HealthCheck.class, Object.class)
                .qualifiers(Readiness.Literal.INSTANCE, Any.Literal.INSTANCE)
                .scope(Dependent.class)
                .createWith(context -> check);
    }

    @Override
    public HealthCheckResponse call() {
        // built directly, not with HealthCheckResponse.named(): that needs the server's provider
        Map<String, Object> data = new LinkedHashMap<>();
        try {
            CorbaClient<?> made = client.client();
            made.ping();
            data.put("target", made.target());
            return new HealthCheckResponse("corbabridge-" + name, HealthCheckResponse.Status.UP, Optional.of(data));
        } catch (RuntimeException e) {
            data.put("client", client.description());
            data.put("error", e.getClass().getSimpleName());
            if (e instanceof CorbaAdapterException typed) {
                data.put("completion", typed.completion().name());
            }
            data.put("message", String.valueOf(e.getMessage()));
            return new HealthCheckResponse("corbabridge-" + name, HealthCheckResponse.Status.DOWN, Optional.of(data));
        }
    }
}
