package org.corbabridge.adapter;

/**
 * The name service could not be reached or is not a naming context: the URL is wrong, or the name
 * service is down or not answering.
 *
 * <pre>{@code
 * AdapterConfig.builder().nameService("corbaname::127.0.0.1:1")   // nobody listens: NameServiceUnavailableException
 * }</pre>
 */
public class NameServiceUnavailableException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public NameServiceUnavailableException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public NameServiceUnavailableException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
