/**
 * The docs' examples, compiled and run against the real servers in every build: a first call,
 * a dynamic client from an IDL file, a bean, and the shorter snippets. Every Java block of the
 * README and docs/ stands in these sources.
 */
package org.corbabridge.examples;
