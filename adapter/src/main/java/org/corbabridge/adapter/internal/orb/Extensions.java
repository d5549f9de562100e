package org.corbabridge.adapter.internal.orb;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.spi.AdapterExtension;
import org.omg.CORBA.ORB;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link AdapterExtension}s on the adapter's class loader, found once. With none, each method
 * returns what it was given (or nothing) at the cost of an empty-array check.
 */
public final class Extensions {

    private static final Logger LOG = LoggerFactory.getLogger(Extensions.class);
    private static final AdapterExtension[] ALL = load();

    private Extensions() {
    }

    private static AdapterExtension[] load() {
        List<AdapterExtension> found = new ArrayList<>();
        ServiceLoader<AdapterExtension> loader = ServiceLoader.load(AdapterExtension.class,
                AdapterExtension.class.getClassLoader());
        try {
            for (AdapterExtension extension : loader) {
                found.add(extension);
                LOG.debug("adapter extension {}", extension.getClass().getName());
            }
        } catch (ServiceConfigurationError | LinkageError broken) {
            // an add-on without its library (the OpenTelemetry API, Micrometer): the adapter works without it
            LOG.warn("an adapter extension could not be loaded and is left out: {}", broken.toString());
        }
        return found.toArray(AdapterExtension[]::new);
    }

    public static List<CallObserver> defaultObservers() {
        List<CallObserver> observers = new ArrayList<>();
        for (AdapterExtension extension : ALL) {
            observers.addAll(extension.defaultObservers());
        }
        return List.copyOf(observers);
    }

    static Properties orbProperties(OrbConfig config) {
        Properties properties = new Properties();
        for (AdapterExtension extension : ALL) {
            properties.putAll(extension.orbProperties(config));
        }
        return properties;
    }

    static void orbCreated(ORB orb) {
        for (AdapterExtension extension : ALL) {
            extension.orbCreated(orb);
        }
    }

    static void orbDestroyed(ORB orb) {
        for (AdapterExtension extension : ALL) {
            extension.orbDestroyed(orb);
        }
    }

    public static Runnable carryContext(Runnable task) {
        Runnable carried = task;
        for (AdapterExtension extension : ALL) {
            carried = extension.carryContext(carried);
        }
        return carried;
    }

    public static <R> Supplier<R> carryContext(Supplier<R> task) {
        Supplier<R> carried = task;
        for (AdapterExtension extension : ALL) {
            carried = extension.carryContext(carried);
        }
        return carried;
    }
}
