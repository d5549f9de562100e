package org.corbabridge.adapter.internal.serving;

import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicBoolean;

import org.corbabridge.adapter.ExportedObject;
import org.corbabridge.adapter.internal.codec.GeneratedCode;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.UserException;
import org.omg.PortableServer.POA;

/** An {@link ExportedObject}: an object of its client's POA until closed, deactivated then. */
final class Exported implements ExportedObject {

    private final ServingSide side;
    private final org.omg.CORBA.ORB orb;
    private final POA poa;
    private final byte[] id;
    private final org.omg.CORBA.Object reference;
    private final DispatchingServant servant;
    private final String repositoryId;
    private final AtomicBoolean closed = new AtomicBoolean();

    Exported(ServingSide side, org.omg.CORBA.ORB orb, POA poa, byte[] id, org.omg.CORBA.Object reference, DispatchingServant servant,
            String repositoryId) {
        this.side = side;
        this.orb = orb;
        this.poa = poa;
        this.id = id;
        this.reference = reference;
        this.servant = servant;
        this.repositoryId = repositoryId;
    }

    @Override
    public org.omg.CORBA.Object reference() {
        return reference;
    }

    @Override
    public <R extends org.omg.CORBA.Object> R reference(Class<R> generatedInterface) {
        if (generatedInterface.isInstance(reference)) {
            return generatedInterface.cast(reference);
        }
        Method narrow = GeneratedCode.helperMethod(generatedInterface, "unchecked_narrow", org.omg.CORBA.Object.class);
        return generatedInterface.cast(GeneratedCode.invoke(narrow, null, reference));
    }

    @Override
    public String ior() {
        return orb.object_to_string(reference);
    }

    @Override
    public String repositoryId() {
        return repositoryId;
    }

    @Override
    public long calls() {
        return servant.calls();
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    /** Closed by its serving side, whose POA's destroy ends the object. */
    void markClosed() {
        closed.set(true);
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        side.ended(this);
        try {
            poa.deactivate_object(id);
        } catch (UserException | SystemException gone) {
            // the POA or the ORB went first: the object is not served either way
        }
    }

    @Override
    public String toString() {
        return "ExportedObject[" + repositoryId + (isClosed() ? ", closed" : "") + "]";
    }
}
