package org.corbabridge.adapter.catalog;

import org.corbabridge.adapter.Completion;
import org.corbabridge.adapter.CorbaAdapterException;

/**
 * The server refused the query (IDL {@code shop::InvalidQuery}), or it was not a query at all.
 *
 * <pre>{@code
 * try {
 *     catalog.queryCatalog("items=-1");
 * } catch (InvalidQueryException refused) {
 *     System.out.println(refused.reason());
 * }
 * }</pre>
 */
public class InvalidQueryException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    private final String reason;

    public InvalidQueryException(String message, String reason, Completion completion, Throwable cause) {
        super(message, completion, cause);
        this.reason = reason;
    }

    /** The server's reason, as it gave it. */
    public String reason() {
        return reason;
    }
}
