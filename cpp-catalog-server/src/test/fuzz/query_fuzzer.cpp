// libFuzzer target for the query grammar and the item selection: arbitrary bytes in, and
// besides crashes and sanitizer findings it checks what must always hold:
//  - a refused query has a reason, printable ASCII (it travels back to callers in messages);
//  - a selection never exceeds the reply cap and reports its true marshalled size;
//  - a search returns matching items in id order, at most `limit` of them.
//
//   cmake -S cpp-catalog-server -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCATALOG_FUZZER=ON
//   cmake --build build-fuzz && build-fuzz/query_fuzzer -max_total_time=600 corpus cpp-catalog-server/src/test/fuzz/seeds
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "catalog_data.hpp"
#include "catalog_query.hpp"

namespace {

constexpr std::size_t kCap = 2 * 1024 * 1024 - 4096;

void require(bool condition) {
  if (!condition) std::abort();
}

void require_printable_reason(const std::string& reason) {
  require(!reason.empty());
  for (char c : reason) require(c >= 0x20 && c < 0x7f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const catalog::CatalogData catalog;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const catalog::ParsedQuery parsed = catalog::parse_query(text);
  if (!parsed.ok) {
    require_printable_reason(parsed.error);
    return 0;
  }
  require(parsed.query.delay_millis <= catalog::kMaxDelayMillis);

  const catalog::Selection selection = catalog::select_items(parsed.query, catalog, kCap);
  if (!selection.ok) {
    require_printable_reason(selection.error);
    return 0;
  }
  require(selection.reply_bytes <= kCap);
  if (selection.is_prefix) {
    require(selection.prefix_count <= catalog.item_count());
    require(selection.reply_bytes == catalog.prefix_bytes(selection.prefix_count));
  } else {
    require(selection.ids.size() <= parsed.query.limit);
    catalog::ReplySizer sizer;
    for (std::size_t i = 0; i < selection.ids.size(); ++i) {
      require(i == 0 || selection.ids[i - 1] < selection.ids[i]);
      const catalog::ItemData& item = catalog.item(selection.ids[i]);
      require(item.name.find(parsed.query.keyword) != std::string::npos);
      sizer.add(item);
    }
    require(sizer.bytes() == selection.reply_bytes);
  }
  return 0;
}
