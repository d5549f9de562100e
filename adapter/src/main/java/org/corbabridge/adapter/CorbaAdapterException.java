package org.corbabridge.adapter;

/**
 * The base of every error the adapter reports. Each subclass names one cause; the message
 * says what was tried (operation, name, URL) and what the ORB reported.
 *
 * <pre>{@code
 * try {
 *     catalog.queryCatalog("items=10");
 * } catch (ServerUnavailableException | CallTimeoutException e) {
 *     // the server is down, moved, or slow: try later; e.completion() says whether it ran
 * } catch (CorbaAdapterException e) {
 *     log.warn("{} ({})", e.getMessage(), e.getClass().getSimpleName());
 * }
 * }</pre>
 */
public abstract class CorbaAdapterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Completion completion;

    protected CorbaAdapterException(String message, Completion completion, Throwable cause) {
        super(message, cause);
        this.completion = completion;
    }

    /** Whether the request ran on the server, as far as anyone knows. */
    public Completion completion() {
        return completion;
    }
}
