/**
 * How the ORBs the adapter creates connect: IIOP over TLS for JacORB and the Eclipse ORB with one
 * way of connecting for both, and a cap on the size of every incoming message. Not an API: the
 * classes here are named in the ORB properties that {@code OrbImplementation.tlsProperties} and
 * {@code OrbImplementation.messageLimitProperties} return, and the ORBs instantiate them.
 *
 * <ul>
 * <li>{@link org.corbabridge.adapter.transport.TlsProperties}: the TLS properties and the TLS
 * context they describe;</li>
 * <li>{@link org.corbabridge.adapter.transport.TlsConnector}: connects, completes the handshake
 * within the connect time-out, and learns at once when a server that requires a client
 * certificate refuses to go on without one;</li>
 * <li>{@link org.corbabridge.adapter.transport.MessageLimits} and {@code GiopMessageLimit}: the cap
 * on incoming messages, checked header by header before the ORB reads them;</li>
 * <li>{@link org.corbabridge.adapter.transport.JacorbSocketFactory} and
 * {@link org.corbabridge.adapter.transport.JacorbTlsSocketFactory}: JacORB's plain and TLS
 * connections;</li>
 * <li>{@link org.corbabridge.adapter.transport.EclipseTransportConfigurator},
 * {@link org.corbabridge.adapter.transport.EclipseTlsSocketInfo} and
 * {@link org.corbabridge.adapter.transport.EclipseSocketFactory}: the Eclipse ORB, which has no
 * TLS and no cap of its own.</li>
 * </ul>
 */
package org.corbabridge.adapter.transport;
