package org.corbabridge.adapter;

import java.util.ServiceLoader;
import org.omg.CORBA.ORB;

/**
 * The implementation's entry point, found with {@link ServiceLoader} in the adapter's own jar
 * so that this API package never names its implementation. Users call {@link CorbaClient},
 * {@link DynamicClient} and {@link InterfaceSignature}, never this.
 */
public interface ClientFactory {

    /** The implementation in the adapter's jar (or a replacement on the same class loader). */
    static ClientFactory instance() {
        return ClientFactoryHolder.INSTANCE;
    }

    InterfaceSignature signatureOf(Class<?> operationsInterface);

    /** @param borrowed an ORB to use and leave alone, or null to create and own one */
    <T> CorbaClient<T> proxy(InterfaceSignature signature, Class<T> operationsInterface, AdapterConfig config,
            ORB borrowed);

    /** @param borrowed an ORB to use and leave alone, or null to create and own one */
    DynamicClient dynamic(InterfaceSignature signature, AdapterConfig config, ORB borrowed);
}
