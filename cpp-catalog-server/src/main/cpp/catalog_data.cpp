#include "catalog_data.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace catalog {
namespace {

constexpr std::array<const char*, 16> kAdjectives = {
    "amber", "brass",  "cedar", "copper", "crimson", "dusky",  "golden", "granite",
    "ivory", "jade",   "linen", "marble", "oak",     "silver", "velvet", "walnut"};

constexpr std::array<const char*, 16> kNouns = {
    "bench", "bowl",  "cabinet", "candle", "chair", "clock", "desk", "lamp",
    "mirror", "rug",  "shelf",   "sofa",   "stool", "table", "vase", "wardrobe"};

constexpr std::size_t align(std::size_t offset, std::size_t boundary) {
  return (offset + boundary - 1) / boundary * boundary;
}

}  // namespace

ItemData make_item(std::uint32_t id) {
  const std::string adjective = kAdjectives[(id / kNouns.size()) % kAdjectives.size()];
  const std::string noun = kNouns[id % kNouns.size()];
  char series[8];
  std::snprintf(series, sizeof series, "%c%02u", static_cast<char>('A' + id % 26), id % 100);

  ItemData item;
  item.id = static_cast<std::int32_t>(id);
  item.name = adjective + " " + noun;
  item.description = "No. " + std::to_string(id) + ": " + item.name + ", series " + series +
                     ". Deterministic sample entry of the catalog study.";
  // integer arithmetic, then one division: the same double in C++ and Java
  item.price = static_cast<double>((static_cast<std::uint64_t>(id) * 7919u) % 99900u + 100u) / 100.0;
  return item;
}

void ReplySizer::add(std::size_t name_length, std::size_t description_length) {
  offset_ = align(offset_, 4) + 4;                           // long id
  offset_ = align(offset_, 4) + 4 + name_length + 1;         // string itemName (length, chars, NUL)
  offset_ = align(offset_, 4) + 4 + description_length + 1;  // string description
  offset_ = align(offset_, 8) + 8;                           // double price
}

CatalogData::CatalogData() {
  items_.reserve(kItemCount);
  prefix_bytes_.reserve(kItemCount + 1);
  ReplySizer sizer;
  prefix_bytes_.push_back(sizer.bytes());
  for (std::uint32_t id = 0; id < kItemCount; ++id) {
    items_.push_back(make_item(id));
    sizer.add(items_.back());
    prefix_bytes_.push_back(sizer.bytes());
  }
}

std::uint32_t CatalogData::largest_prefix_within(std::size_t bytes) const {
  // prefix_bytes_ grows strictly; the first entry above `bytes` ends the fitting prefix
  auto above = std::upper_bound(prefix_bytes_.begin(), prefix_bytes_.end(), bytes);
  if (above == prefix_bytes_.begin()) return 0;
  return static_cast<std::uint32_t>((above - prefix_bytes_.begin()) - 1);
}

}  // namespace catalog
