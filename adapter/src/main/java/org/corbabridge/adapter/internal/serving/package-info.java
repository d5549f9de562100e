/**
 * The serving side: Java objects that C++ servers call back. {@code ServingSide} is one client's
 * (a POA of its own in the client's ORB, made at the first export, destroyed with the client,
 * and the bound on the calls its objects run at once: beyond it a call is refused with
 * {@code TRANSIENT} at once, never queued); {@code DispatchingServant} the stream-based skeleton
 * every exported object is served by, on every ORB alike (no generated POA class);
 * {@code ServedInterface} and {@code ServedOperation} read each request with the codecs a client
 * uses and check every value of a reply before writing it; {@code Exported} is an
 * {@code ExportedObject}. What differs between ORBs (where they listen, bidirectional GIOP) is each
 * ORB's {@code OrbPlatform}'s. Arrows: to {@code internal.codec}, {@code internal.orb},
 * {@code internal.transport} and {@code internal.time}; {@code internal.bind} serves through it.
 * Not an API.
 */
package org.corbabridge.adapter.internal.serving;
