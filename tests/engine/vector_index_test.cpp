// Vector indexes against a trivially correct model: the base items in a map; every search
// recomputed from them by brute force (each item's vector scored with vector::exact_score,
// sorted by score, ties by primary key), compared with Table::search_vectors after every step.
//
// No reference emulator has vector indexes: what is indexed, rejected or left out follows AWS's
// documentation (PutItem: "the vector attribute must be a list of numbers with dimensions
// matching the index configuration", "vector values must fit in 32-bit IEEE-754 floating point",
// "partition key and inline filter attributes defined in the search schema must have data types
// matching the index schema definition"; SearchVectors' score convention and ACTIVE state).
//
// One table (pk S, sk N) with three vector indexes: COSINE on v (4 dims, no search schema),
// EUCLIDEAN on v with HASH tenant (S) and INLINE_FILTERs lang (S) and n (N), DOT_PRODUCT on w
// (3 dims) with HASH shard (N). Random puts, updates, deletes, transactions (some cancelled) and
// TTL sweeps over small domains (many exact score ties, shared partitions); invalid vectors and
// wrong-typed search schema attributes are rejected and change nothing. A fourth index (DOT_PRODUCT
// on u, 2 dims, HASH lang) is added to the populated table half way: its backfill leaves out the
// items it cannot take (u of 3 elements or a string). The first index is deleted later.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <thread>

#include "engine/table.h"
#include "engine/transaction.h"
#include "engine/ttl.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/engine_writes.h"
#include "tests/support/values.h"
#include "vector/distance.h"

namespace vector_index_test {

using namespace minnow;
using namespace minnow::engine;
using model::AttributeValue;
using model::Item;
using model::ValueType;

namespace {

using minnow::test::N;
using minnow::test::S;

struct Spec {
  std::string name, attribute;
  uint32_t dims;
  vector::Distance distance;
  std::vector<std::pair<std::string, ValueType>> hash, filters;  // hash: 0 or 1
};

const std::vector<Spec> kIndexes = {
    {"plain", "v", 4, vector::Distance::Cosine, {}, {}},
    {"tenant",
     "v",
     4,
     vector::Distance::Euclidean,
     {{"tenant", ValueType::S}},
     {{"lang", ValueType::S}, {"n", ValueType::N}}},
    {"dot", "w", 3, vector::Distance::DotProduct, {{"shard", ValueType::N}}, {}},
};
const Spec kLate = {"late", "u", 2, vector::Distance::DotProduct, {{"lang", ValueType::S}}, {{"tenant", ValueType::S}}};

VectorIndexDefinition definition_of(const Spec& s) {
  VectorIndexDefinition d;
  d.name = s.name;
  d.vector_attribute = s.attribute;
  d.dimensions = s.dims;
  d.distance = s.distance;
  for (const auto& [name, type] : s.hash) d.search_schema.push_back({name, true});
  for (const auto& [name, type] : s.filters) d.search_schema.push_back({name, false});
  d.projection.type = "ALL";
  return d;
}

const std::vector<std::string> kElements = {"0", "1", "-1", "2", "0.5", "0.1", "-0.3", "1E+2", "3.25"};
const std::vector<std::string> kTenants = {"t1", "t2", std::string("t\0", 2)};
const std::vector<std::string> kLangs = {"en", "fr"};
const std::vector<std::string> kNumbers = {"1", "2", "1.0E+0"};  // "1.0E+0" equals "1"

class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}
  int uniform(int n) { return std::uniform_int_distribution<int>(0, n - 1)(gen_); }
  bool one_in(int n) { return uniform(n) == 0; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[uniform(static_cast<int>(v.size()))];
  }

 private:
  std::mt19937 gen_;
};

float element_of(const AttributeValue& v) { return static_cast<float>(v.as<model::Number>().to_double()); }

struct Model {
  model::KeySchema schema{{"pk", ValueType::S}, model::KeyAttribute{"sk", ValueType::N}};
  std::map<std::string, Item> items;  // storage key -> item

  std::string key(const Item& i) const { return model::storage_key(i, schema); }

