package org.corbabridge.adapter.internal.eclipse;

import javax.management.ObjectName;
import org.glassfish.gmbal.ManagedObjectManager;
import org.glassfish.gmbal.ManagedObjectManagerFactory;
import org.glassfish.gmbal.ManagedObjectManagerService;

/**
 * The Eclipse ORB 5.0 needs a gmbal {@code ManagedObjectManagerService} to initialise, but
 * only gmbal's API jar comes with it (the full gmbal breaks on Java 17). This provider,
 * registered in META-INF/services, hands out gmbal's own no-op manager: the ORB runs, without
 * its JMX beans. gmbal looks the provider up once per JVM, with the context class loader of
 * the first ORB.init: that loader must see this jar.
 */
public final class NoOpGmbalService implements ManagedObjectManagerService {

    @Override
    public ManagedObjectManager create(String domain) {
        return ManagedObjectManagerFactory.createNOOP();
    }

    @Override
    public ManagedObjectManager create(ObjectName parent) {
        return ManagedObjectManagerFactory.createNOOP();
    }
}
