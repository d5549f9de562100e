/**
 * The one deadline of a call: {@link org.corbabridge.adapter.internal.time.Deadline}, made per
 * call from a {@link org.corbabridge.adapter.internal.time.Ticker} (fake in tests), and
 * {@link org.corbabridge.adapter.internal.time.CurrentAttempt}, the thread's attempt, through
 * which the connections read it inside the ORB. Depends on nothing else of the adapter. Not an API.
 */
package org.corbabridge.adapter.internal.time;
