package org.corbabridge.cli;

import java.io.UncheckedIOException;
import org.corbabridge.adapter.CallTimeoutException;
import org.corbabridge.adapter.NameNotBoundException;
import org.corbabridge.adapter.NameServiceUnavailableException;
import org.corbabridge.adapter.RemoteUserException;
import org.corbabridge.adapter.ServerUnavailableException;
import org.corbabridge.adapter.TlsHandshakeException;

/** The command's exit status, one per class of failure, so that scripts can tell them apart. */
public enum ExitCode {
    /** It worked. */
    OK(0),
    /** Another failure of the call, described on stderr. */
    FAILED(1),
    /** The command line, the IDL or the JSON arguments are wrong; nothing was sent. */
    BAD_ARGUMENTS(2),
    /** Nothing is bound under the name. */
    NAME_NOT_FOUND(3),
    /** The name service or the server cannot be reached (refused, unreachable, TLS refused). */
    UNREACHABLE(4),
    /** No reply within the time-out. */
    TIMEOUT(5),
    /** The operation raised one of its IDL exceptions; it is printed as JSON on stdout. */
    USER_EXCEPTION(6);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** The status a failure of a command ends it with. */
    static ExitCode of(Throwable failure) {
        if (failure instanceof RemoteUserException) {
            return USER_EXCEPTION;
        }
        if (failure instanceof NameNotBoundException) {
            return NAME_NOT_FOUND;
        }
        if (failure instanceof CallTimeoutException) {
            return TIMEOUT;
        }
        if (failure instanceof ServerUnavailableException || failure instanceof NameServiceUnavailableException
                || failure instanceof TlsHandshakeException) {
            return UNREACHABLE;
        }
        if (failure instanceof IllegalArgumentException || failure instanceof UncheckedIOException) {
            return BAD_ARGUMENTS;
        }
        return FAILED;
    }
}
