/**
 * JacORB's plug-ins: its plain and TLS socket factories, which JacORB instantiates by the class
 * names the adapter's ORB properties give ({@code jacorb.net.socket_factory},
 * {@code jacorb.ssl.socket_factory}); the reply wait that bounds the adapter's references into
 * a JacORB ORB it borrowed ({@link org.corbabridge.adapter.internal.jacorb.JacorbReplyWait}); and
 * what the dynamic path reads of JacORB's reply streams
 * ({@link org.corbabridge.adapter.internal.jacorb.JacorbStreams}); what JacORB does differently, for
 * the rest of the adapter ({@link org.corbabridge.adapter.internal.jacorb.JacorbPlatform}, an
 * {@code OrbPlatform} loaded by name). Public only for that; not an API. Loaded only on JacORB.
 */
package org.corbabridge.adapter.internal.jacorb;
