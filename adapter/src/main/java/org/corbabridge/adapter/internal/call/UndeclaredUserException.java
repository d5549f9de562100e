package org.corbabridge.adapter.internal.call;

import org.omg.CORBA.CompletionStatus;
import org.omg.CORBA.SystemException;

/**
 * A reply raising a user exception the operation's IDL does not declare (a server built from
 * another version of the IDL): what the dynamic paths throw, naming the exception, where the ORB
 * would say {@code UNKNOWN} and nothing more (a system exception of its own, since {@code UNKNOWN}
 * is final, so that it takes the way of every ORB failure out of a call). The server ran the
 * operation to its end. {@link RemoteFailures} makes it a {@code RemoteCallException}, completion YES.
 */
public final class UndeclaredUserException extends SystemException {

    private static final long serialVersionUID = 1L;

    public UndeclaredUserException(String operation, String repositoryId) {
        super(undeclared(operation, repositoryId), 0, CompletionStatus.COMPLETED_YES);
    }

    /** The message: {@code repositoryId} null where the ORB does not say which exception it was. */
    static String undeclared(String operation, String repositoryId) {
        return "the server raised " + (repositoryId != null ? repositoryId : "a user exception") + " from "
                + operation + ", which the operation's IDL does not declare"
                + (repositoryId != null ? "" : " (the ORB does not say which)")
                + ": is the server built from another version of the IDL?";
    }
}
