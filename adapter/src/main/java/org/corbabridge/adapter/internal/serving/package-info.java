/**
 * The serving side's room, made before it moves in: Java objects that C++ servers call back
 * (callbacks, over the client's own connection where they cannot connect back) and beans served
 * to C++ clients. It will hold the servants, their dispatch bounded per client, and the listening
 * side; what differs between ORBs (bidirectional GIOP, dispatch pools) goes to each ORB's
 * {@code OrbPlatform}. Arrows: to {@code internal.codec}, {@code internal.orb},
 * {@code internal.transport} and {@code internal.time}, never from the client's rooms to here.
 * Empty for now. Not an API.
 */
package org.corbabridge.adapter.internal.serving;
