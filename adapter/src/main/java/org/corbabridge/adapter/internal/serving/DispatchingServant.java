package org.corbabridge.adapter.internal.serving;

import java.util.concurrent.atomic.AtomicLong;

import org.corbabridge.adapter.CallObserver.ServedObservation;
import org.omg.CORBA.BAD_OPERATION;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.UNKNOWN;
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
 *
 * <p>Every call is observed ({@link org.corbabridge.adapter.CallObserver#served}) from before
 * its admission to its end: answered, an IDL exception, or the system exception the caller gets
 * (a refusal by the bound among them), each told once on the dispatching thread.
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
        ServedObservation observation = side.observers().served(ids[0], method);
        ServedOperation operation = served.operation(method);
        if (operation == null) {
            BAD_OPERATION unknown = new BAD_OPERATION(served.signature.repositoryId() + " has no operation " + method,
                    OMG_UNKNOWN_OPERATION, CompletionStatus.COMPLETED_NO);
            observation.failed(unknown);
            throw unknown;
        }
        ServedOperation.Answer answer;
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try (ServingSide.Admission admitted = side.admit(served.signature, method)) {
            answer = operation.answer(in, handler, target);
            calls.incrementAndGet();
        } catch (SystemException failure) {
            observation.failed(failure);
            throw failure;
        } catch (RuntimeException | Error thrown) {
            // what the ORB would answer for it anyway; said here so that the observation sees it
            UNKNOWN unknown = new UNKNOWN(served.signature.interfaceName() + "." + method + ": " + thrown,
                    ServedOperation.OMG_UNKNOWN_SERVANT_EXCEPTION, CompletionStatus.COMPLETED_MAYBE);
            unknown.initCause(thrown);
            observation.failed(unknown);
            if (thrown instanceof Error error) {
                throw error;
            }
            throw unknown;
        } finally {
            thread.setContextClassLoader(before);
        }
        if (answer.userException() != null) {
            observation.raisedUserException(answer.userException());
        } else {
            observation.answered();
        }
        return answer.reply();
    }

    long calls() {
        return calls.get();
    }
}
