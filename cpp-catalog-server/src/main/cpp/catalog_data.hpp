// The deterministic catalog every caller can check field by field, and the exact size
// a query result takes once marshalled in CDR. The Java twin is
// org.corbabridge.fixture.ReferenceCatalog: change both or neither.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace catalog {

struct ItemData {
  std::int32_t id;
  std::string name;
  std::string description;
  double price;
};

// Item `id` of the catalog, built from the id alone.
ItemData make_item(std::uint32_t id);

// CDR size of a QueryResult with no items: timeInServer (8) + sequence length (4).
constexpr std::size_t kEmptyResultBytes = 12;

// Accumulates the marshalled size of a QueryResult item by item. CDR aligns every
// primitive on its own size, counted from the start of the (8-aligned) reply body, so
// an item's size depends on where it starts: sizes must be added in order.
class ReplySizer {
 public:
  void add(const ItemData& item) { add(item.name.size(), item.description.size()); }
  void add(std::size_t name_length, std::size_t description_length);
  std::size_t bytes() const { return offset_; }

 private:
  std::size_t offset_ = kEmptyResultBytes;
};

// All items of the catalog, built once, with the marshalled size of every prefix so
// that size queries are answered without building strings.
class CatalogData {
 public:
  static constexpr std::uint32_t kItemCount = 100000;

  CatalogData();

  const ItemData& item(std::uint32_t id) const { return items_[id]; }
  std::uint32_t item_count() const { return static_cast<std::uint32_t>(items_.size()); }

  // Marshalled size of a result holding items [0, count).
  std::size_t prefix_bytes(std::uint32_t count) const { return prefix_bytes_[count]; }

  // The largest count whose prefix_bytes(count) <= bytes (0 when bytes < kEmptyResultBytes).
  std::uint32_t largest_prefix_within(std::size_t bytes) const;

 private:
  std::vector<ItemData> items_;
  std::vector<std::size_t> prefix_bytes_;  // kItemCount + 1 entries
};

}  // namespace catalog
