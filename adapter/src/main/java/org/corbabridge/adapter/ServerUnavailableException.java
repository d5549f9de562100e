package org.corbabridge.adapter;

/**
 * The server could not be reached or no longer knows the object: it is down, restarting, or was
 * restarted elsewhere. Resolving the name again may find it.
 *
 * <pre>{@code
 * } catch (ServerUnavailableException e) {
 *     // the adapter already resolved the name again and retried as far as was safe
 * }
 * }</pre>
 */
public class ServerUnavailableException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public ServerUnavailableException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public ServerUnavailableException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
