package org.corbabridge.adapter;

/**
 * The object bound under the name is not of the interface the adapter calls.
 *
 * <pre>{@code
 * CorbaClient.create(CatalogOperations.class, warehouseConfig)   // a Warehouse is bound there: WrongObjectTypeException
 * }</pre>
 */
public class WrongObjectTypeException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public WrongObjectTypeException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public WrongObjectTypeException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
