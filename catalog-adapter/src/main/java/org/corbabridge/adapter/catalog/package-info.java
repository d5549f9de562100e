/**
 * The study's Catalog as one binding of the core: {@link org.corbabridge.adapter.catalog.CatalogAdapter}
 * queries the C++ catalog_server and returns its items as records.
 */
package org.corbabridge.adapter.catalog;
