/**
 * The call observers the adapter has by default: OpenTelemetry spans with the trace context
 * carried to the server ({@link org.corbabridge.adapter.telemetry.Tracing},
 * {@link org.corbabridge.adapter.telemetry.TraceContext}), and Micrometer metrics
 * ({@link org.corbabridge.adapter.telemetry.CallMetrics}). docs/observability.md.
 */
package org.corbabridge.adapter.telemetry;
