/**
 * Tracing for the adapter, an add-on: a client span per call with the OpenTelemetry API
 * ({@link org.corbabridge.adapter.opentelemetry.Tracing}), its W3C trace context carried to the
 * server in a GIOP service context ({@link org.corbabridge.adapter.opentelemetry.TraceContext}),
 * found by the core through {@link org.corbabridge.adapter.opentelemetry.OpenTelemetryExtension}.
 * Put {@code corba-adapter-opentelemetry} on the class path; nothing else changes.
 * docs/observability.md.
 */
package org.corbabridge.adapter.opentelemetry;
