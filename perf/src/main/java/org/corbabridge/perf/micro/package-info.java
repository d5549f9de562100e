/**
 * Micro-benchmarks (JMH) of one step of a call on its own, without a network or a server: what
 * the study's side-by-side runs of whole calls cannot separate from the rest.
 */
package org.corbabridge.perf.micro;
