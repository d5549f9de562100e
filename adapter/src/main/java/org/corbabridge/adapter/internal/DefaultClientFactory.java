package org.corbabridge.adapter.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.ClientFactory;
import org.corbabridge.adapter.CorbaClient;
import org.corbabridge.adapter.DynamicClient;
import org.corbabridge.adapter.Idl;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.OrbConfig;
import org.corbabridge.adapter.internal.bind.ProxyClient;
import org.corbabridge.adapter.internal.bind.RemoteInterface;
import org.corbabridge.adapter.internal.bind.Signatures;
import org.corbabridge.adapter.internal.idl.IdlModel;
import org.corbabridge.adapter.internal.idl.IdlSource;
import org.corbabridge.adapter.internal.orb.Extensions;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.corbabridge.adapter.internal.orb.OrbLifecycle;
import org.omg.CORBA.ORB;

/** The implementation behind {@link CorbaClient}, {@link DynamicClient} and {@link InterfaceSignature#of}. */
public final class DefaultClientFactory implements ClientFactory {

    @Override
    public InterfaceSignature signatureOf(Class<?> operationsInterface) {
        return Signatures.of(operationsInterface);
    }

    @Override
    public <T> CorbaClient<T> proxy(InterfaceSignature signature, Class<T> operationsInterface, AdapterConfig config,
            ORB borrowed) {
        if (signature.operationsInterface().isEmpty()) {
            InterfaceSignature.Builder typed = InterfaceSignature.builder(signature.repositoryId(), operationsInterface);
            signature.operations().forEach(typed::operation);
            signature = typed.build();
        }
        if (!signature.operationsInterface().get().isAssignableFrom(operationsInterface)
                && !operationsInterface.isAssignableFrom(signature.operationsInterface().get())) {
            throw new IllegalArgumentException("the signature was derived from "
                    + signature.operationsInterface().get().getName() + ", not " + operationsInterface.getName());
        }
        return new ProxyClient<>(operationsInterface, RemoteInterface.open(signature, config, lease(config, borrowed)));
    }

    @Override
    public DynamicClient dynamic(InterfaceSignature signature, AdapterConfig config, ORB borrowed) {
        if (signature.operationsInterface().isEmpty() && config.invocation() == InvocationMode.STATIC) {
            // a signature read from IDL has no stub to call: static invocation (the default) is the dynamic
            // path here, as docs/callbacks.md's and getting-started.md's snippets need; it failed at create with
            // "static invocation needs the generated classes" unless the user had chosen DYNAMIC or DII
            config = config.toBuilder().invocation(InvocationMode.DYNAMIC).build();
        }
        return RemoteInterface.open(signature, config, lease(config, borrowed));
    }

    private static OrbLease lease(AdapterConfig config, ORB borrowed) {
        return borrowed != null ? OrbLease.borrow(borrowed, config.callTimeout())
                : OrbLease.create(config.orb(), config.callTimeout(), config.connectTimeout());
    }

    @Override
    public Idl readIdl(Path file, String name, String text, List<Path> includeDirectories) {
        return IdlModel.read(file != null ? IdlSource.file(file, includeDirectories)
                : IdlSource.text(name, text, includeDirectories));
    }

    @Override
    public Idl readIdl(ClassLoader loader, String resource) {
        return IdlModel.read(IdlSource.resource(loader, resource));
    }

    @Override
    public ORB createOrb(OrbConfig config, Duration callTimeout, Duration connectTimeout) {
        return OrbLifecycle.create(config, callTimeout, connectTimeout);
    }

    @Override
    public void destroyOrb(ORB orb) {
        OrbLifecycle.destroy(orb);
    }

    @Override
    public List<CallObserver> defaultObservers() {
        return Extensions.defaultObservers();
    }

    @Override
    public Runnable carryContext(Runnable task) {
        return Extensions.carryContext(task);
    }
}
