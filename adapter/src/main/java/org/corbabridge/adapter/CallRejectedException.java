package org.corbabridge.adapter;

/**
 * An asynchronous call was refused before anything was sent: its executor was full or shut down
 * ({@link AsyncClient}). The call may be made again once calls in flight have ended.
 *
 * <pre>{@code
 * async.call(c -> c.queryCatalog("items=10")).exceptionally(e -> {
 *     if (e instanceof CallRejectedException) { ... shed load ... }
 *     ...
 * });
 * }</pre>
 */
public class CallRejectedException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public CallRejectedException(String message, Throwable cause) {
        super(message, Completion.NO, cause);
    }
}
