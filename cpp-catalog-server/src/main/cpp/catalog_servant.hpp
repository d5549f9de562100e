// The Catalog servant: parses a query, selects items, and answers with them or with
// shop::InvalidQuery. Stateless apart from the shared read-only catalog, so concurrent
// calls on omniORB's threads need no locking.
#pragma once

#include <cstddef>

#include "catalog.hh"
#include "catalog_data.hpp"

class CatalogServant : public POA_shop::Catalog {
 public:
  // test_hooks: accept delay=, which lets any client park a server thread for up to a minute
  CatalogServant(const catalog::CatalogData& catalog, std::size_t max_reply_bytes, bool test_hooks)
      : catalog_(catalog), max_reply_bytes_(max_reply_bytes), test_hooks_(test_hooks) {}

  shop::QueryResult* queryCatalog(const char* query) override;

 private:
  const catalog::CatalogData& catalog_;
  const std::size_t max_reply_bytes_;
  const bool test_hooks_;
};
