package org.corbabridge.adapter;

/** The adapter was used after it was closed. */
public class AdapterClosedException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public AdapterClosedException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public AdapterClosedException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
