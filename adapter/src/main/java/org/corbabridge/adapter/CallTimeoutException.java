package org.corbabridge.adapter;

/**
 * No reply arrived within the call time-out. The server may still have executed the request,
 * whatever completion the ORB reports.
 *
 * <pre>{@code
 * } catch (CallTimeoutException e) {
 *     // not retried by the adapter: the server may still be running it
 * }
 * }</pre>
 */
public class CallTimeoutException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public CallTimeoutException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public CallTimeoutException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
