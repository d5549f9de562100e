package org.corbabridge.adapter;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    /** {@link Idl#read} when {@code file} is given, else {@link Idl#parse} of {@code text}. */
    Idl readIdl(Path file, String name, String text, List<Path> includeDirectories);

    /** {@link Idl#fromClassPath}. */
    Idl readIdl(ClassLoader loader, String resource);

    /** {@link Orbs#create}. */
    ORB createOrb(OrbConfig config, Duration callTimeout, Duration connectTimeout);

    /** {@link Orbs#destroy}. */
    void destroyOrb(ORB orb);

    /** {@link CallObserver#ofDefaults()}: the observers the installed add-ons provide. */
    List<CallObserver> defaultObservers();

    /** {@code task} with what is current on this thread (a span) carried to the thread it runs on. */
    Runnable carryContext(Runnable task);
}
