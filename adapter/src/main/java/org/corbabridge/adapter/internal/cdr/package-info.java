/**
 * References and CDR read by hand, independently of any ORB: a reader and writer of CDR
 * encapsulations ({@code CdrReader}, {@code CdrWriter}), what an IOR offers ({@code IorInspection},
 * {@code TlsLocations}), a reference of several addresses split into one per address
 * ({@code IorSplit}), and a TypeCode's encoding read back ({@code TypeCodeReader}). Depends on
 * nothing else of the adapter. Not an API; {@code IorInspection} is public for the command line.
 */
package org.corbabridge.adapter.internal.cdr;
