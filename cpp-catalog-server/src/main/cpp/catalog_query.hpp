// The query grammar of the catalog server (documented in cpp-catalog-server/README.md)
// and the choice of items a query selects. Pure functions of their inputs: no CORBA, so
// they can be unit-tested and fuzzed on their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog_data.hpp"

namespace catalog {

constexpr std::size_t kMaxQueryLength = 1024;
constexpr std::size_t kMaxKeywordLength = 32;
constexpr std::uint32_t kDefaultSearchLimit = 100;
constexpr std::uint32_t kMaxDelayMillis = 60000;

enum class QueryForm { kItems, kBytes, kNameSearch };

struct Query {
  QueryForm form = QueryForm::kItems;
  std::uint32_t count = 0;  // N of items=N or bytes=N
  std::string keyword;      // WORD of name~WORD, lower case
  std::uint32_t limit = kDefaultSearchLimit;
  std::uint32_t delay_millis = 0;
};

struct ParsedQuery {
  bool ok = false;
  Query query;
  std::string error;  // why not, when !ok
};

ParsedQuery parse_query(std::string_view text);

struct Selection {
  bool ok = false;
  std::string error;                  // why not, when !ok
  std::uint32_t prefix_count = 0;     // items [0, prefix_count), when ids is empty
  std::vector<std::uint32_t> ids;     // the chosen items, for a search
  bool is_prefix = true;
  std::size_t reply_bytes = kEmptyResultBytes;  // marshalled size of the result
};

// Which items answer `query`, refusing any result whose marshalled size would exceed
// max_reply_bytes.
Selection select_items(const Query& query, const CatalogData& catalog, std::size_t max_reply_bytes);

}  // namespace catalog
