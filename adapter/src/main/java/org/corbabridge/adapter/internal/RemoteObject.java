package org.corbabridge.adapter.internal;

import java.util.function.Function;
import org.corbabridge.adapter.AdapterClosedException;
import org.corbabridge.adapter.AdapterConfig;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;
import org.corbabridge.adapter.WrongObjectTypeException;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.SystemException;

/**
 * A remote object found by name and bound for calls of one interface: the generic part of
 * every adapter. It resolves the name, checks the type through a binder, runs calls and
 * turns their failures into typed exceptions. Interface-specific code lives in the binder
 * and in the calls it is given.
 *
 * <p>Thread-safe: calls may run concurrently; the bound reference is immutable once set.
 *
 * @param <T> what calls are made on: a narrowed stub, or a checked plain reference
 */
public final class RemoteObject<T> implements AutoCloseable {

    private final AdapterConfig config;
    private final String name;
    private final OrbLease orb;
    private final String repositoryId;
    private final Function<org.omg.CORBA.Object, T> binder;
    private final T target;
    private volatile boolean closed;

    private RemoteObject(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder) {
        this.config = config;
        this.name = name;
        this.orb = orb;
        this.repositoryId = repositoryId;
        this.binder = binder;
        this.target = resolveAndBind();
    }

    /**
     * Resolves {@code name} and binds it. On failure the lease is closed (an owned ORB is
     * destroyed) before the typed exception is thrown.
     *
     * @param binder checks the type (raising BAD_PARAM when it is not {@code repositoryId})
     *     and returns what calls are made on
     */
    public static <T> RemoteObject<T> open(AdapterConfig config, String name, OrbLease orb, String repositoryId,
            Function<org.omg.CORBA.Object, T> binder) {
        try {
            return new RemoteObject<>(config, name, orb, repositoryId, binder);
        } catch (RuntimeException | Error e) {
            orb.close();
            throw e;
        }
    }

    /** Runs one call on the bound object; CORBA system exceptions come out typed. */
    public <R> R call(String operation, Function<T, R> invocation) {
        if (closed) {
            throw new AdapterClosedException(operation + " on " + describeTarget() + ": the adapter is closed");
        }
        long started = System.nanoTime();
        try {
            return invocation.apply(target);
        } catch (SystemException e) {
            throw RemoteFailures.translate(e, operation + " on " + describeTarget(), config.callTimeout(),
                    System.nanoTime() - started);
        } catch (CorbaAdapterException e) {
            throw e;
        } catch (RuntimeException e) {
            throw RemoteFailures.translateUnexpected(e, operation + " on " + describeTarget());
        }
    }

    public OrbLease orb() {
        return orb;
    }

    public String name() {
        return name;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Marks the object closed and closes the lease (destroying an owned ORB). Idempotent. */
    @Override
    public void close() {
        closed = true;
        orb.close();
    }

    /** "'Catalog' in corbaname::127.0.0.1:2809". */
    public String describeTarget() {
        return "'" + name + "' in " + config.nameServiceDescription();
    }

    private T resolveAndBind() {
        org.omg.CORBA.Object reference = orb.bounded(NamingLookup.resolve(orb, config.nameServiceUrl(), name));
        long started = System.nanoTime();
        try {
            return binder.apply(reference);
        } catch (BAD_PARAM e) {
            throw new WrongObjectTypeException("the object bound as " + describeTarget() + " is not a "
                    + repositoryId, Completion.NOT_APPLICABLE, e);
        } catch (SystemException e) {
            throw RemoteFailures.translate(e, "checking that the object bound as " + describeTarget() + " is a "
                    + repositoryId, config.callTimeout(), System.nanoTime() - started);
        }
    }
}
