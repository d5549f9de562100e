/**
 * The OpenJDK ORB's plug-ins: its socket factory, TLS socket-info mapping and configurator, which
 * it instantiates by the class names in the adapter's ORB properties, and the client delegate
 * with which its stubs follow a {@code LOCATION_FORWARD}; the initializer of its bidirectional GIOP
 * offer ({@link org.corbabridge.adapter.internal.openjdk.OpenJdkBidirInitializer}); what the dynamic path reads of its reply
 * streams ({@link org.corbabridge.adapter.internal.openjdk.OpenJdkStreams}); what it does differently, for the rest of the adapter
 * ({@link org.corbabridge.adapter.internal.openjdk.OpenJdkPlatform}, an {@code OrbPlatform} loaded by
 * name). Public only for that; not an API.
 * Loaded only on the OpenJDK ORB.
 */
package org.corbabridge.adapter.internal.openjdk;
