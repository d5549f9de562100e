/**
 * The study's worker JVMs: each measures calls of one caller on one ORB as the driver asks.
 */
package org.corbabridge.perf.worker;
