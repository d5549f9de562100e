package org.corbabridge.ee;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/** A client's properties from MicroProfile Config: loaded only when the application asks for a client. */
final class MicroProfileConfig {

    private MicroProfileConfig() {
    }

    /** @throws IllegalArgumentException as {@link ClientProperties#read} */
    static ClientProperties.Client read(String name, Class<?> operations, ClassLoader loader) {
        Config config = ConfigProvider.getConfig(loader);
        return ClientProperties.read(name, operations, property -> config.getOptionalValue(property, String.class),
                config.getPropertyNames());
    }
}
