package org.corbabridge.adapter;

/**
 * The adapter was used after it was closed.
 *
 * <pre>{@code
 * client.close();
 * client.proxy().queryCatalog("items=1");   // AdapterClosedException
 * }</pre>
 */
public class AdapterClosedException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public AdapterClosedException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public AdapterClosedException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
