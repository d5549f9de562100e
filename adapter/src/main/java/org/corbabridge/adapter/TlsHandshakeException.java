package org.corbabridge.adapter;

/**
 * A TLS connection to the server could not be established: its certificate is not signed by a
 * trusted CA or is outside its validity period, it requires a client certificate the adapter
 * does not have, the two sides share no protocol version, or the name is bound to a reference
 * with no TLS endpoint while the client calls over TLS only. A configuration problem, not an
 * outage: the adapter neither retries nor resolves the name again, and the server ran nothing.
 *
 * <pre>{@code
 * } catch (TlsHandshakeException e) {
 *     log.error("check the trust store and the server's certificate: {}", e.getMessage());
 * }
 * }</pre>
 */
public class TlsHandshakeException extends CorbaAdapterException {
    private static final long serialVersionUID = 1L;

    public TlsHandshakeException(String message, Completion completion, Throwable cause) {
        super(message, completion, cause);
    }
}
