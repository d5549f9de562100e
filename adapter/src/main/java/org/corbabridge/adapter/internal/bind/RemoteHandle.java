package org.corbabridge.adapter.internal.bind;

import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.internal.call.RemoteObject;

/**
 * What every client says of the remote object it calls, and how it is closed: the part the
 * typed proxy's client and the dynamic client share.
 */
abstract class RemoteHandle {

    final RemoteObject<org.omg.CORBA.Object> remote;

    RemoteHandle(RemoteObject<org.omg.CORBA.Object> remote) {
        this.remote = remote;
    }

    public void ping() {
        remote.call("_non_existent", true, reference -> {
            if (reference._non_existent()) {
                throw new ServerUnavailableException("the server of " + remote.describeTarget()
                        + " answers that the object no longer exists", Completion.NOT_APPLICABLE, null);
            }
            return null;
        });
    }

    public String target() {
        return remote.describeTarget();
    }

    public boolean ownsOrb() {
        return remote.orb().owned();
    }

    public boolean isClosed() {
        return remote.isClosed();
    }

    public long retries() {
        return remote.retries();
    }

    public long rebinds() {
        return remote.rebinds();
    }

    /** Destroys the ORB if the client owns it; a borrowed ORB is left alone. Idempotent. */
    public void close() {
        remote.close();
    }

    /** "Kind['Catalog' in corbaname::..., static, own ORB]". */
    final String describe(String kind, String invocation) {
        return kind + "[" + target() + ", " + invocation + ", " + (ownsOrb() ? "own ORB" : "borrowed ORB")
                + (isClosed() ? ", closed" : "") + "]";
    }
}
