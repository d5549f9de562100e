package org.corbabridge.adapter;

/**
 * The server sent a message larger than the cap on incoming messages
 * ({@link OrbConfig#maxIncomingMessageBytes()}), or fragments adding up to more; the adapter
 * closed the connection before allocating anything for it. The server may have run the call
 * (completion MAYBE). Not retried: the same call would meet the same cap. Other calls waiting on
 * that connection fail too, as they would if the server had closed it.
 *
 * <pre>{@code
 * } catch (MessageTooLargeException e) {
 *     // ask for less, or raise OrbConfig.Builder.maxIncomingMessageBytes if the reply is legitimate
 * }
 * }</pre>
 */
public class MessageTooLargeException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public MessageTooLargeException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }
}
