/**
 * The call engine: one call under one deadline ({@code RemoteObject}: attempts on the caller's or
 * a helper thread, {@code DeadlineExecutor}), tried again as the rules allow ({@code RetryLoop}),
 * on the replica {@code Replicas} pick, each bound and located again after the server was found
 * gone ({@code Rebinding}, {@code NamingLookup}), wired once where calls go ({@code Targets},
 * {@code ReplicaTargets}); every failure typed in one place ({@code RemoteFailures}) and every call
 * observed ({@code Observers}). Knows nothing of any interface: what is invoked is given to it. Not
 * an API.
 */
package org.corbabridge.adapter.internal.call;
