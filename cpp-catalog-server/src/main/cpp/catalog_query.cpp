#include "catalog_query.hpp"

#include <cctype>
#include <cstdio>

namespace catalog {
namespace {

const char kGrammar[] =
    "expected one of items=N, bytes=N, name~WORD [limit=N], each optionally with delay=MS";

bool is_separator(char c) { return c == ' ' || c == '\t'; }

// A term echoed back in an error: printable, and short enough for a log line.
std::string quote(std::string_view term) {
  constexpr std::size_t kShown = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < term.size() && i < kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(term[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    }
  }
  if (term.size() > kShown) out += "...";
  return out + "'";
}

// 1 to 9 decimal digits, so that the value always fits and never overflows.
bool parse_number(std::string_view digits, std::uint32_t& value) {
  if (digits.empty() || digits.size() > 9) return false;
  std::uint32_t result = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    result = result * 10 + static_cast<std::uint32_t>(c - '0');
  }
  value = result;
  return true;
}

ParsedQuery failure(std::string error) {
  ParsedQuery parsed;
  parsed.error = std::move(error);
  return parsed;
}

Selection refusal(std::string error) {
  Selection selection;
  selection.error = std::move(error);
  return selection;
}

}  // namespace

ParsedQuery parse_query(std::string_view text) {
  if (text.size() > kMaxQueryLength) {
    return failure("query is " + std::to_string(text.size()) + " bytes long; the limit is " +
                   std::to_string(kMaxQueryLength));
  }

  bool has_items = false, has_bytes = false, has_name = false, has_limit = false, has_delay = false;
  ParsedQuery parsed;
  Query& query = parsed.query;

  std::size_t pos = 0;
  std::size_t terms = 0;
  while (pos < text.size()) {
    while (pos < text.size() && is_separator(text[pos])) ++pos;
    if (pos == text.size()) break;
    std::size_t end = pos;
    while (end < text.size() && !is_separator(text[end])) ++end;
    const std::string_view term = text.substr(pos, end - pos);
    pos = end;
    ++terms;

    const std::size_t op = term.find_first_of("=~");
    if (op == std::string_view::npos) {
      return failure("unknown term " + quote(term) + "; " + kGrammar);
    }
    const std::string_view key = term.substr(0, op);
    const char op_char = term[op];
    const std::string_view value = term.substr(op + 1);

    auto number_for = [&](bool& seen, std::uint32_t& target) -> std::string {
      if (seen) return "'" + std::string(key) + "' is given twice";
      seen = true;
      if (!parse_number(value, target)) {
        return "'" + std::string(key) + "' needs a whole number of at most 9 digits, not " + quote(value);
      }
      return {};
    };

    std::string error;
    if (op_char == '=' && key == "items") {
      error = number_for(has_items, query.count);
      query.form = QueryForm::kItems;
    } else if (op_char == '=' && key == "bytes") {
      error = number_for(has_bytes, query.count);
      query.form = QueryForm::kBytes;
    } else if (op_char == '=' && key == "limit") {
      error = number_for(has_limit, query.limit);
    } else if (op_char == '=' && key == "delay") {
      error = number_for(has_delay, query.delay_millis);
    } else if (op_char == '~' && key == "name") {
      if (has_name) {
        error = "'name' is given twice";
      } else if (value.empty() || value.size() > kMaxKeywordLength) {
        error = "name~WORD needs a word of 1 to " + std::to_string(kMaxKeywordLength) + " characters";
      } else {
        has_name = true;
        query.form = QueryForm::kNameSearch;
        for (char c : value) {
          const unsigned char u = static_cast<unsigned char>(c);
          if (u >= 0x80 || !(std::isalnum(u) || c == '-')) {
            error = "name~WORD takes ASCII letters, digits and '-' only, not " + quote(value);
            break;
          }
          query.keyword += static_cast<char>(std::tolower(u));
        }
      }
    } else {
      error = "unknown term " + quote(term) + "; " + kGrammar;
    }
    if (!error.empty()) return failure(error);
  }

  if (terms == 0) return failure("empty query; " + std::string(kGrammar));
  const int forms = int(has_items) + int(has_bytes) + int(has_name);
  if (forms != 1) {
    return failure(forms == 0 ? "no items=, bytes= or name~ term; " + std::string(kGrammar)
                              : "give only one of items=, bytes= and name~");
  }
  if (has_limit && !has_name) return failure("limit= applies to name~ searches only");
  if (has_limit && query.limit == 0) return failure("limit= must be at least 1");
  if (query.delay_millis > kMaxDelayMillis) {
    return failure("delay= is at most " + std::to_string(kMaxDelayMillis) + " ms");
  }
  parsed.ok = true;
  return parsed;
}

Selection select_items(const Query& query, const CatalogData& catalog, std::size_t max_reply_bytes) {
  const std::string cap = std::to_string(max_reply_bytes);
  Selection selection;
  switch (query.form) {
    case QueryForm::kItems: {
      if (query.count > catalog.item_count()) {
        return refusal("items=" + std::to_string(query.count) + " is beyond the catalog of " +
                       std::to_string(catalog.item_count()) + " items");
      }
      const std::size_t bytes = catalog.prefix_bytes(query.count);
      if (bytes > max_reply_bytes) {
        return refusal("items=" + std::to_string(query.count) + " needs a reply of " + std::to_string(bytes) +
                       " bytes, over the server's cap of " + cap + " bytes; at most " +
                       std::to_string(catalog.largest_prefix_within(max_reply_bytes)) + " items fit");
      }
      selection.prefix_count = query.count;
      selection.reply_bytes = bytes;
      break;
    }
    case QueryForm::kBytes: {
      if (query.count < kEmptyResultBytes) {
        return refusal("bytes=" + std::to_string(query.count) + " is below " +
                       std::to_string(kEmptyResultBytes) + ", the size of an empty result");
      }
      if (query.count > max_reply_bytes) {
        return refusal("bytes=" + std::to_string(query.count) + " is over the server's reply cap of " + cap +
                       " bytes");
      }
      selection.prefix_count = catalog.largest_prefix_within(query.count);
      selection.reply_bytes = catalog.prefix_bytes(selection.prefix_count);
      break;
    }
    case QueryForm::kNameSearch: {
      selection.is_prefix = false;
      ReplySizer sizer;
      for (std::uint32_t id = 0; id < catalog.item_count() && selection.ids.size() < query.limit; ++id) {
        const ItemData& item = catalog.item(id);
        if (item.name.find(query.keyword) == std::string::npos) continue;
        sizer.add(item);
        if (sizer.bytes() > max_reply_bytes) {
          return refusal("name~" + query.keyword + " limit=" + std::to_string(query.limit) +
                         " would need a reply over the server's cap of " + cap + " bytes; lower the limit");
        }
        selection.ids.push_back(id);
      }
      selection.reply_bytes = sizer.bytes();
      break;
    }
  }
  selection.ok = true;
  return selection;
}

}  // namespace catalog
