package org.corbabridge.adapter;

/**
 * Whether the server ran the request, as the ORB reported it. Only {@link #NO} means it
 * certainly did not; JacORB also reports NO on a reply time-out although the server ran
 * the request, so a time-out is never proof either way. Nor is a {@link RemoteCallException}'s
 * {@code MARSHAL}: the Eclipse and OpenJDK ORBs report NO when their own reader fails on a reply
 * the server sent (one shorter than its values, a sequence length past the message), and a server
 * that could not read the request reports NO too; the adapter cannot yet tell the two apart.
 * Decide a resend on NO from a {@link ServerUnavailableException} or {@link CallRejectedException}.
 *
 * <pre>{@code
 * } catch (ServerUnavailableException e) {
 *     if (e.completion() == Completion.NO) {
 *         // the request never reached the server: safe to send again, even if it writes
 *     }
 * }
 * }</pre>
 */
public enum Completion {
    /** The server completed the request before the failure. */
    YES,
    /** The request did not reach the server's implementation. */
    NO,
    /** Unknown: the request may or may not have run. */
    MAYBE,
    /** The failure did not come from a remote call (no completion status applies). */
    NOT_APPLICABLE
}
