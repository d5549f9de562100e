package org.corbabridge.adapter;

/**
 * The ORB could not be created: its class is missing from the classpath or its properties are
 * refused.
 *
 * <pre>{@code
 * AdapterConfig.builder().orb(OrbImplementation.ECLIPSE_ORB)   // without its jar: OrbInitializationException
 * }</pre>
 */
public class OrbInitializationException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public OrbInitializationException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }

    public OrbInitializationException(String message) {
        this(message, Completion.NOT_APPLICABLE, null);
    }
}
