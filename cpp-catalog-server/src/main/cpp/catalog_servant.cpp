#include "catalog_servant.hpp"

#include <chrono>
#include <thread>

#include "catalog_query.hpp"

namespace {

void copy_item(const catalog::ItemData& from, shop::Item& to) {
  to.id = from.id;
  to.itemName = from.name.c_str();
  to.description = from.description.c_str();
  to.price = from.price;
}

}  // namespace

shop::QueryResult* CatalogServant::queryCatalog(const char* query) {
  const auto started = std::chrono::steady_clock::now();

  const catalog::ParsedQuery parsed = catalog::parse_query(query ? query : "");
  if (!parsed.ok) throw shop::InvalidQuery(parsed.error.c_str());
  if (parsed.query.delay_millis > 0 && !test_hooks_) {
    throw shop::InvalidQuery("delay= is a test hook; this server was not started with --test-hooks");
  }
  if (parsed.query.delay_millis > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(parsed.query.delay_millis));
  }

  const catalog::Selection selection = catalog::select_items(parsed.query, catalog_, max_reply_bytes_);
  if (!selection.ok) throw shop::InvalidQuery(selection.error.c_str());

  shop::QueryResult_var result = new shop::QueryResult;
  if (selection.is_prefix) {
    result->items.length(selection.prefix_count);
    for (CORBA::ULong i = 0; i < selection.prefix_count; ++i) copy_item(catalog_.item(i), result->items[i]);
  } else {
    result->items.length(static_cast<CORBA::ULong>(selection.ids.size()));
    for (CORBA::ULong i = 0; i < selection.ids.size(); ++i) {
      copy_item(catalog_.item(selection.ids[i]), result->items[i]);
    }
  }
  result->timeInServer =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count();
  return result._retn();
}
