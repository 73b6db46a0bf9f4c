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

// `small`: 8 dimensions on v, HASH tenant, INLINE_FILTER lang, KEYS_ONLY; `large`: 300 on w, ALL.
engine::TableDefinition two_vector_indexes() {
  engine::TableDefinition d;
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  engine::VectorIndexDefinition small;
  small.name = "small";
  small.vector_attribute = "v";
  small.dimensions = 8;
  small.search_schema = {{"tenant", true}, {"lang", false}};
  small.projection.type = "KEYS_ONLY";
  engine::VectorIndexDefinition large = small;
  large.name = "large";
  large.vector_attribute = "w";
  large.dimensions = 300;
  large.search_schema = {};
  large.projection.type = "ALL";
  d.vector_indexes = {small, large};
  return d;
}

model::AttributeValue vec(std::size_t dimensions, const std::string& element) {
  return L(model::AttributeList(dimensions, N(element)));
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

TEST_CASE("VectorWriteCharges: an index is charged its entry's billed size, at least 1 KB, when the entry changes") {
  // Billed: pk 3, tenant 7, v 1 + 8 x 4 = 33, w 1 + 300 x 4 = 1201. `small` holds pk, tenant, v
  // (and lang): 43, charged 1024; `large` holds everything: 1244.
  const model::Item vectors{{"pk", S("a")}, {"tenant", S("t")}, {"v", vec(8, "1")}, {"w", vec(300, "2")}};
  CHECK(charged(nullptr, &vectors) == Bytes{{"small", 1024}, {"large", 1244}});  // enters both
  CHECK(charged(&vectors, nullptr) == Bytes{{"small", 1024}, {"large", 1244}});  // leaves both
  CHECK(charged(&vectors, &vectors).empty());                                    // no entry changes

  model::Item other = vectors;
  other["note"] = S("x");  // projected by `large` only: the larger entry, 1244 + 5
  CHECK(charged(&vectors, &other) == Bytes{{"large", 1249}});
  other["lang"] = S("en");  // an INLINE_FILTER attribute of `small`
  CHECK(charged(&vectors, &other) == Bytes{{"small", 1024}, {"large", 1255}});
  model::Item moved = vectors;
  moved["w"] = vec(300, "3");
  CHECK(charged(&vectors, &moved) == Bytes{{"large", 1244}});

  model::Item no_hash = vectors;
  no_hash.erase("tenant");  // `small` holds no item without its HASH attribute
  CHECK(charged(nullptr, &no_hash) == Bytes{{"large", 1237}});
  CHECK(charged(&vectors, &no_hash) == Bytes{{"small", 1024}, {"large", 1244}});  // leaves `small`
  const model::Item plain{{"pk", S("a")}, {"tenant", S("t")}};
  CHECK(charged(&plain, &plain).empty());
  CHECK(charged(nullptr, &plain).empty());
}

TEST_CASE("VectorWriteCharges: write units bill a vector attribute as its name plus 4 bytes per dimension") {
  requests::VectorWriteCharges charges;
  charges.load(two_vector_indexes());
  // Stored, w's 300 numbers of 19 digits are 3,604 bytes (4 units); billed, the item is 1,244 bytes.
  const model::Item long_numbers{{"pk", S("a")}, {"tenant", S("t")}, {"v", vec(8, "1")},
                                 {"w", vec(300, "0.1234567890123456789")}};
  REQUIRE(model::item_size(long_numbers) > 3 * 1024);
  charges.note(nullptr, &long_numbers);
  CHECK(charges.write_units(0, model::item_size(long_numbers)) == 2);
  // Stored, w's short numbers are 904 bytes (1 unit with the rest); billed, 2 units.
  const model::Item short_numbers{{"pk", S("a")}, {"tenant", S("t")}, {"v", vec(8, "1")}, {"w", vec(300, "2")}};
  REQUIRE(model::item_size(short_numbers) < 1024);
  charges.start_write();
  charges.note(&long_numbers, &short_numbers);
  CHECK(charges.write_units(model::item_size(long_numbers), model::item_size(short_numbers)) == 2);
  // A value that is not a vector of the index's dimensions is billed as stored.
  const model::Item not_vector{{"pk", S("a")}, {"w", vec(3, "0.1234567890123456789")}};
  charges.start_write();
  charges.note(nullptr, &not_vector);
  CHECK(charges.write_units(0, model::item_size(not_vector)) == 1);
}

TEST_CASE("VectorWriteCharges: several writes add up per index; none loaded, nothing charged") {
  requests::VectorWriteCharges charges;
  charges.load(two_vector_indexes());
  const model::Item a{{"pk", S("a")}, {"tenant", S("t")}, {"v", vec(8, "1")}};
  const model::Item b{{"pk", S("b")}, {"tenant", S("t")}, {"v", vec(8, "1")}};
  charges.note(nullptr, &a);
  charges.note(nullptr, &b);
  requests::CapacityBreakdown units;
  charges.add_to(units);
  CHECK(units.vector_indexes == Bytes{{"small", 2048}});  // neither has w: not in `large`

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

  requests::CapacityBreakdown indexed = requests::table_capacity(3);
  indexed.global_indexes = {{"g", 3}};
  indexed.local_indexes = {{"l", 3}};
  const requests::CapacityBreakdown doubled = requests::transactional_write(indexed);
  CHECK(doubled.table == 6);
  CHECK(doubled.global_indexes[0].second == 6);
  CHECK(doubled.local_indexes[0].second == 6);
}

}  // namespace capacity_test