  // Whether `i` is in the index: it has the vector attribute, a list of dims numbers, and the
  // HASH attribute when there is one (items written are valid; backfilled ones may not be).
  static bool in_index(const Spec& s, const Item& i) {
    auto v = i.find(s.attribute);
    if (v == i.end() || v->second.type() != ValueType::L) return false;
    const auto& list = v->second.as<model::AttributeList>();
    if (list.size() != s.dims) return false;
    for (const auto& e : list)
      if (e.type() != ValueType::N) return false;
    for (const auto& [name, type] : s.hash) {
      auto h = i.find(name);
      if (h == i.end() || h->second.type() != type) return false;
    }
    for (const auto& [name, type] : s.filters) {
      auto f = i.find(name);
      if (f != i.end() && f->second.type() != type) return false;
    }
    return true;
  }

  // DynamoDB's key order: pk bytewise, then sk numerically.
  static bool key_less(const Item& a, const Item& b) {
    const auto& pa = a.at("pk").as<std::string>();
    const auto& pb = b.at("pk").as<std::string>();
    if (pa != pb) return pa < pb;
    return a.at("sk").as<model::Number>() < b.at("sk").as<model::Number>();
  }

  std::vector<std::pair<Item, double>> search(const Spec& s, const VectorSearchSpec& q) const {
    std::vector<std::pair<Item, double>> rows;
    for (const auto& [k, i] : items) {
      if (!in_index(s, i)) continue;
      if (!s.hash.empty() && !(i.at(s.hash[0].first) == *q.hash_value)) continue;
      bool match = true;
      for (const auto& [name, value] : q.filters) {
        auto f = i.find(name);
        match = match && f != i.end() && f->second == value;
      }
      if (!match) continue;
      std::vector<float> v;
      for (const auto& e : i.at(s.attribute).as<model::AttributeList>()) v.push_back(element_of(e));
      rows.emplace_back(i, vector::exact_score(s.distance, q.vector.data(), v.data(), s.dims));
    }
    const bool higher = vector::higher_is_better(s.distance);
    std::sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
      if (a.second != b.second) return higher ? a.second > b.second : a.second < b.second;
      return key_less(a.first, b.first);
    });
    if (rows.size() > q.top_k) rows.resize(q.top_k);
    return rows;
  }

  std::size_t count(const Spec& s) const {
    return std::count_if(items.begin(), items.end(), [&](const auto& e) { return in_index(s, e.second); });
  }
};

struct Fixture {
  Random rnd;
  Model model;
  std::unique_ptr<Table> table;
  std::vector<Spec> indexes = kIndexes;
  long rejected = 0, searches = 0, hits = 0;
  bool late_defined = false;

  explicit Fixture(uint32_t seed) : rnd(seed) {
    TableDefinition d;
    d.name = "t";
    d.attribute_definitions = {{"pk", ValueType::S},   {"sk", ValueType::N}, {"tenant", ValueType::S},
                               {"lang", ValueType::S}, {"n", ValueType::N},  {"shard", ValueType::N}};
    d.key_schema_elements = {{"pk", true}, {"sk", false}};
    d.key_schema = model.schema;
    d.ttl_attribute = "ttl";
    for (const Spec& s : indexes) d.vector_indexes.push_back(definition_of(s));
    table = std::make_unique<Table>(d);
  }

  AttributeValue vector_value(uint32_t dims) {
    model::AttributeList list;
    for (uint32_t i = 0; i < dims; ++i) list.push_back(N(rnd.pick(kElements)));
    return AttributeValue(list);
  }

  // A random item, valid for every index unless `invalid`. Before kLate exists, u may be what
  // kLate cannot take (its backfill leaves those items out).
  Item random_item(bool invalid) {
    Item i;
    i["pk"] = S(rnd.one_in(2) ? "a" : rnd.one_in(2) ? "b" : "ab");
    i["sk"] = N(std::to_string(rnd.uniform(4)));
    if (!rnd.one_in(6)) i["v"] = vector_value(4);
    if (!rnd.one_in(4)) i["w"] = vector_value(3);
    if (!rnd.one_in(3))
      i["u"] = late_defined || rnd.one_in(2) ? vector_value(2) : rnd.one_in(2) ? vector_value(3) : S("x");
    if (!rnd.one_in(5)) i["tenant"] = S(rnd.pick(kTenants));
    if (!rnd.one_in(3)) i["lang"] = S(rnd.pick(kLangs));
    if (!rnd.one_in(3)) i["n"] = N(rnd.pick(kNumbers));
    if (!rnd.one_in(4)) i["shard"] = N(std::to_string(rnd.uniform(2)));
    if (rnd.one_in(8)) i["ttl"] = N(rnd.one_in(2) ? "1000" : "4000000000");
    if (invalid) make_invalid(i);
    return i;
  }

