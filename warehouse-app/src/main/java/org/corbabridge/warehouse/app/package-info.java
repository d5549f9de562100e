/**
 * The application both containers deploy: {@link org.corbabridge.warehouse.app.WarehouseDesk}
 * holds the Warehouse's proxies, injected by CDI and configured by MicroProfile Config;
 * {@link org.corbabridge.warehouse.app.WarehouseEndpoint} serves it over HTTP where the server
 * has JAX-RS.
 */
package org.corbabridge.warehouse.app;
