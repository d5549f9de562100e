package org.corbabridge.adapter.internal.serving;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.CallObserver;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.DynamicServant;
import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.InterfaceSignature;
import org.corbabridge.adapter.OrbInitializationException;
import org.corbabridge.adapter.ServingConfig;
import org.corbabridge.adapter.internal.orb.OrbLease;
import org.omg.CORBA.BAD_INV_ORDER;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.Policy;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TRANSIENT;
import org.omg.CORBA.UserException;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one client serves: its own POA in the client's ORB (made at the first export, with a
 * POA manager of its own, so that a borrowed ORB's other POAs are left as they are), the objects
 * it exported, and the bound on the calls they run at once. Closed with the client: the POA is
 * destroyed, and calls to its objects get {@code OBJECT_NOT_EXIST} while the ORB still listens.
 */
public final class ServingSide implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServingSide.class);

    /** The adapter's minor code of the TRANSIENT a call beyond the bound gets ("CB" and 1). */
    public static final int TOO_MANY_CALLS_MINOR = ServingConfig.TOO_MANY_CALLS_MINOR;

    /** The serving side whose call the current thread runs, if any: its close must not wait for itself. */
    private static final ThreadLocal<ServingSide> DISPATCHING = new ThreadLocal<>();

    /** POA names must differ within one ORB: each client's gets a number. */
    private static final AtomicInteger POAS = new AtomicInteger();

    private final OrbLease lease;
    private final ServingConfig config;
    private final String owner;
    private final Semaphore running;
    private final ServedObservers observers;
    private final Object lock = new Object();
    private POA poa;
    private boolean closed;
    private final List<Exported> exported = new ArrayList<>();
    /** Servants passed as arguments, exported once each for the client's life. */
    private final Map<Object, Exported> byServant = new IdentityHashMap<>();

    /** Why nothing can be exported, or null: the client's ORB was given TLS, which its listening side lacks yet. */
    private final String refusal;

    private ServingSide(OrbLease lease, ServingConfig config, String owner, boolean tls, List<CallObserver> observers) {
        this.lease = lease;
        this.observers = ServedObservers.of(observers);
        this.config = config;
        this.owner = owner;
        this.refusal = tls ? "the client's ORB is configured with TLS, and its listening side for callbacks has no "
                + "TLS yet: a server would call back in plain text. Export from a client without TlsConfig, or wait "
                + "for TLS serving (docs/callbacks.md)" : null;
        this.running = new Semaphore(config.maxConcurrentCalls());
    }

    /**
     * The serving side of the client {@code owner} ("'Warehouse' in corbaname::..."): nothing is made
     * in the ORB until the first export.
     *
     * @param tls whether the client's ORB was given TLS: then every export is refused, since the
     *     listening side would be plain text
     * @param observers the client's observers: each served call is theirs to see ({@link CallObserver#served})
     */
    public static ServingSide of(OrbLease lease, ServingConfig config, String owner, boolean tls,
            List<CallObserver> observers) {
        return new ServingSide(lease, config, owner, tls, observers);
    }

    /** The observers of the calls this side serves. */
    ServedObservers observers() {
        return observers;
    }

    /**
     * Serves {@code servant}, an object of the generated interface {@code signature} was derived from.
     *
     * @param methods each operation's method by IDL name
     */
    public ExportedObject exportTyped(InterfaceSignature signature, Map<String, Method> methods, Object servant) {
        requireServant(servant);
        Class<?> operations = signature.operationsInterface().orElseThrow();
        if (!operations.isInstance(servant)) {
            throw new IllegalArgumentException(servant.getClass().getName() + " does not implement " + operations.getName());
        }
        return export(ServedInterface.of(signature, methods, true, lease.platform()), servant);
    }

    /** Serves a {@link DynamicServant} as an object of {@code signature}'s interface. */
    public ExportedObject exportDynamic(InterfaceSignature signature, DynamicServant servant) {
        requireServant(servant);
        return export(ServedInterface.of(signature, Map.of(), false, lease.platform()), servant);
    }

    /**
     * The reference of {@code servant} passed as an argument: exported at its first use, with
     * {@code served} made then, and kept for the client's life.
     */
    private org.omg.CORBA.Object referenceOf(Object servant, Supplier<ServedInterface> served) {
        synchronized (lock) {
            Exported known = byServant.get(servant);
            if (known != null && !known.isClosed()) {
                return known.reference();
            }
        }
        Exported made = export(served.get(), servant);
        synchronized (lock) {
            byServant.put(servant, made);
        }
        return made.reference();
    }

    /** As {@link #exportTyped}, for a servant passed as an argument. */
    public org.omg.CORBA.Object referenceOfTyped(InterfaceSignature signature, Map<String, Method> methods,
            Object servant) {
        return referenceOf(servant, () -> ServedInterface.of(signature, methods, true, lease.platform()));
    }

    /** As {@link #exportDynamic}, for a servant passed as an argument. */
    public org.omg.CORBA.Object referenceOfDynamic(InterfaceSignature signature, DynamicServant servant) {
        return referenceOf(servant, () -> ServedInterface.of(signature, Map.of(), false, lease.platform()));
    }

    private static void requireServant(Object servant) {
        if (servant == null) {
            throw new NullPointerException("servant");
        }
        if (servant instanceof org.omg.CORBA.Object) {
            throw new IllegalArgumentException(servant.getClass().getName() + " is an object reference already, not an "
                    + "object to serve: pass it as it is");
        }
    }

    private Exported export(ServedInterface served, Object servant) {
        if (refusal != null) {
            throw new OrbInitializationException("cannot export " + served.signature.repositoryId() + " from " + owner
                    + ": " + refusal, Completion.NOT_APPLICABLE, null);
        }
        DispatchingServant dispatching = new DispatchingServant(served, servant, this);
        synchronized (lock) {
            if (closed) {
                throw new AdapterClosedException("cannot export " + served.signature.repositoryId() + " from " + owner
                        + ": the client is closed");
            }
            POA adapter = poa();
            try {
                byte[] id = adapter.activate_object(dispatching);
                org.omg.CORBA.Object reference = adapter.id_to_reference(id);
                Exported made = new Exported(this, lease.orb(), adapter, id, reference, dispatching, served.signature.repositoryId());
                exported.add(made);
                return made;
            } catch (UserException | SystemException e) {
                throw new OrbInitializationException("cannot export " + served.signature.repositoryId() + " from "
                        + owner + ": " + e, Completion.NOT_APPLICABLE, e);
            }
        }
    }

    /** The client's POA, made at the first export: a child of the RootPOA with a POA manager of its own, active. */
    private POA poa() {
        if (poa != null) {
            return poa;
        }
        try {
            POA root = POAHelper.narrow(lease.orb().resolve_initial_references("RootPOA"));
            Policy[] policies = lease.platform().servingPolicies(lease.orb(), config);
            POA made = root.create_POA("corbabridge-" + POAS.incrementAndGet(), null, policies);
            for (Policy policy : policies) {
                policy.destroy();
            }
            made.the_POAManager().activate();
            poa = made;
            return made;
        } catch (UserException | SystemException e) {
            throw new OrbInitializationException("cannot serve from " + owner + ": the ORB's POA refused: " + e,
                    Completion.NOT_APPLICABLE, e);
        }
    }

    /** A call's admission: released when it ends. */
    interface Admission extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Admits one call, or refuses it at once with {@code TRANSIENT} (completed NO: the server may
     * try it again) when {@link ServingConfig#maxConcurrentCalls()} run already. Never queued: a
     * queue would hold the ORB's reader or dispatch threads, and the server's call past its time-out.
     */
    Admission admit(InterfaceSignature signature, String operation) {
        if (!running.tryAcquire()) {
            throw new TRANSIENT(owner + " runs " + config.maxConcurrentCalls() + " calls already; "
                    + signature.interfaceName() + "." + operation + " refused (ServingConfig.maxConcurrentCalls)",
                    TOO_MANY_CALLS_MINOR, CompletionStatus.COMPLETED_NO);
        }
        ServingSide outer = DISPATCHING.get();
        DISPATCHING.set(this);
        return () -> {
            DISPATCHING.set(outer);
            running.release();
        };
    }

    void ended(Exported object) {
        synchronized (lock) {
            exported.remove(object);
            byServant.values().remove(object);
        }
    }

    /** Every object this client exported stops being served; its POA is destroyed. Idempotent. */
    @Override
    public void close() {
        POA adapter;
        List<Exported> ending;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            adapter = poa;
            ending = new ArrayList<>(exported);
            exported.clear();
            byServant.clear();
        }
        ending.forEach(Exported::markClosed);
        if (adapter != null) {
            destroy(adapter, DISPATCHING.get() == null);
        }
    }

    /**
     * Waits for the POA's calls to end unless this thread runs one of them (a handler closing its
     * client), where waiting would wait for itself and the ORBs refuse it. Waiting matters: the
     * OpenJDK ORB destroys a POA on a thread of its own when not asked to wait, and that thread,
     * run after the client has destroyed its ORB, dies of a NullPointerException.
     */
    private void destroy(POA adapter, boolean wait) {
        try {
            adapter.destroy(false, wait);
        } catch (BAD_INV_ORDER e) {
            if (wait) {
                // a call from another POA of this ORB runs on this thread: the ORB refuses to wait in it
                destroy(adapter, false);
            } else {
                LOG.debug("destroying {}'s POA: {}", owner, e.toString());
            }
        } catch (SystemException e) {
            LOG.debug("destroying {}'s POA: {}", owner, e.toString());
        }
    }
}
