/**
 * The implementation behind the API: binding and calling a remote object under one deadline
 * ({@code RemoteObject}, {@code Rebinding}, {@code RetryLoop}, {@code DeadlineExecutor}), the
 * three invokers (stub, stream, DII), the codecs that marshal values by TypeCode, the checks made
 * before anything is sent (nesting, anys an ORB would send wrong), the objects calls hand out,
 * creating and destroying ORBs, and the add-ons found by {@code ServiceLoader}
 * ({@code Extensions}). Registered as the API's {@code ClientFactory}. Not an API: users never
 * import it; its few public classes are public for the command-line client only.
 */
package org.corbabridge.adapter.internal;
