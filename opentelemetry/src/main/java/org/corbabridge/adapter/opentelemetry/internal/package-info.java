/**
 * What the ORB loads by name for tracing: the initializer that registers the interceptor writing
 * the trace context into each request and reading the server's span id from the reply. Public
 * only for that; not an API.
 */
package org.corbabridge.adapter.opentelemetry.internal;
