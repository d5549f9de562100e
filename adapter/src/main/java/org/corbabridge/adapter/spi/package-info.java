/**
 * What add-on modules implement: {@link org.corbabridge.adapter.spi.AdapterExtension}, found
 * with {@code ServiceLoader}. Applications do not use this package; the core depends on no
 * telemetry library, and its add-ons depend on it through this package and the API.
 */
package org.corbabridge.adapter.spi;
