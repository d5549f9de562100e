package org.corbabridge.adapter.internal.bind;

import org.corbabridge.adapter.internal.call.ReadPastTheReply;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.portable.ApplicationException;
import org.omg.CORBA.portable.InputStream;
import org.omg.CORBA.portable.ObjectImpl;
import org.omg.CORBA.portable.OutputStream;
import org.omg.CORBA.portable.RemarshalException;

/**
 * The fast dynamic path: what a generated stub does, with the operation's codecs in place of
 * the generated helpers. The request is marshalled on the ORB's own request stream and the
 * reply read from its reply stream; no {@code Any}, no {@code Request}, no stub.
 */
final class StreamInvoker extends MarshallingInvoker {

    StreamInvoker(OrbPlatform platform) {
        super(platform);
    }

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference, String repositoryId,
            Class<?> operationsInterface) {
        org.omg.CORBA.Object checked = Invoker.checked(reference, repositoryId);
        if (!(checked instanceof ObjectImpl)) {
            throw new IllegalStateException("the ORB's references are not org.omg.CORBA.portable.ObjectImpl ("
                    + checked.getClass().getName() + "); use InvocationMode.DII with this ORB");
        }
        return checked;
    }

    @Override
    public BoundOperation.Outcome invoke(org.omg.CORBA.Object target, BoundOperation operation, Object[] values) {
        ObjectImpl object = (ObjectImpl) target;
        boolean oneway = operation.signature.oneway();
        while (true) {
            InputStream in = null;
            try {
                OutputStream out = object._request(operation.name, !oneway);
                operation.writeArguments(out, values);
                in = object._invoke(out);
                if (oneway) {
                    return new BoundOperation.Outcome(null, new Object[values.length]);
                }
                BoundOperation.Outcome outcome = operation.readReply(in);
                ReadPastTheReply.requireReadWithin(platform, in, null);
                return outcome;
            } catch (RemarshalException forwarded) {
                // the ORB followed a LOCATION_FORWARD: marshal again for the new target
            } catch (ApplicationException raised) {
                throw operation.userException(raised.getId(), raised.getInputStream());
            } finally {
                object._releaseReply(in);
            }
        }
    }
}
