/**
 * Binding an interface and invoking its operations: {@code RemoteInterface} (a dynamic client, and
 * what a typed proxy calls through), its {@code Operations} bound once with their codecs
 * ({@code BoundOperation}), the three invokers an {@code InvocationMode} names (stub, stream,
 * DII), the typed proxy's calls ({@code ProxyClient}, {@code TypedCalls}), references a call hands
 * out adopted as clients ({@code References}), signatures from generated classes
 * ({@code Signatures}) and the IDL exceptions the server raised ({@code UserExceptions}). Each call
 * runs through the call engine ({@code internal.call}); objects a client exports, or an
 * application's objects passed as arguments, are served by its {@code internal.serving} side.
 * Not an API.
 */
package org.corbabridge.adapter.internal.bind;