  // One change that some index must reject, whatever else the item holds.
  void make_invalid(Item& i) {
    switch (rnd.uniform(8)) {
      case 0:
        i["v"] = vector_value(3);  // wrong dimension count
        break;
      case 1: {
        auto list = vector_value(4).as<model::AttributeList>();
        list[rnd.uniform(4)] = S("1");  // not a number
        i["v"] = AttributeValue(list);
        break;
      }
      case 2: {
        auto list = vector_value(3).as<model::AttributeList>();
        list[rnd.uniform(3)] = N(rnd.one_in(2) ? "1E+39" : "-3.5E+38");  // beyond float32
        i["w"] = AttributeValue(list);
        break;
      }
      case 3:
        i["v"] = S("[1,2,3,4]");  // not a list
        break;
      case 4:
        i["tenant"] = N("1");  // HASH of the wrong type
        break;
      case 5:
        i["n"] = S("1");  // INLINE_FILTER of the wrong type
        break;
      case 6:
        i["tenant"] = S("");  // empty HASH value
        break;
      default:
        i["w"] = AttributeValue(model::AttributeList{});  // zero dimensions
        break;
    }
  }

  void expect_rejected(const Item& before_key_item, FunctionRef<void()> write) {
    auto it = model.items.find(model.key(before_key_item));
    std::optional<Item> before = it == model.items.end() ? std::nullopt : std::optional<Item>(it->second);
    try {
      write();
      FAIL("the write was accepted");
    } catch (const model::Error& e) {
      CHECK(e.code() == model::ErrorCode::ValidationException);
      CHECK(e.message().starts_with("One or more parameter values"));
    }
    CHECK(table->get(model::key_of(before_key_item, model.schema)) == before);
    ++rejected;
  }

  void put(bool invalid) {
    Item i = random_item(invalid);
    auto write = [&] {
      test::write_or_throw(*table, model::key_of(i, model.schema), [&](const Item*) { return WriteDecision::put(i); });
    };
    if (invalid) return expect_rejected(i, write);
    write();
    model.items[model.key(i)] = i;
  }

  // An update of an existing item: some indexed attributes changed or removed, or one made invalid.
  void update(bool invalid) {
    if (model.items.empty()) return;
    auto it = model.items.begin();
    std::advance(it, rnd.uniform(static_cast<int>(model.items.size())));
    Item next = it->second;
    if (invalid) {
      make_invalid(next);
    } else {
      Item other = random_item(false);
      for (const char* a : {"v", "w", "u", "tenant", "lang", "n", "shard"}) {
        if (!rnd.one_in(3)) continue;
        if (other.count(a)) {
          next[a] = other[a];
        } else {
          next.erase(a);
        }
      }
      // An item from before kLate may hold a u kLate cannot take: a write of it would be rejected.
      auto u = next.find("u");
      if (late_defined && u != next.end() &&
          (u->second.type() != ValueType::L || u->second.as<model::AttributeList>().size() != 2))
        next["u"] = vector_value(2);
    }
    auto write = [&] {
      test::write_or_throw(
          *table, model::key_of(next, model.schema),
          [&](const Item* old) {
            REQUIRE(old);
            return WriteDecision::put(next);
          },
          /*in_update=*/true);
    };
    if (invalid) return expect_rejected(next, write);
    write();
    it->second = next;
  }

  void remove() {
    Item i = random_item(false);
    table->write(model::key_of(i, model.schema), [](const Item*) { return WriteDecision::remove(); });
    model.items.erase(model.key(i));
  }

