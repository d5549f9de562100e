package org.corbabridge.adapter;

/**
 * A Java object served to CORBA clients: an application object implementing a generated
 * {@code FooOperations} interface, or a {@link DynamicServant}, made callable by a client's
 * {@code export} (or by passing it as an argument). Its {@link #reference()} is what a server is
 * handed to call back. Calls to it run on the ORB's threads, at most
 * {@link ServingConfig#maxConcurrentCalls()} at once per client.
 *
 * <pre>{@code
 * try (ExportedObject listener = client.export(StockListenerOperations.class, new MyListener())) {
 *     long id = client.proxy().subscribe(listener.reference(StockListener.class), 500, 1);
 *     ...
 * }   // closed: calls to it get OBJECT_NOT_EXIST
 * }</pre>
 *
 * <p>It ends with {@link #close()} or with the client that exported it, whichever comes first:
 * calls to it then get {@code OBJECT_NOT_EXIST} while the ORB still listens (a borrowed ORB, or
 * the client still open), and fail to connect once the client's own ORB is gone.
 */
public interface ExportedObject extends AutoCloseable {

    /** The reference to hand a server; of the exported interface's repository id. */
    org.omg.CORBA.Object reference();

    /**
     * The reference as the generated interface a typed proxy's parameter wants ({@code StockListener}),
     * narrowed by its generated helper without a remote call.
     *
     * @throws IllegalArgumentException {@code generatedInterface} is not an IDL-generated interface with a helper
     */
    <R extends org.omg.CORBA.Object> R reference(Class<R> generatedInterface);

    /** The reference as a stringified IOR ({@code IOR:...}), for a server that is given it by other means. */
    String ior();

    /** The exported interface's repository id, {@code IDL:depot/stock/StockListener:1.0}. */
    String repositoryId();

    /** Calls answered so far, with a result or an IDL exception. */
    long calls();

    boolean isClosed();

    /** Stops serving the object; calls under way finish. Idempotent. */
    @Override
    void close();
}
