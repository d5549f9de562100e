/**
 * IIOP over TLS for JacORB and the Eclipse ORB, with one way of connecting for both. Not an API:
 * the classes here are named in the ORB properties that {@code OrbImplementation.tlsProperties}
 * returns, and the ORBs instantiate them.
 *
 * <ul>
 * <li>{@link org.corbabridge.adapter.tls.TlsProperties}: the properties and the TLS context they
 * describe;</li>
 * <li>{@link org.corbabridge.adapter.tls.TlsConnector}: connects, completes the handshake within
 * the connect time-out, and learns at once when a server that requires a client certificate
 * refuses to go on without one;</li>
 * <li>{@link org.corbabridge.adapter.tls.JacorbTlsSocketFactory}: JacORB's TLS socket factory;</li>
 * <li>{@link org.corbabridge.adapter.tls.EclipseTlsConfigurator},
 * {@link org.corbabridge.adapter.tls.EclipseTlsSocketInfo} and
 * {@link org.corbabridge.adapter.tls.EclipseTlsSocketFactory}: the Eclipse ORB, which has no TLS
 * of its own.</li>
 * </ul>
 */
package org.corbabridge.adapter.tls;
