package org.corbabridge.adapter.internal.bind;

import org.corbabridge.adapter.ParameterMode;
import org.corbabridge.adapter.internal.call.ReadPastTheReply;
import org.corbabridge.adapter.internal.call.UndeclaredUserException;
import org.corbabridge.adapter.internal.orb.OrbPlatform;
import org.omg.CORBA.ARG_IN;
import org.omg.CORBA.ARG_INOUT;
import org.omg.CORBA.ARG_OUT;
import org.omg.CORBA.Any;
import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.NVList;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Request;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.UNKNOWN;
import org.omg.CORBA.UnknownUserException;
import org.omg.CORBA.portable.OutputStream;

/**
 * The ORB's Dynamic Invocation Interface, as the classic study measured it: a {@code Request}
 * per call, every argument and the result in an {@code Any}, user exceptions matched by the
 * TypeCodes in its exception list. The operation's codecs fill and read the Anys.
 */
final class RequestInvoker extends MarshallingInvoker {

    RequestInvoker(OrbPlatform platform) {
        super(platform);
    }

    @Override
    public org.omg.CORBA.Object bind(org.omg.CORBA.Object reference, String repositoryId,
            Class<?> operationsInterface) {
        return Invoker.checked(reference, repositoryId);
    }

    @Override
    public BoundOperation.Outcome invoke(org.omg.CORBA.Object target, BoundOperation operation, Object[] values) {
        ORB orb = ((org.omg.CORBA.portable.ObjectImpl) target)._orb();
        Request request = target._request(operation.name);
        NVList arguments = request.arguments();
        for (int i = 0; i < operation.parameters.length; i++) {
            Any value = orb.create_any();
            ParameterMode mode = operation.modes[i];
            if (mode == ParameterMode.OUT) {
                value.type(operation.types[i]);
            } else {
                // the ORB's own stream, not the Any's: the Eclipse ORB's Any stream and the stream
                // it reads back do not agree on alignment, and an 8-byte value behind an any arrived
                // shifted (a long long sent as 987654321012 was read as 64424509620)
                OutputStream out = (OutputStream) orb.create_output_stream();
                operation.parameters[i].write(out, values[i]);
                value.read_value(out.create_input_stream(), operation.types[i]);
            }
            arguments.add_value(operation.signature.parameters().get(i).name(), value, flag(mode));
        }
        if (operation.signature.oneway()) {
            request.send_oneway();
            return new BoundOperation.Outcome(null, new Object[values.length]);
        }
        request.set_return_type(operation.signature.result());
        operation.signature.exceptions().forEach(request.exceptions()::add);
        request.invoke();

        Exception failure = request.env().exception();
        if (failure instanceof SystemException system) {
            throw system;
        }
        if (failure instanceof UnknownUserException raised) {
            String id = BoundOperation.id(raised.except.type());
            throw operation.userException(id, raised.except.create_input_stream());
        }
        if (failure != null) {
            throw new UNKNOWN("unexpected exception from " + operation.name + ": " + failure, 0,
                    CompletionStatus.COMPLETED_MAYBE);
        }
        if (!platform.readANormalReply(request)) {
            // JacORB: a user exception the list does not hold, told as nothing at all
            throw new UndeclaredUserException(operation.name, null);
        }
        ReadPastTheReply.requireReadWithin(platform, null, request);
        Object result = operation.result != null ? operation.result.read(request.return_value().create_input_stream())
                : null;
        Object[] outputs = new Object[values.length];
        for (int i = 0; i < operation.parameters.length; i++) {
            if (operation.modes[i] != ParameterMode.IN) {
                outputs[i] = operation.parameters[i].read(item(arguments, i).value().create_input_stream());
            }
        }
        return new BoundOperation.Outcome(result, outputs);
    }

    private static org.omg.CORBA.NamedValue item(NVList arguments, int index) {
        try {
            return arguments.item(index);
        } catch (org.omg.CORBA.Bounds e) {
            throw new IllegalStateException("the request lost argument " + index, e);
        }
    }

    private static int flag(ParameterMode mode) {
        switch (mode) {
            case OUT:
                return ARG_OUT.value;
            case INOUT:
                return ARG_INOUT.value;
            default:
                return ARG_IN.value;
        }
    }
}
