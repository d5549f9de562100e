/**
 * The Eclipse ORB's plug-ins: its socket factory, TLS socket-info mapping and configurator, which
 * it instantiates by the class names in the adapter's ORB properties, the no-op gmbal service it
 * needs, the initializer of its bidirectional GIOP offer
 * ({@link org.corbabridge.adapter.internal.eclipse.EclipseBidirInitializer}), and what its destroy() leaves behind ({@link org.corbabridge.adapter.internal.eclipse.EclipseOrbTransport}).
 * What the dynamic path reads of its reply streams ({@link org.corbabridge.adapter.internal.eclipse.EclipseStreams}).
 * What the Eclipse ORB does differently, for the rest of the adapter: {@link org.corbabridge.adapter.internal.eclipse.EclipsePlatform}
 * (an {@code OrbPlatform}, loaded by name). Public only for that; not an API. Loaded only on the Eclipse ORB.
 */
package org.corbabridge.adapter.internal.eclipse;
