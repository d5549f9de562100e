package org.corbabridge.ejb;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;

/**
 * Makes a typed failure survive OpenEJB's {@code @Asynchronous} path. OpenEJB 10.1.2 hands the
 * caller's {@code Future.get()} the <em>root</em> cause of what the method threw
 * ({@code AsynchronousPool.FutureAdapter.handleException} follows {@code getCause()} to its end), so
 * a {@code CallTimeoutException} caused by an ORB's {@code TIMEOUT} would arrive as an
 * {@code EJBException} around that {@code TIMEOUT}. The copy made here has the same type, message,
 * completion and stack, and no cause; the original, with its ORB exception, rides along as a
 * suppressed exception, which the container does not follow.
 */
final class AsyncFailures {

    private AsyncFailures() {
    }

    static CorbaAdapterException withoutCause(CorbaAdapterException failure) {
        if (failure.getCause() == null) {
            return failure;
        }
        try {
            Constructor<? extends CorbaAdapterException> copy = failure.getClass()
                    .getConstructor(String.class, Completion.class, Throwable.class);
            CorbaAdapterException rooted = copy.newInstance(failure.getMessage(), failure.completion(), null);
            rooted.setStackTrace(failure.getStackTrace());
            rooted.addSuppressed(failure);
            return rooted;
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException | InvocationTargetException e) {
            return failure; // a type without the usual constructor: as it is
        }
    }
}
