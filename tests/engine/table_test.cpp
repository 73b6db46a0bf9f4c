// engine::Table against a trivially correct model, in the style of LevelDB's skiplist test:
// random puts, overwrites, deletes and gets, compared after every step. Plus the write()
// contract (a throwing or Keep decision changes nothing) and the Database catalog.
#include "engine/table.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/values.h"

namespace table_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::WriteDecision;
using model::AttributeMap;
using model::AttributeValue;
using model::Item;

namespace {

using minnow::test::N;
using minnow::test::S;

engine::TableDefinition definition(const std::string& name) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"sk", model::ValueType::N}};
  d.key_schema_elements = {{"pk", true}, {"sk", false}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, model::KeyAttribute{"sk", model::ValueType::N}};
  return d;
}

// The model's key: partition "p<i>", sort key the integer j.
using ModelKey = std::pair<int, int>;

// The same number spelled several ways: the table must treat them as one key.
std::string spell(int j, int variant) {
  switch (variant % 3) {
    case 0:
      return std::to_string(j);
    case 1:
      return std::to_string(j) + ".0";
    default:
      return std::to_string(j * 10) + "e-1";
  }
}

AttributeMap key_of(ModelKey k, int variant = 0) {
  return {{"pk", S("p" + std::to_string(k.first))}, {"sk", N(spell(k.second, variant))}};
}

// Sum of the item sizes, recomputed from scratch.
uint64_t total_size(const std::map<ModelKey, Item>& items) {
  uint64_t n = 0;
  for (const auto& [k, item] : items) n += model::item_size(item);
  return n;
}

// "" when the table agrees with the model (count, size, every key's get() and, when asked,
// get_stored()), else what differs.
// One Catch assertion per step keeps the test fast under the sanitizers.
std::string difference(const engine::Table& table, const std::map<ModelKey, Item>& model_items, int partitions,
                       int sorts, bool check_encoded = true) {
  if (table.item_count() != model_items.size())
    return "item_count " + std::to_string(table.item_count()) + " != " + std::to_string(model_items.size());
  if (table.size_bytes() != total_size(model_items))
    return "size_bytes " + std::to_string(table.size_bytes()) + " != " + std::to_string(total_size(model_items));
  for (int i = 0; i < partitions; ++i) {
    for (int j = -sorts / 2; j < sorts - sorts / 2; ++j) {
      auto expected = model_items.find({i, j});
      std::optional<Item> got = table.get(key_of({i, j}, i + j));
      const std::string where = "key p" + std::to_string(i) + "/" + std::to_string(j) + ": ";
      if (expected == model_items.end() && got) return where + "present in the table only";
      if (expected != model_items.end() && !got) return where + "present in the model only";
      if (got && !(*got == expected->second)) return where + "items differ";
      if (!check_encoded) continue;
      // The stored form decodes to the same item and knows its size.
      const engine::ItemRef stored = table.get_stored(key_of({i, j}, i + j + 1));
      if (static_cast<bool>(stored) != got.has_value()) return where + "get_stored disagrees with get";
      if (stored && !(model::decode_item(stored->encoded()) == expected->second)) return where + "encoded item differs";
      if (stored && model::encoded_item_size(stored->encoded()) != model::item_size(expected->second))
        return where + "encoded size differs";
    }
  }
  return "";
}

}  // namespace

