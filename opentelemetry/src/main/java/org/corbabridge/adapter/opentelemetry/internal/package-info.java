/**
 * What the ORB loads by name for tracing: the initializer that registers the interceptor writing
 * the trace context into each request and reading the server's span id from the reply, and the
 * one reading the trace context of each call the ORB serves (a call back) for its served span
 * ({@code IncomingTraceContext}); and the
 * reader of OpenTelemetry's global instance on every API version the add-on runs with, which
 * {@code corba-ee} shares. Public only for those; not an API.
 */
package org.corbabridge.adapter.opentelemetry.internal;
