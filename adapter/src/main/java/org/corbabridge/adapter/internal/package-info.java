/**
 * The implementation behind the API: binding and calling a remote object (bounded, retried,
 * re-resolved), the three invokers (stub, stream, DII), the codecs that marshal values by
 * TypeCode, the checks made before anything is sent (nesting, anys an ORB would send wrong), and
 * the objects calls hand out. Not an API: users never import it; its few public classes are
 * public for the API package and the command-line client only.
 */
package org.corbabridge.adapter.internal;