  // Two or three actions; one invalid action cancels all of them.
  void transaction() {
    std::shared_ptr<Table> shared(table.get(), [](Table*) {});
    std::vector<TransactWriteAction> actions;
    std::map<std::string, std::optional<Item>> effects;
    bool cancelled = false;
    for (int n = 2 + rnd.uniform(2); n > 0; --n) {
      const bool remove = rnd.one_in(3);
      const bool invalid = !remove && rnd.one_in(6);
      Item i = random_item(invalid);
      std::string k = model.key(i);
      if (effects.count(k)) continue;  // one action per item
      cancelled = cancelled || invalid;
      if (remove) {
        effects[k] = std::nullopt;
        actions.push_back(
            {shared, model::key_of(i, model.schema), [](const Item*) { return WriteDecision::remove(); }});
      } else {
        effects[k] = i;
        actions.push_back({shared, model::key_of(i, model.schema), [i](const Item*) { return WriteDecision::put(i); }});
      }
    }
    auto reasons = transact_write(actions);
    CHECK(reasons.empty() == !cancelled);
    if (cancelled) return;
    for (auto& [k, i] : effects) {
      if (i) {
        model.items[k] = *i;
      } else {
        model.items.erase(k);
      }
    }
  }

  void sweep() {
    const int64_t now_ms = 2'000'000'000'000;
    sweep_table(*table, now_ms);
    std::erase_if(model.items, [&](const auto& e) { return is_expired(e.second, "ttl", now_ms); });
  }

  void check_index(const Spec& s) {
    std::optional<IndexStats> stats = table->vector_index_stats(s.name);
    REQUIRE(stats);
    REQUIRE(stats->item_count == model.count(s));
    for (int trial = 0; trial < 3; ++trial) {
      VectorSearchSpec q;
      for (uint32_t i = 0; i < s.dims; ++i) q.vector.push_back(element_of(N(rnd.pick(kElements))));
      q.top_k = 1 + rnd.uniform(6);
      for (const auto& [name, type] : s.hash)
        q.hash_value = type == ValueType::S ? S(rnd.pick(kTenants)) : N(std::to_string(rnd.uniform(2)));
      if (s.name == "late") q.hash_value = S(rnd.pick(kLangs));
      for (const auto& [name, type] : s.filters) {
        if (!rnd.one_in(2)) continue;
        q.filters.emplace_back(name, type == ValueType::N ? N(rnd.pick(kNumbers))
                                     : name == "tenant"   ? S(rnd.pick(kTenants))
                                                          : S(rnd.pick(kLangs)));
      }
      auto want = model.search(s, q);
      std::vector<std::pair<Item, double>> got;
      table->search_vectors(s.name, q, 0, [&](std::string_view encoded, double score) {
        got.emplace_back(model::decode_item(encoded), score);
      });
      REQUIRE(got.size() == want.size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        INFO(s.name << " hit " << i);
        REQUIRE(got[i].first == want[i].first);
        REQUIRE(got[i].second == want[i].second);
      }
      ++searches;
      hits += static_cast<long>(got.size());
    }
  }

  void check() {
    REQUIRE(table->item_count() == model.items.size());
    for (const Spec& s : indexes) check_index(s);
  }
};

}  // namespace

TEST_CASE("vector indexes follow every write path, checked against a model", "[vector]") {
  for (uint32_t seed : {1u, 2u, 3u}) {
    Fixture f(seed);
    for (int step = 0; step < 600; ++step) {
      const int op = f.rnd.uniform(20);
      if (op < 7) {
        f.put(false);
      } else if (op < 9) {
        f.put(true);
      } else if (op < 12) {
        f.update(false);
      } else if (op < 13) {
        f.update(true);
      } else if (op < 15) {
        f.remove();
      } else if (op < 18) {
        f.transaction();
      } else if (op < 19) {
        f.sweep();
      }
      if (step == 300) {  // backfill a new index on the populated table
        f.table->update_definition([](TableDefinition& d) { d.vector_indexes.push_back(definition_of(kLate)); });
        f.indexes.push_back(kLate);
        f.late_defined = true;
      }
      if (step == 450) {
        f.table->update_definition([](TableDefinition& d) { d.vector_indexes.erase(d.vector_indexes.begin()); });
        f.indexes.erase(f.indexes.begin());
        CHECK(!f.table->vector_index_stats("plain"));
      }
      f.check();
    }
    CHECK(f.rejected > 50);
    CHECK(f.hits > f.searches);  // most searches find something
  }
}

