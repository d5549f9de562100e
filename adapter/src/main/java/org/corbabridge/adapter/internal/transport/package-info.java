/**
 * How the ORBs the adapter creates connect, shared by the three ORBs' plug-ins
 * ({@code internal.jacorb}, {@code internal.eclipse}, {@code internal.openjdk}): IIOP over TLS with
 * one way of connecting ({@link org.corbabridge.adapter.internal.transport.TlsConnector},
 * {@link org.corbabridge.adapter.internal.transport.TlsProperties}), a cap on every incoming
 * message checked header by header before the ORB reads it
 * ({@link org.corbabridge.adapter.internal.transport.MessageLimits}, {@code GiopMessageLimit}),
 * each outgoing request checked against the call's deadline
 * ({@link org.corbabridge.adapter.internal.transport.RequestScanner}), and a reply bound per
 * connection for an ORB that has none ({@code ReplyDeadline}), and bidirectional GIOP for the two
 * ORBs that have none ({@link org.corbabridge.adapter.internal.transport.BidirectionalGiop}: the
 * listen point offered on every request, by the interceptor {@link org.corbabridge.adapter.internal.transport.BidirOfferInitializer}
 * adds, and a relay that takes the server's requests out of a
 * client connection's input, serves them through the ORB's own endpoint over loopback, and writes
 * the answers back between the ORB's own messages). Depends only on
 * {@code internal.time}. Not an API: its public classes are public for the plug-ins and for the
 * property names the API's {@code OrbImplementation} hands to ORB owners.
 */
package org.corbabridge.adapter.internal.transport;
