package org.corbabridge.adapter.internal.serving;

import java.util.concurrent.atomic.AtomicLong;

import org.omg.CORBA.BAD_OPERATION;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.InvokeHandler;
import org.omg.CORBA.portable.OutputStream;
import org.omg.CORBA.portable.ResponseHandler;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.Servant;

/**
 * The servant the POA holds for one exported object, on every ORB alike: a stream-based skeleton
 * ({@link InvokeHandler}, what IDL compilers generate) that reads each request with the served
 * interface's codecs, so that no generated POA class is needed. Each call is admitted by its
 * serving side first ({@link ServingSide#admit}): beyond the bound it is refused at once. Each
 * runs with the context class loader of the thread that exported the object (an application's, in
 * a container), not whatever the ORB's dispatch thread was started with.
 */
final class DispatchingServant extends Servant implements InvokeHandler {

    /** The OMG's minor code of {@code BAD_OPERATION}: "unknown operation". */
    private static final int OMG_UNKNOWN_OPERATION = 0x4f4d0002;

    private final ServedInterface served;
    private final Object target;
    private final ServingSide side;
    private final String[] ids;
    private final AtomicLong calls = new AtomicLong();
    /** The exporting thread's context class loader, which each call runs with. */
    private final ClassLoader loader;

    DispatchingServant(ServedInterface served, Object target, ServingSide side) {
        this.served = served;
        this.target = target;
        this.side = side;
        this.loader = Thread.currentThread().getContextClassLoader();
        this.ids = new String[] {served.signature.repositoryId()};
    }

    @Override
    public String[] _all_interfaces(POA poa, byte[] objectId) {
        return ids.clone();
    }

    @Override
    public OutputStream _invoke(String method, InputStream in, ResponseHandler handler) {
        ServedOperation operation = served.operation(method);
        if (operation == null) {
            throw new BAD_OPERATION(served.signature.repositoryId() + " has no operation " + method,
                    OMG_UNKNOWN_OPERATION, CompletionStatus.COMPLETED_NO);
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try (ServingSide.Admission admitted = side.admit(served.signature, method)) {
            OutputStream reply = operation.answer(in, handler, target);
            calls.incrementAndGet();
            return reply;
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    long calls() {
        return calls.get();
    }
}
