package org.corbabridge.adapter;

/**
 * Whether the server ran the request, as far as the adapter can tell. Only {@link #NO} means it
 * certainly did not; JacORB also reports NO on a reply time-out although the server ran
 * the request, so a time-out is never proof either way. A failure after the server's reply said the
 * operation ran (its status {@code NO_EXCEPTION} or {@code USER_EXCEPTION}: a reply the ORB's
 * reader cannot read, one cut off, too large or too slow to come whole) is {@link #YES}, whatever
 * the ORB said: the adapter's connections see each reply's status go by. That holds on the ORBs the
 * adapter creates; on an ORB lent to it without the adapter's transport, the Eclipse and OpenJDK
 * ORBs' own reader failures still say NO. Decide a resend on NO from a
 * {@link ServerUnavailableException} or {@link CallRejectedException}.
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
