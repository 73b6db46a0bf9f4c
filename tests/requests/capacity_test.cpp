// requests/capacity: the vector indexes a write changes (VectorWriteRequestBytes), and the
// per-table sums of batches and transactions.
#include "requests/capacity.h"

#include <catch2/catch.hpp>

#include "tests/support/values.h"

namespace capacity_test {

namespace {

using namespace minnow;
using test::L;
using test::N;
using test::S;

engine::TableDefinition two_vector_indexes() {
  engine::TableDefinition d;
  engine::VectorIndexDefinition small;
  small.name = "small";
  small.vector_attribute = "v";
  small.dimensions = 8;
  small.search_schema = {{"tenant", true}, {"lang", false}};
  engine::VectorIndexDefinition large = small;
  large.name = "large";
  large.vector_attribute = "w";
  large.dimensions = 300;
  large.search_schema = {};
  d.vector_indexes = {small, large};
  return d;
}

std::vector<std::pair<std::string, uint64_t>> charged(const model::Item* old, const model::Item* written) {
  requests::VectorWriteCharges charges;
  charges.load(two_vector_indexes());
  charges.note(old, written);
  requests::CapacityBreakdown units;
  charges.add_to(units);
  return units.vector_indexes;
}

using Bytes = std::vector<std::pair<std::string, uint64_t>>;

}  // namespace

TEST_CASE("vector_request_bytes: float32 bytes rounded up to 1 KB, at least 1 KB") {
  CHECK(requests::vector_request_bytes(0, 8) == 1024);
  CHECK(requests::vector_request_bytes(1, 8) == 1024);
  CHECK(requests::vector_request_bytes(1, 256) == 1024);
  CHECK(requests::vector_request_bytes(1, 257) == 2048);
  CHECK(requests::vector_request_bytes(10, 300) == 12288);
}

TEST_CASE("VectorWriteCharges: an index is charged when the write changes what it holds") {
  const model::Item vectors{{"pk", S("a")}, {"tenant", S("t")}, {"v", L({N("1")})}, {"w", L({N("2")})}};
  CHECK(charged(nullptr, &vectors) == Bytes{{"small", 1024}, {"large", 2048}});  // enters both
  CHECK(charged(&vectors, nullptr) == Bytes{{"small", 1024}, {"large", 2048}});  // leaves both
  CHECK(charged(&vectors, &vectors).empty());                                    // nothing indexed changes

  model::Item other = vectors;
  other["note"] = S("x");  // neither a vector nor a search schema attribute
  CHECK(charged(&vectors, &other).empty());
  other["lang"] = S("en");  // an INLINE_FILTER attribute of `small`
  CHECK(charged(&vectors, &other) == Bytes{{"small", 1024}});
  model::Item moved = vectors;
  moved["w"] = L({N("3")});
  CHECK(charged(&vectors, &moved) == Bytes{{"large", 2048}});

  model::Item no_hash = vectors;
  no_hash.erase("tenant");  // `small` holds no item without its HASH attribute
  CHECK(charged(nullptr, &no_hash) == Bytes{{"large", 2048}});
  CHECK(charged(&vectors, &no_hash) == Bytes{{"small", 1024}});  // leaves `small`
  const model::Item plain{{"pk", S("a")}, {"tenant", S("t")}};
  CHECK(charged(&plain, &plain).empty());
  CHECK(charged(nullptr, &plain).empty());
}

TEST_CASE("VectorWriteCharges: several writes add up per index; none loaded, nothing charged") {
  requests::VectorWriteCharges charges;
  charges.load(two_vector_indexes());
  const model::Item a{{"pk", S("a")}, {"tenant", S("t")}, {"v", L({N("1")})}};
  const model::Item b{{"pk", S("b")}, {"tenant", S("t")}, {"v", L({N("1")})}};
  charges.note(nullptr, &a);
  charges.note(nullptr, &b);
  requests::CapacityBreakdown units;
  charges.add_to(units);
  CHECK(units.vector_indexes == Bytes{{"small", 2048}});

  requests::VectorWriteCharges unloaded;
  unloaded.note(nullptr, &a);
  requests::CapacityBreakdown none;
  unloaded.add_to(none);
  CHECK(none.vector_indexes.empty());
}

TEST_CASE("TableCharges: one entry per table in order of first use; transactional writes cost twice") {
  const auto* t1 = reinterpret_cast<const engine::Table*>(0x10);
  const auto* t2 = reinterpret_cast<const engine::Table*>(0x20);
  requests::CapacityBreakdown write = requests::table_capacity(1);
  write.vector_indexes = {{"small", 1024}};
  requests::TableCharges charges;
  charges.add(t2, requests::transactional_write(write));
  charges.add(t1, requests::table_capacity(0.5));
  charges.add(t2, requests::transactional_write(write));
  REQUIRE(charges.entries().size() == 2);
  CHECK(charges.entries()[0].first == t2);
  CHECK(charges.entries()[0].second.table == 4);
  CHECK(charges.entries()[0].second.vector_indexes == Bytes{{"small", 2048}});
  CHECK(charges.entries()[1].second.table == 0.5);
}

}  // namespace capacity_test
