package org.corbabridge.adapter.catalog;

/**
 * One item of a catalog query result (IDL {@code shop::Item}).
 *
 * <pre>{@code
 * for (CatalogItem item : catalog.queryCatalog("name~lamp limit=10").items()) {
 *     System.out.println(item.id() + " " + item.itemName() + " " + item.price());
 * }
 * }</pre>
 */
public record CatalogItem(int id, String itemName, String description, double price) {
}
