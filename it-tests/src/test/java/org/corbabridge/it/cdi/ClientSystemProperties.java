package org.corbabridge.it.cdi;

import java.util.List;
import org.corbabridge.fixture.FreePorts;

/** The {@code corbabridge.<client>.*} system properties the CDI tests configure their clients with. */
public final class ClientSystemProperties {

    private ClientSystemProperties() {
    }

    /** A client "absent" whose name service nobody runs (a port that was free a moment ago), with short time-outs. */
    public static void absent(String orb) {
        System.setProperty("corbabridge.absent.name-service-url", "corbaname::127.0.0.1:" + FreePorts.find());
        System.setProperty("corbabridge.absent.orb-implementation", orb);
        System.setProperty("corbabridge.absent.connect-timeout-millis", "500");
        System.setProperty("corbabridge.absent.call-timeout-millis", "1000");
    }

    /** Clears the properties of {@code clients} only: the JVM's own corbabridge.* settings (the ORB, the EJB jar) stay. */
    public static void clear(List<String> clients) {
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> clients.stream().anyMatch(client -> name.startsWith("corbabridge." + client + ".")))
                .forEach(System::clearProperty);
    }
}