TEST_CASE("Table: random puts, overwrites, deletes and gets agree with a std::map model", "[table][model]") {
  const uint64_t seed = GENERATE(301, 302, 303);
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };

  constexpr int kPartitions = 3, kSorts = 8;  // 24 keys: overwrites and deletes of present keys are common
  engine::Table table(definition("model"));
  std::map<ModelKey, Item> model_items;
  bool seen_wrong_old = false;

  for (int step = 0; step < 350; ++step) {
    const ModelKey k{uniform(0, kPartitions - 1), uniform(-kSorts / 2, kSorts - kSorts / 2 - 1)};
    const AttributeMap key = key_of(k, uniform(0, 2));
    const int op = uniform(0, 9);
    auto expected_old = model_items.find(k);

    if (op < 5) {  // put: insert or overwrite, with a value of random size and shape
      Item item = key;
      const int attributes = uniform(0, 3);
      for (int a = 0; a < attributes; ++a) {
        const std::string name = "a" + std::to_string(uniform(0, 5));
        switch (uniform(0, 3)) {
          case 0:
            item[name] = S(std::string(static_cast<std::size_t>(uniform(0, 1500)), 'x'));
            break;
          case 1:
            item[name] = N(std::to_string(uniform(-100000, 100000)) + "e" + std::to_string(uniform(-5, 5)));
            break;
          case 2:
            item[name] = AttributeValue(model::AttributeList{S("l"), AttributeValue(uniform(0, 1) == 1)});
            break;
          default:
            item[name] = AttributeValue(model::AttributeMap{{"m", S(std::string(uniform(0, 50), 'm'))}});
            break;
        }
      }
      table.write(key, [&](const Item* old) {
        // The decision sees exactly the current item.
        seen_wrong_old |=
            expected_old == model_items.end() ? old != nullptr : (old == nullptr || !(*old == expected_old->second));
        return WriteDecision::put(item);
      });
      model_items[k] = item;
    } else if (op < 8) {  // delete, present or not
      table.write(key, [&](const Item* old) {
        seen_wrong_old |= (old != nullptr) != (expected_old != model_items.end());
        return WriteDecision::remove();
      });
      model_items.erase(k);
    } else if (op < 9) {  // a conditional write that declines
      table.write(key, [&](const Item*) { return WriteDecision::keep(); });
    } else {  // a conditional write that fails
      bool thrown = false;
      try {
        table.write(key, [&](const Item*) -> WriteDecision { throw model::Error(model::kConditionalCheckFailed); });
      } catch (const model::Error&) {
        thrown = true;
      }
      if (!thrown) FAIL("step " << step << ": the decision's error did not propagate");
    }
    if (seen_wrong_old) FAIL("step " << step << ": the decision saw the wrong old item");
    const std::string diff = difference(table, model_items, kPartitions, kSorts, step % 10 == 0);
    if (!diff.empty()) FAIL("step " << step << ": " << diff);
  }
  CHECK(difference(table, model_items, kPartitions, kSorts).empty());
}

TEST_CASE("Table::write: a decision that throws, or Keep, changes nothing", "[table]") {
  engine::Table table(definition("t"));
  const AttributeMap key = key_of({1, 1});
  Item original = key;
  original["v"] = S("original");
  table.write(key, [&](const Item*) { return WriteDecision::put(original); });
  const uint64_t size = table.size_bytes();
  REQUIRE(table.item_count() == 1);
  REQUIRE(size == model::item_size(original));

  SECTION("throwing over an existing item") {
    try {
      table.write(key, [&](const Item* old) -> WriteDecision {
        REQUIRE(old != nullptr);
        throw model::Error(model::kConditionalCheckFailed);
      });
      FAIL("the decision's error must propagate");
    } catch (const model::Error& e) {
      CHECK(e.code() == model::ErrorCode::ConditionalCheckFailedException);
      CHECK(e.message() == "The conditional request failed");
    }
  }
  SECTION("throwing over an absent item") {
    CHECK_THROWS_AS(
        table.write(key_of({2, 2}), [&](const Item*) -> WriteDecision { throw model::Error(model::kItemTooLarge); }),
        model::Error);
    CHECK_FALSE(table.get(key_of({2, 2})).has_value());
  }
  SECTION("Keep over an existing item") {
    table.write(key, [&](const Item*) { return WriteDecision::keep(); });
  }
  SECTION("Keep over an absent item") {
    table.write(key_of({2, 2}), [&](const Item*) { return WriteDecision::keep(); });
    CHECK_FALSE(table.get(key_of({2, 2})).has_value());
  }
  SECTION("Delete of an absent item") {
    table.write(key_of({2, 2}), [&](const Item*) { return WriteDecision::remove(); });
  }
  CHECK(table.item_count() == 1);
  CHECK(table.size_bytes() == size);
  REQUIRE(table.get(key).has_value());
  CHECK(*table.get(key) == original);
  // The lock was released: the table still takes writes.
  table.write(key, [&](const Item*) { return WriteDecision::remove(); });
  CHECK(table.item_count() == 0);
  CHECK(table.size_bytes() == 0);
}

TEST_CASE("Table: keys spelled differently are one item; get returns a copy", "[table]") {
  engine::Table table(definition("t"));
  Item item = {{"pk", S("a")}, {"sk", N("1.50")}, {"v", S("x")}};
  table.write(model::key_of(item, table.key_schema()), [&](const Item*) { return WriteDecision::put(item); });
  std::optional<Item> got = table.get({{"pk", S("a")}, {"sk", N("15e-1")}});
  REQUIRE(got.has_value());
  CHECK(*got == item);
  // Changing the copy does not change the table.
  (*got)["v"] = S("changed");
  CHECK(table.get({{"pk", S("a")}, {"sk", N("1.5")}})->at("v") == S("x"));
  // Different partition, same sort key: a different item.
  CHECK_FALSE(table.get({{"pk", S("b")}, {"sk", N("1.5")}}).has_value());
  CHECK(table.name() == "t");
  CHECK(table.definition().name == "t");
}

