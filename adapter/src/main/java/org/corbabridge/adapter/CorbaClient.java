package org.corbabridge.adapter;

import java.util.concurrent.Executor;
import org.omg.CORBA.ORB;

/**
 * A typed proxy for any IDL interface: an object implementing the generated
 * {@code FooOperations} (or {@code Foo}) interface whose every call is looked up in CosNaming,
 * bounded by the call time-out, re-resolved after the server moved or restarted, retried when
 * that is safe, and fails with the adapter's typed exceptions; the operation's own user
 * exceptions arrive as their generated types. {@link AdapterConfig#invocation()} chooses
 * static (the generated stub) or dynamic invocation; the proxy is the same.
 *
 * <pre>{@code
 * AdapterConfig config = AdapterConfig.builder()
 *         .nameService("corbaname::127.0.0.1:2809#shop/Catalog")
 *         .idempotent("queryCatalog")            // may be retried after a lost reply
 *         .build();
 * try (CorbaClient<CatalogOperations> client = CorbaClient.create(CatalogOperations.class, config)) {
 *     QueryResult result = client.proxy().queryCatalog("items=10");
 * } catch (InvalidQuery refused) {               // the IDL's own exception
 *     ...
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> One client, and its proxy, serve concurrent calls from any number of
 * threads. {@link #close()} may run while calls are under way; later calls fail with
 * {@link AdapterClosedException}.
 *
 * @param <T> the generated operations interface
 */
public interface CorbaClient<T> extends AutoCloseable {

    /**
     * Creates an ORB as {@code config.orb()} says, owns it, and destroys it on {@link #close()}.
     * The name is resolved and the object's type checked before this returns.
     *
     * @throws CorbaAdapterException the ORB, the name service or the object could not be reached or is wrong
     */
    static <T> CorbaClient<T> create(Class<T> operationsInterface, AdapterConfig config) {
        return ClientFactory.instance().proxy(InterfaceSignature.of(operationsInterface), operationsInterface, config,
                null);
    }

    /** As {@link #create(Class, AdapterConfig)}, on an ORB someone else owns; {@code config.orb()} is ignored. */
    static <T> CorbaClient<T> create(Class<T> operationsInterface, AdapterConfig config, ORB orb) {
        return ClientFactory.instance().proxy(InterfaceSignature.of(operationsInterface), operationsInterface, config,
                requireOrb(orb));
    }

    /**
     * As {@link #create(Class, AdapterConfig, ORB)} with a signature adjusted by hand (a readonly
     * attribute, a oneway operation, a {@code wstring} parameter: see {@link InterfaceSignature#of}).
     * {@code orb} may be null: the client then creates and owns one.
     */
    static <T> CorbaClient<T> create(Class<T> operationsInterface, InterfaceSignature signature, AdapterConfig config,
            ORB orb) {
        return ClientFactory.instance().proxy(signature, operationsInterface, config, orb);
    }

    /** The object calls are made on; thread-safe. */
    T proxy();

    /**
     * The proxy's asynchronous form, its calls run by {@code executor} (see {@link AsyncClient};
     * {@link AsyncClient#boundedExecutor} makes one with back-pressure).
     */
    default AsyncClient<T> async(Executor executor) {
        return AsyncClient.of(this, executor);
    }

    /**
     * Asks the object whether it is there ({@code _non_existent}), as a call of its own: bounded by
     * the call time-out, retried, re-resolved and failed over as an idempotent call, seen by the
     * observers as the operation {@code _non_existent}. What a readiness check calls.
     *
     * @throws ServerUnavailableException when the server is unreachable, or answers that it no
     *     longer has the object; any other of the adapter's typed exceptions as for a call
     */
    void ping();

    /** "'Catalog' in corbaname::127.0.0.1:2809", for messages. */
    String target();

    /** Whether {@link #close()} destroys the ORB. */
    boolean ownsOrb();

    boolean isClosed();

    /** Calls tried again by the retry policy since the client was created. */
    long retries();

    /** Times the name was resolved again because the server had gone (restarted, moved). */
    long rebinds();

    /**
     * Serves {@code servant}, an object implementing the generated {@code operationsInterface}
     * ({@code StockListenerOperations}), on this client's ORB until the handle or this client is
     * closed: its {@link ExportedObject#reference()} is what a server calls back. Only the generated
     * {@code FooOperations} interface, its types and their helpers are needed (no POA skeleton).
     *
     * @throws IllegalArgumentException the interface is not a generated operations interface
     * @throws AdapterClosedException this client is closed
     */
    <S> ExportedObject export(Class<S> operationsInterface, S servant);

    /**
     * Serves a {@link DynamicServant} as an object of {@code signature}'s interface ({@code
     * Idl.read(file).signature("StockListener")}), until the handle or this client is closed.
     *
     * @throws AdapterClosedException this client is closed
     */
    ExportedObject export(InterfaceSignature signature, DynamicServant servant);

    /** Destroys the ORB if the client owns it; a borrowed ORB is left alone. Idempotent. */
    @Override
    void close();

    private static ORB requireOrb(ORB orb) {
        if (orb == null) {
            throw new IllegalArgumentException("the ORB to borrow must not be null");
        }
        return orb;
    }
}
