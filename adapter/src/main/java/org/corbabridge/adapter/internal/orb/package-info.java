/**
 * The ORB: creating and destroying the ORBs the adapter owns ({@code OrbLifecycle}), lending one
 * to a client with its bounds ({@code OrbLease}), the add-ons that hear of each ORB and call
 * ({@code Extensions}), and the one object per ORB make that holds everything JacORB, the Eclipse
 * ORB and the OpenJDK ORB do differently ({@code OrbPlatform}, chosen once per lease; each make's
 * subclass lives in its ORB's package and is loaded by name). Nothing outside the ORB packages asks
 * which ORB it is. Not an API.
 */
package org.corbabridge.adapter.internal.orb;
