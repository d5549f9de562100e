package org.corbabridge.adapter;

/**
 * Any other failure of a remote call reported by the ORB (for example MARSHAL or an UNKNOWN
 * exception raised in the server).
 *
 * <pre>{@code
 * } catch (RemoteCallException e) {
 *     // e.getCause() is the ORB's SystemException, e.g. MARSHAL
 * }
 * }</pre>
 */
public class RemoteCallException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public RemoteCallException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public RemoteCallException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
