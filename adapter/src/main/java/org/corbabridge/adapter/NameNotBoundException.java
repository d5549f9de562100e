package org.corbabridge.adapter;

/**
 * The name service answered, but nothing is bound under the name (or a context on its path is
 * missing).
 *
 * <pre>{@code
 * AdapterConfig.builder().nameService("corbaname::127.0.0.1:2809#NoSuchName")   // NameNotBoundException at create
 * }</pre>
 */
public class NameNotBoundException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public NameNotBoundException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public NameNotBoundException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
