// Unit tests of the pure parts of the server: the catalog content, the reply sizing
// (checked against omniORB's own marshalling) and the query grammar. Run by ctest
// from the Maven build; exits non-zero on the first failed check.
#include <omniORB4/CORBA.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "catalog.hh"
#include "catalog_data.hpp"
#include "catalog_query.hpp"
#include "trace_context.hpp"

namespace {

int checks = 0;

#define CHECK(condition)                                                                  \
  do {                                                                                    \
    ++checks;                                                                             \
    if (!(condition)) {                                                                   \
      std::cerr << __FILE__ << ":" << __LINE__ << ": check failed: " #condition << "\n"; \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t marshalled_size(std::uint32_t first, std::uint32_t count) {
  shop::QueryResult result;
  result.timeInServer = 123;
  result.items.length(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const catalog::ItemData data = catalog::make_item(first + i);
    result.items[i].id = data.id;
    result.items[i].itemName = data.name.c_str();
    result.items[i].description = data.description.c_str();
    result.items[i].price = data.price;
  }
  cdrMemoryStream stream;
  result >>= stream;
  return stream.bufSize();
}

void item_content_is_deterministic() {
  const catalog::ItemData first = catalog::make_item(0);
  CHECK(first.id == 0);
  CHECK(first.name == "amber bench");
  CHECK(first.description == "No. 0: amber bench, series A00. Deterministic sample entry of the catalog study.");
  CHECK(first.price == 1.0);

  const catalog::ItemData later = catalog::make_item(12345);
  CHECK(later.id == 12345);
  CHECK(later.name == "copper rug");
  CHECK(later.description == "No. 12345: copper rug, series V45. Deterministic sample entry of the catalog study.");
  CHECK(later.price == 579.55);
}

void sizes_match_omniorb_marshalling() {
  catalog::CatalogData data;
  for (std::uint32_t count : {0u, 1u, 2u, 3u, 7u, 100u, 1000u}) {
    CHECK(data.prefix_bytes(count) == marshalled_size(0, count));
  }
  // a search result starts anywhere in the catalog: sizes still add up in order
  catalog::ReplySizer sizer;
  for (std::uint32_t id = 9990; id < 10010; ++id) sizer.add(catalog::make_item(id));
  CHECK(sizer.bytes() == marshalled_size(9990, 20));
  CHECK(data.prefix_bytes(0) == catalog::kEmptyResultBytes);
}

void largest_prefix_fits_the_byte_budget() {
  catalog::CatalogData data;
  for (std::size_t budget : {12u, 100u, 1024u, 102400u, 307200u, 1048576u}) {
    const std::uint32_t count = data.largest_prefix_within(budget);
    CHECK(data.prefix_bytes(count) <= budget);
    CHECK(data.prefix_bytes(count + 1) > budget);
  }
  CHECK(data.largest_prefix_within(11) == 0);
}

catalog::ParsedQuery ok(const std::string& text) {
  catalog::ParsedQuery parsed = catalog::parse_query(text);
  if (!parsed.ok) std::cerr << "unexpected refusal of '" << text << "': " << parsed.error << "\n";
  CHECK(parsed.ok);
  return parsed;
}

std::string refused(const std::string& text) {
  const catalog::ParsedQuery parsed = catalog::parse_query(text);
  CHECK(!parsed.ok);
  CHECK(!parsed.error.empty());
  return parsed.error;
}

void grammar_accepts_the_documented_forms() {
  CHECK(ok("items=0").query.form == catalog::QueryForm::kItems);
  CHECK(ok("items=250").query.count == 250);
  CHECK(ok("  bytes=102400\t").query.form == catalog::QueryForm::kBytes);
  const catalog::Query search = ok("name~Lamp limit=50").query;
  CHECK(search.form == catalog::QueryForm::kNameSearch);
  CHECK(search.keyword == "lamp");
  CHECK(search.limit == 50);
  CHECK(ok("name~oak").query.limit == catalog::kDefaultSearchLimit);
  CHECK(ok("delay=250 items=1").query.delay_millis == 250);
}

void grammar_refuses_everything_else_with_a_reason() {
  CHECK(contains(refused(""), "empty query"));
  CHECK(contains(refused("   "), "empty query"));
  CHECK(contains(refused("hello"), "unknown term 'hello'"));
  CHECK(contains(refused("items=abc"), "whole number"));
  CHECK(contains(refused("items=-1"), "whole number"));
  CHECK(contains(refused("items=1234567890"), "at most 9 digits"));
  CHECK(contains(refused("items=1 items=2"), "given twice"));
  CHECK(contains(refused("items=1 bytes=100"), "only one of"));
  CHECK(contains(refused("limit=5"), "no items="));
  CHECK(contains(refused("items=5 limit=5"), "name~ searches only"));
  CHECK(contains(refused("name~lamp limit=0"), "at least 1"));
  CHECK(contains(refused("items=1 delay=60001"), "delay="));
  CHECK(contains(refused("name~caf\xc3\xa9"), "ASCII"));
  CHECK(contains(refused("name~"), "1 to 32"));
  CHECK(contains(refused(std::string("items=1\x01")), "\\x01"));
  CHECK(contains(refused(std::string(catalog::kMaxQueryLength + 1, 'x')), "the limit is 1024"));
  CHECK(contains(refused(std::string("items=1\0", 8)), "\\x00"));
}

void selection_honours_the_reply_cap() {
  catalog::CatalogData data;
  const std::size_t cap = 2 * 1024 * 1024 - 4096;

  catalog::Selection all = catalog::select_items(ok("items=100").query, data, cap);
  CHECK(all.ok && all.is_prefix && all.prefix_count == 100 && all.reply_bytes == data.prefix_bytes(100));

  catalog::Selection too_many = catalog::select_items(ok("items=100000").query, data, cap);
  CHECK(!too_many.ok && contains(too_many.error, "over the server's cap"));
  CHECK(contains(catalog::select_items(ok("items=100001").query, data, cap).error, "beyond the catalog"));
  CHECK(contains(catalog::select_items(ok("bytes=3000000").query, data, cap).error, "reply cap"));
  CHECK(contains(catalog::select_items(ok("bytes=11").query, data, cap).error, "below 12"));

  catalog::Selection sized = catalog::select_items(ok("bytes=102400").query, data, cap);
  CHECK(sized.ok && sized.reply_bytes <= 102400 && data.prefix_bytes(sized.prefix_count + 1) > 102400);

  catalog::Selection lamps = catalog::select_items(ok("name~lamp limit=50").query, data, cap);
  CHECK(lamps.ok && !lamps.is_prefix && lamps.ids.size() == 50);
  for (std::uint32_t id : lamps.ids) CHECK(contains(data.item(id).name, "lamp"));

  CHECK(catalog::select_items(ok("name~zebra").query, data, cap).ids.empty());
  catalog::Selection huge = catalog::select_items(ok("name~a limit=100000").query, data, cap);
  CHECK(!huge.ok && contains(huge.error, "lower the limit"));
}

void traceparent_is_read_from_the_adapters_lines() {
  trace_context::Parent parent;
  const std::string both =
      "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\ntracestate: a=b\n";
  CHECK(trace_context::parse(both.data(), both.size(), parent));
  CHECK(parent.trace_id == "4bf92f3577b34da6a3ce929d0e0e4736");
  CHECK(parent.span_id == "00f067aa0ba902b7");
  const std::string state_first = "tracestate: a=b\ntraceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00";
  CHECK(trace_context::parse(state_first.data(), state_first.size(), parent));
  CHECK(parent.span_id == "00f067aa0ba902b7");
}

void a_call_back_carries_the_incoming_trace_with_the_server_span_as_its_parent() {
  trace_context::Parent incoming;
  const std::string sent = "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00\n";
  CHECK(trace_context::parse(sent.data(), sent.size(), incoming));
  CHECK(incoming.flags == "00");
  const std::string line = trace_context::traceparent_line(incoming.trace_id, "b7ad6b7169203331", incoming.flags);
  CHECK(line == "traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-00\n");
  // what the listener's side reads back: the same trace, the server span as the parent
  trace_context::Parent read;
  CHECK(trace_context::parse(line.data(), line.size(), read));
  CHECK(read.trace_id == incoming.trace_id);
  CHECK(read.span_id == "b7ad6b7169203331");
  CHECK(read.flags == "00");
}

void malformed_traceparents_are_ignored() {
  trace_context::Parent parent;
  for (const std::string bad : {std::string(""), std::string("traceparent: 00-zz"),
                                std::string("traceparent: 00-00000000000000000000000000000000-00f067aa0ba902b7-01\n"),
                                std::string("traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01\n"),
                                std::string("traceparent: 00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01\n"),
                                std::string("xtraceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n")}) {
    CHECK(!trace_context::parse(bad.data(), bad.size(), parent));
  }
}

}  // namespace

int main(int argc, char** argv) {
  // marshalling strings needs the code set converters the ORB sets up
  CORBA::ORB_var orb = CORBA::ORB_init(argc, argv);
  item_content_is_deterministic();
  sizes_match_omniorb_marshalling();
  largest_prefix_fits_the_byte_budget();
  grammar_accepts_the_documented_forms();
  grammar_refuses_everything_else_with_a_reason();
  selection_honours_the_reply_cap();
  traceparent_is_read_from_the_adapters_lines();
  malformed_traceparents_are_ignored();
  a_call_back_carries_the_incoming_trace_with_the_server_span_as_its_parent();
  std::cout << "catalog_tests: " << checks << " checks passed\n";
  orb->destroy();
  return 0;
}
