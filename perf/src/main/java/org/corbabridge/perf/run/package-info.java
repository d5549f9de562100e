/**
 * The study's driver: worker JVMs per ORB and caller, the native floors, and one runner per
 * part (payload, scale, start-up, tracing, settings, calls in flight, replicas, call backs).
 */
package org.corbabridge.perf.run;