TEST_CASE("a vector index answers only once it is ACTIVE", "[vector]") {
  TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = {{"pk", ValueType::S}, std::nullopt};
  VectorIndexDefinition v = definition_of(kIndexes[0]);
  v.status = "CREATING";
  v.backfill_from_ms = 1000;
  v.transient_until_ms = 2000;
  d.vector_indexes.push_back(v);
  Table table(d);
  Item item{{"pk", S("a")}, {"v", AttributeValue(model::AttributeList{N("1"), N("0"), N("0"), N("0")})}};
  table.write(model::key_of(item, d.key_schema), [&](const Item*) { return WriteDecision::put(item); });
  VectorSearchSpec q;
  q.vector = {1, 0, 0, 0};
  int seen = 0;
  auto visit = [&](std::string_view, double score) {
    ++seen;
    CHECK(score == 0);
  };
  CHECK_THROWS_MATCHES(table.search_vectors("plain", q, 1500, visit), model::Error,
                       Catch::Matchers::Predicate<model::Error>([](const model::Error& e) {
                         return e.code() == model::ErrorCode::ResourceNotFoundException;
                       }));
  table.search_vectors("plain", q, 2000, visit);
  CHECK(seen == 1);
  CHECK_THROWS_AS(table.search_vectors("nope", q, 2000, visit), model::Error);
}

TEST_CASE("vector elements are the nearest float32 of the nearest double", "[vector]") {
  CHECK(model::Number::parse("0.1").to_double() == 0.1);
  CHECK(model::Number::parse("-1.5E-7").to_double() == -1.5e-7);
  CHECK(model::Number::parse("123456789012345678901234567890").to_double() == 123456789012345678901234567890.0);
  CHECK(model::Number::parse("3.4028235E+38").to_double() == 3.4028235e38);
  CHECK(model::Number::parse("1E-130").to_double() == 1e-130);
  CHECK(model::Number::parse("0").to_double() == 0);
}

TEST_CASE("searches run beside writers and always see whole items", "[vector]") {
  // Writers move items between vectors; searchers check that every hit's score is the exact
  // score of the vector in the item returned with it (no torn or stale pairing).
  TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = {{"pk", ValueType::S}, std::nullopt};
  d.vector_indexes.push_back(definition_of(kIndexes[0]));
  Table table(d);
  auto item = [](int key, int value) {
    model::AttributeList v;
    for (int i = 0; i < 4; ++i) v.push_back(N(std::to_string((value + i * 7) % 5 - 2)));
    return Item{{"pk", S("k" + std::to_string(key))}, {"v", AttributeValue(v)}};
  };
  // Items no writer touches, so that every search has hits however the threads are scheduled.
  for (int key = 1000; key < 1010; ++key) {
    Item i = item(key, key);
    table.write(model::key_of(i, d.key_schema), [&](const Item*) { return WriteDecision::put(i); });
  }
  std::atomic<long> checked{0}, wrong{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; ++w) {
    threads.emplace_back([&, w] {
      std::mt19937 gen(w);
      for (int n = 0; n < 1000; ++n) {
        Item i = item(static_cast<int>(gen() % 50), static_cast<int>(gen() % 100));
        table.write(model::key_of(i, d.key_schema),
                    [&](const Item*) { return gen() % 5 == 0 ? WriteDecision::remove() : WriteDecision::put(i); });
      }
    });
  }
  for (int s = 0; s < 2; ++s) {
    threads.emplace_back([&] {
      VectorSearchSpec q;
      q.vector = {1, -1, 0.5f, 2};
      q.top_k = 5;
      for (int n = 0; n < 300; ++n) {  // bounded: readers must not starve the writers
        table.search_vectors("plain", q, 0, [&](std::string_view encoded, double score) {
          Item i = model::decode_item(encoded);
          std::vector<float> v;
          for (const auto& e : i.at("v").as<model::AttributeList>()) v.push_back(element_of(e));
          // Catch's assertions are not thread-safe: count here, check on the main thread.
          if (score != vector::exact_score(vector::Distance::Cosine, q.vector.data(), v.data(), 4)) ++wrong;
          ++checked;
        });
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(checked > 0);
  CHECK(wrong == 0);
}

}  // namespace vector_index_test
