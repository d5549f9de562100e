package org.corbabridge.adapter;

import java.util.ServiceLoader;

/**
 * The {@link ClientFactory}, loaded once with the API's own class loader: a container's context
 * class loader may not see the adapter jar's services.
 */
final class ClientFactoryHolder {

    static final ClientFactory INSTANCE = ServiceLoader.load(ClientFactory.class, ClientFactory.class.getClassLoader())
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no " + ClientFactory.class.getName()
                    + " in META-INF/services: is the corba-adapter jar complete?"));

    private ClientFactoryHolder() {
    }
}
