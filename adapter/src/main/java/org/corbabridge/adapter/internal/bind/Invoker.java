package org.corbabridge.adapter.internal.bind;

import org.corbabridge.adapter.InvocationMode;
import org.corbabridge.adapter.internal.orb.OrbPlatform;

/**
 * How one call reaches the wire: the strategy an {@link InvocationMode} names. Implementations
 * are stateless and thread-safe; CORBA system exceptions leave them as they are, user
 * exceptions as a {@link org.corbabridge.adapter.internal.call.RaisedUserException}.
 */
interface Invoker {

    /**
     * Checks that {@code reference} is an object of {@code repositoryId} (a remote {@code _is_a}
     * where the ORB cannot tell from the reference) and returns what calls are made on.
     *
     * @throws org.omg.CORBA.BAD_PARAM when it is not
     */
    org.omg.CORBA.Object bind(org.omg.CORBA.Object reference, String repositoryId, Class<?> operationsInterface);

    /** One call with positional values, one per parameter. */
    BoundOperation.Outcome invoke(org.omg.CORBA.Object target, BoundOperation operation, Object[] values);

    /** The invoker of {@code mode} on an ORB of {@code platform}. */
    static Invoker of(InvocationMode mode, OrbPlatform platform) {
        switch (mode) {
            case STATIC:
                return new StubInvoker();
            case DYNAMIC:
                return new StreamInvoker(platform);
            case DII:
                return new RequestInvoker(platform);
            default:
                throw new IllegalArgumentException("no invoker for " + mode);
        }
    }

    /** The plain reference, once the object says it is of the interface. */
    static org.omg.CORBA.Object checked(org.omg.CORBA.Object reference, String repositoryId) {
        if (!reference._is_a(repositoryId)) {
            throw new org.omg.CORBA.BAD_PARAM("not a " + repositoryId);
        }
        return reference;
    }
}
