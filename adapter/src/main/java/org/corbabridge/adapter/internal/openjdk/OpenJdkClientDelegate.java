package org.corbabridge.adapter.internal.openjdk;

import com.sun.corba.se.impl.protocol.CorbaClientDelegateImpl;
import com.sun.corba.se.pept.protocol.ClientInvocationInfo;
import com.sun.corba.se.spi.orb.ORB;
import com.sun.corba.se.spi.protocol.ClientDelegateFactory;
import com.sun.corba.se.spi.transport.CorbaContactInfoList;
import org.omg.CORBA.portable.ApplicationException;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.OutputStream;
import org.omg.CORBA.portable.RemarshalException;

/**
 * The OpenJDK ORB's client delegate, able to follow a {@code LOCATION_FORWARD} from a stub. A
 * portable stub sends again in a loop: {@code _invoke} throws {@code RemarshalException}, its
 * {@code finally} releases the reply, and it starts over. The OpenJDK ORB counts invocations per
 * ORB and expects the release of a forwarded attempt to come after the retry's, nested, as its own
 * DII does it; in the stub's order the count reaches zero one release early, and the call that the
 * forward's target answered fails with {@code INTERNAL} minor 261 ("number of invocations is
 * already zero"), reported as completed. Here the release that follows a remarshal is deferred
 * until the retry's own release, which then releases the deferred ones after it: the ORB's DII
 * order, for stubs (the generated ones and the adapter's stream invoker alike); the DII, which
 * passes no object, is left to nest its releases as it does. Every release also counts the
 * invocation done when the ORB's clean-up before that count fails ({@link #releaseSurely}).
 * Installed by {@link OpenJdkTransportConfigurator}.
 */
final class OpenJdkClientDelegate extends CorbaClientDelegateImpl {

    /** This thread's invocation: whether the next release follows a remarshal, and how many were deferred. */
    private static final class Deferred {
        boolean afterRemarshal;
        int releases;
    }

    private static final ThreadLocal<Deferred> DEFERRED = ThreadLocal.withInitial(Deferred::new);

    /** The ORB, whose invocation count {@link #releaseSurely} keeps right. */
    private final ORB owner;

    private OpenJdkClientDelegate(ORB orb, CorbaContactInfoList contactInfoList) {
        super(orb, contactInfoList);
        this.owner = orb;
    }

    /** Makes the delegates of {@code orb}'s object references. */
    static ClientDelegateFactory factory(ORB orb) {
        return list -> new OpenJdkClientDelegate(orb, list);
    }

    @Override
    public InputStream invoke(org.omg.CORBA.Object self, OutputStream output)
            throws ApplicationException, RemarshalException {
        try {
            return super.invoke(self, output);
        } catch (RemarshalException remarshal) {
            if (self == null) {
                // the ORB's own DII (it passes no object): it nests its releases itself
                throw remarshal;
            }
            Deferred deferred = DEFERRED.get();
            deferred.afterRemarshal = true;
            deferred.releases++;
            throw remarshal;
        }
    }

    @Override
    public void releaseReply(org.omg.CORBA.Object self, InputStream input) {
        if (self == null) {
            releaseSurely(null, input);
            return;
        }
        Deferred deferred = DEFERRED.get();
        if (deferred.afterRemarshal) {
            // the stub's release before it sends again: the ORB expects it after the retry's
            deferred.afterRemarshal = false;
            return;
        }
        int releases = deferred.releases;
        deferred.releases = 0;
        releaseSurely(self, input);
        for (int i = 0; i < releases; i++) {
            releaseSurely(self, null);
        }
    }

    /**
     * The ORB's release, whose count of the thread's invocation is made even when the clean-up
     * before it fails. The ORB ends a request (a {@code CancelRequest} for a fragmented request cut
     * short, the streams closed) and only then counts the invocation done, outside any
     * {@code finally}: when a large request's connection was lost while it was written, the
     * cancel fails on the dead connection, the count stays, and the thread is taken as still in a
     * call for ever, so that {@code ORB.destroy} refuses ({@code BAD_INV_ORDER} minor 3, "would
     * deadlock") and the ORB's threads outlive it. The failure is still thrown; the adapter
     * reports the call's own.
     */
    private void releaseSurely(org.omg.CORBA.Object self, InputStream input) {
        ClientInvocationInfo before = invocationInfo();
        int entriesBefore = before == null ? -1 : before.getEntryCount();
        try {
            super.releaseReply(self, input);
        } catch (RuntimeException cleanupFailed) {
            if (before != null && invocationInfo() == before && before.getEntryCount() == entriesBefore) {
                // the failure came before the count: make it
                owner.releaseOrDecrementInvocationInfo();
            }
            throw cleanupFailed;
        }
    }

    /** This thread's current invocation, or null outside one. */
    private ClientInvocationInfo invocationInfo() {
        try {
            return owner.getInvocationInfo();
        } catch (RuntimeException none) {
            return null;
        }
    }
}
