/**
 * Metrics for the adapter, an add-on: calls, retries, rebinds, time-outs and ORBs in Micrometer
 * ({@link org.corbabridge.adapter.micrometer.CallMetrics}), found by the core through
 * {@link org.corbabridge.adapter.micrometer.MicrometerExtension}. Put
 * {@code corba-adapter-micrometer} on the class path; nothing else changes. docs/observability.md.
 */
package org.corbabridge.adapter.micrometer;
