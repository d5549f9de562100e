package org.corbabridge.adapter.catalog;

/** One item of a catalog query result (IDL {@code shop::Item}). */
public record CatalogItem(int id, String itemName, String description, double price) {
}