TEST_CASE("Table: concurrent writers to disjoint keys and concurrent readers", "[table][concurrency]") {
  engine::Table table(definition("t"));
  constexpr int kWriters = 4, kPerWriter = 200;
  std::atomic<bool> done{false};
  std::atomic<int> bad_reads{0};
  std::thread reader([&] {
    // Writers only insert, so item_count never goes down.
    uint64_t last = 0;
    while (!done.load()) {
      uint64_t n = table.item_count();
      if (n < last) ++bad_reads;
      last = n;
    }
  });
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kPerWriter; ++i) {
        Item item = key_of({w, i});
        table.write(key_of({w, i}), [&](const Item* old) {
          if (old) ++bad_reads;  // every key is written once
          return WriteDecision::put(item);
        });
      }
    });
  }
  for (auto& t : writers) t.join();
  done = true;
  reader.join();
  CHECK(bad_reads.load() == 0);
  CHECK(table.item_count() == kWriters * kPerWriter);
  uint64_t expected = 0;
  for (int w = 0; w < kWriters; ++w)
    for (int i = 0; i < kPerWriter; ++i) expected += model::item_size(key_of({w, i}));
  CHECK(table.size_bytes() == expected);
}

// ---- Database --------------------------------------------------------------------------------

TEST_CASE("Database: create, find, remove", "[database]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database db(clock, engine::DatabaseOptions{});
  CHECK(&db.clock() == &clock);
  CHECK(db.find("t1") == nullptr);

  auto t1 = db.create(definition("t1"));
  REQUIRE(t1 != nullptr);
  CHECK(t1->name() == "t1");
  CHECK(db.find("t1") == t1);
  // Names are unique and case-sensitive.
  CHECK(db.create(definition("t1")) == nullptr);
  CHECK(db.find("t1") == t1);
  auto upper = db.create(definition("T1"));
  REQUIRE(upper != nullptr);
  CHECK(upper != t1);

  t1->write(key_of({0, 0}), [](const Item*) { return WriteDecision::put(key_of({0, 0})); });
  auto removed = db.remove("t1");
  CHECK(removed == t1);
  CHECK(db.find("t1") == nullptr);
  CHECK(db.remove("t1") == nullptr);
  // A removed table stays usable by whoever holds it.
  CHECK(removed->item_count() == 1);
  // The name is free again, for a new, empty table.
  auto again = db.create(definition("t1"));
  REQUIRE(again != nullptr);
  CHECK(again != removed);
  CHECK(again->item_count() == 0);
}

TEST_CASE("Database::list: byte order, exclusive start, limit; clear", "[database]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database db(clock, engine::DatabaseOptions{});
  CHECK(db.list(std::nullopt, 100).empty());
  for (const char* name : {"b", "a-1", "A", "a", "a.2", "B_x", "z", "a_3", "0"})
    REQUIRE(db.create(definition(name)) != nullptr);
  using Names = std::vector<std::string>;
  // Byte order: digits < upper case < "_" < lower case; '-' < '.' < '_'.
  const Names all = {"0", "A", "B_x", "a", "a-1", "a.2", "a_3", "b", "z"};
  CHECK(db.list(std::nullopt, 100) == all);
  CHECK(db.list(std::nullopt, 3) == Names{"0", "A", "B_x"});
  CHECK(db.list(std::nullopt, 0).empty());
  CHECK(db.list(std::string("a"), 100) == Names{"a-1", "a.2", "a_3", "b", "z"});  // exclusive
  CHECK(db.list(std::string("a"), 2) == Names{"a-1", "a.2"});
  CHECK(db.list(std::string("a0"), 100) == Names{"a_3", "b", "z"});  // a start that is not a table
  CHECK(db.list(std::string("z"), 100).empty());
  CHECK(db.list(std::string(""), 1) == Names{"0"});
  // Paging with the last name seen visits every table once.
  Names paged;
  std::optional<std::string> start;
  for (;;) {
    Names page = db.list(start, 2);
    if (page.empty()) break;
    paged.insert(paged.end(), page.begin(), page.end());
    start = page.back();
  }
  CHECK(paged == all);

  auto held = db.find("b");
  db.clear();
  CHECK(db.list(std::nullopt, 100).empty());
  CHECK(db.find("b") == nullptr);
  CHECK(held->name() == "b");  // still alive for its holder
  CHECK(db.create(definition("b")) != nullptr);
}

}  // namespace table_test
