// engine/billed_size: vector attributes billed as name + 4 bytes per dimension (TableSizeBytes),
// and index entries sized by what they project (IndexSizeBytes).
#include "engine/billed_size.h"

#include <catch2/catch.hpp>

#include "engine/table.h"
#include "model/key.h"
#include "tests/support/values.h"

namespace billed_size_test {

namespace {

using namespace minnow;
using engine::Table;
using engine::TableDefinition;
using engine::VectorIndexDefinition;
using engine::WriteDecision;
using model::Item;
using model::ValueType;
using test::L;
using test::N;
using test::S;

model::AttributeValue vec(std::size_t dimensions, const std::string& element) {
  return L(model::AttributeList(dimensions, N(element)));
}

VectorIndexDefinition vector_index(const std::string& name, const std::string& attribute, uint32_t dimensions) {
  VectorIndexDefinition v;
  v.name = name;
  v.vector_attribute = attribute;
  v.dimensions = dimensions;
  v.projection.type = "KEYS_ONLY";
  return v;
}

TableDefinition table_with(std::vector<VectorIndexDefinition> vectors) {
  TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = {{"pk", ValueType::S}, std::nullopt};
  d.vector_indexes = std::move(vectors);
  return d;
}

void put(Table& table, const Item& item) {
  table.write(model::key_of(item, table.definition().key_schema), [&](const Item*) { return WriteDecision::put(item); });
}

}  // namespace

TEST_CASE("vector_billing_adjustment: 4 bytes per dimension instead of the stored numbers, once per attribute") {
  const std::vector<VectorIndexDefinition> indexes = {vector_index("a", "v", 4), vector_index("b", "v", 4),
                                                      vector_index("c", "w", 2)};
  const Item item{{"pk", S("k")}, {"v", vec(4, "0.1234567890123456789")}, {"w", vec(2, "1")}};
  // v stored: 3 + 4 x (1 + 11) = 51, billed 16; w stored: 3 + 2 x (1 + 2) = 9, billed 8.
  CHECK(engine::vector_billing_adjustment(indexes, item) == (16 - 51) + (8 - 9));
  // Not a vector of the index's dimensions, or not a list of numbers: billed as stored.
  CHECK(engine::vector_billing_adjustment(indexes, Item{{"v", vec(3, "1")}}) == 0);
  CHECK(engine::vector_billing_adjustment(indexes, Item{{"w", L({N("1"), S("x")})}}) == 0);
  CHECK(engine::vector_billing_adjustment({}, item) == 0);
}

TEST_CASE("EntryAttributes: the table key, the index key and the projection") {
  const model::KeySchema key{{"pk", ValueType::S}, model::KeyAttribute{"sk", ValueType::N}};
  engine::IndexDefinition gsi;
  gsi.key_schema = {{"g", true}};
  gsi.projection = {"INCLUDE", {"a"}};
  const engine::EntryAttributes entry(key, gsi);
  const Item item{{"pk", S("p")}, {"sk", N(1)}, {"g", S("gg")}, {"a", S("aaaa")}, {"b", S("bbbbbbbb")}};
  CHECK(entry.holds("a"));
  CHECK_FALSE(entry.holds("b"));
  CHECK(entry.size(item) == model::item_size(item) - (1 + 8));
  Item changed_b = item;
  changed_b["b"] = S("other");
  CHECK(entry.same_entry(item, changed_b));
  Item changed_a = item;
  changed_a["a"] = S("other");
  CHECK_FALSE(entry.same_entry(item, changed_a));

  gsi.projection = {"ALL", {}};
  const engine::EntryAttributes all(key, gsi);
  CHECK(all.holds("b"));
  CHECK(all.size(item) == model::item_size(item));
  CHECK_FALSE(all.same_entry(item, changed_b));

  // A vector index's entry bills the table's vector attributes it holds.
  VectorIndexDefinition v = vector_index("v", "v", 4);
  v.search_schema = {{"g", true}};
  const engine::EntryAttributes vectors(key, v, {v});
  Item with_vector = item;
  with_vector["v"] = vec(4, "0.1234567890123456789");
  CHECK(vectors.size(with_vector) == (2 + 1) + (2 + 2) + (1 + 2) + (1 + 16));
}

TEST_CASE("TableSizeBytes bills vector attributes, through writes and index changes") {
  Table table(table_with({}));
  const Item long_numbers{{"pk", S("a")}, {"v", vec(4, "0.1234567890123456789")}};  // v stored: 51
  const Item not_vector{{"pk", S("b")}, {"v", S("not a vector")}};
  put(table, long_numbers);
  put(table, not_vector);
  const uint64_t b = model::item_size(not_vector);
  CHECK(table.size_bytes() == model::item_size(long_numbers) + b);

  // An index added over the items bills the vectors it finds; other values stay as stored.
  table.update_definition([](TableDefinition& d) { d.vector_indexes = {vector_index("byV", "v", 4)}; });
  CHECK(table.size_bytes() == (2 + 1) + (1 + 16) + b);
  put(table, Item{{"pk", S("a")}, {"v", vec(4, "1")}, {"x", S("yz")}});
  CHECK(table.size_bytes() == (2 + 1) + (1 + 16) + (1 + 2) + b);
  table.write(model::key_of(Item{{"pk", S("a")}}, table.definition().key_schema),
              [](const Item*) { return WriteDecision::remove(); });
  CHECK(table.size_bytes() == b);
  put(table, long_numbers);
  CHECK(table.size_bytes() == (2 + 1) + (1 + 16) + b);

  // Dropping the index bills the stored numbers again.
  table.update_definition([](TableDefinition& d) { d.vector_indexes.clear(); });
  CHECK(table.size_bytes() == model::item_size(long_numbers) + b);
}

}  // namespace billed_size_test
