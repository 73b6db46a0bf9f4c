// Secondary indexes against a trivially correct model: the base items in a map, each index
// recomputed from them after every step with plain comparisons (no entry keys).
//
// One table (pk S, sk N) with an LSI, a GSI with S hash + N range, a hash-only GSI (N), a
// KEYS_ONLY GSI sharing attributes with the others, and a multi-attribute GSI (S + N hash, B + N
// range). Random puts, updates and deletes over small value domains move items between index
// keys, make them sparse and make index keys collide; wrong-typed and empty index key values are
// rejected and change nothing. After every step each index is compared with the model: counts,
// sizes, a whole scan, every partition queried forwards and backwards with random Limit paging,
// random range conditions, and a random parallel scan. A GSI is added to the populated table
// (backfill) half way and deleted later.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>

#include "engine/table.h"
#include "model/errors.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/engine_writes.h"
#include "tests/support/key_order.h"
#include "tests/support/values.h"

namespace index_test {

using namespace minnow;
using namespace minnow::engine;
using model::AttributeValue;
using model::Item;
using model::ValueType;

namespace {

using minnow::test::B;
using minnow::test::compare_key_values;
using minnow::test::key_condition_holds;
using minnow::test::N;
using minnow::test::S;

// Small domains: many ties, shared prefixes and embedded zero bytes.
const std::vector<std::string> kStrings = {"a", "b", "ab", std::string("a\0", 2), std::string("a\0b", 3), "\x7f"};
const std::vector<std::string> kNumbers = {"1", "-1", "10", "0", "1.5", "-10", "0.5", "1E+2"};
const std::vector<std::string> kBytes = {std::string("\0", 1),    "\x01", std::string("\0\x01", 2), "a", "\xff",
                                         std::string("\xff\0", 2)};

class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}
  int uniform(int n) { return std::uniform_int_distribution<int>(0, n - 1)(gen_); }
  bool one_in(int n) { return uniform(n) == 0; }
  // One of the first `n` values of the type's domain (all of them when n is 0).
  AttributeValue value(ValueType type, int n = 0) {
    const auto& d = type == ValueType::S ? kStrings : type == ValueType::N ? kNumbers : kBytes;
    int size = n ? std::min<int>(n, static_cast<int>(d.size())) : static_cast<int>(d.size());
    const std::string& s = d[uniform(size)];
    return type == ValueType::S ? S(s) : type == ValueType::N ? N(s) : B(s);
  }

 private:
  std::mt19937 gen_;
};

using Attrs = std::vector<std::pair<std::string, ValueType>>;

struct IndexSpec {
  std::string name;
  bool local = false;
  Attrs hash, range;
  std::string projection = "ALL";
};

const std::vector<IndexSpec> kIndexes = {
    {"lsi", true, {{"pk", ValueType::S}}, {{"lsk", ValueType::S}}},
    {"g1", false, {{"g1h", ValueType::S}}, {{"g1r", ValueType::N}}},
    {"g2", false, {{"g2h", ValueType::N}}, {}},
    {"g3", false, {{"g1h", ValueType::S}}, {{"lsk", ValueType::S}}, "KEYS_ONLY"},
    {"multi", false, {{"m1", ValueType::S}, {"m2", ValueType::N}}, {{"m3", ValueType::B}, {"m4", ValueType::N}}},
};
// Added to the populated table half way (backfill), deleted later.
const IndexSpec kLate = {"late", false, {{"m3", ValueType::B}}, {{"g1r", ValueType::N}, {"lsk", ValueType::S}}};

// The index attributes an item may have (each one is optional: sparse indexes).
const Attrs kIndexAttributes = {{"lsk", ValueType::S}, {"g1h", ValueType::S}, {"g1r", ValueType::N},
                                {"g2h", ValueType::N}, {"m1", ValueType::S},  {"m2", ValueType::N},
                                {"m3", ValueType::B},  {"m4", ValueType::N}};

IndexDefinition definition_of(const IndexSpec& s) {
  IndexDefinition d;
  d.name = s.name;
  for (const auto& [name, type] : s.hash) d.key_schema.push_back({name, true});
  for (const auto& [name, type] : s.range) d.key_schema.push_back({name, false});
  d.projection.type = s.projection;
  return d;
}

struct Model {
  model::KeySchema schema{{"pk", ValueType::S}, model::KeyAttribute{"sk", ValueType::N}};
  std::map<std::string, Item> items;  // storage key -> item

  std::string key(const Item& i) const { return model::storage_key(i, schema); }

  static bool in_index(const IndexSpec& s, const Item& i) {
    for (const auto* attrs : {&s.hash, &s.range})
      for (const auto& [name, type] : *attrs)
        if (!i.count(name)) return false;
    return true;
  }
  static std::vector<AttributeValue> hash_values(const IndexSpec& s, const Item& i) {
    std::vector<AttributeValue> out;
    for (const auto& [name, type] : s.hash) out.push_back(i.at(name));
    return out;
  }
  static std::string partition_id(const std::vector<AttributeValue>& values) {
    std::string id;
    for (const auto& v : values) {
      std::string b = model::key_value_bytes(v);
      id += std::to_string(b.size()) + ":" + b;
    }
    return id;
  }

  // Index order inside a partition: range values left to right, then DynamoDB's digest of the
  // table key (24 bits), then the table key.
  bool index_less(const IndexSpec& s, const Item& a, const Item& b) const {
    for (const auto& [name, type] : s.range) {
      int c = compare_key_values(a.at(name), b.at(name));
      if (c) return c < 0;
    }
    const uint64_t da = model::table_key_hash(a, schema), db = model::table_key_hash(b, schema);
    if (da != db) return da < db;
    return key(a) < key(b);
  }

  std::vector<Item> entries(const IndexSpec& s) const {
    std::vector<Item> out;
    for (const auto& [k, i] : items)
      if (in_index(s, i)) out.push_back(i);
    return out;
  }

  // The distinct partitions of the index, each with its items in index order.
  std::map<std::string, std::pair<std::vector<AttributeValue>, std::vector<Item>>> partitions(
      const IndexSpec& s) const {
    std::map<std::string, std::pair<std::vector<AttributeValue>, std::vector<Item>>> out;
    for (const Item& i : entries(s)) {
      auto h = hash_values(s, i);
      auto& p = out[partition_id(h)];
      p.first = h;
      p.second.push_back(i);
    }
    for (auto& [id, p] : out)
      std::sort(p.second.begin(), p.second.end(), [&](const Item& a, const Item& b) { return index_less(s, a, b); });
    return out;
  }

  model::AttributeMap page_key(const IndexSpec& s, const Item& i) const {
    model::AttributeMap k = model::key_of(i, schema);
    for (const auto* attrs : {&s.hash, &s.range})
      for (const auto& [name, type] : *attrs) k.emplace(name, i.at(name));
    return k;
  }
};

struct Counters {
  long steps = 0, rejected = 0, queries = 0, pages = 0, conditions = 0, scans = 0;
};

struct Fixture {
  Random rnd;
  Model model;
  std::unique_ptr<Table> table;
  std::vector<IndexSpec> indexes = kIndexes;
  Counters& counters;

  Fixture(uint32_t seed, Counters& c) : rnd(seed), counters(c) {
    TableDefinition d;
    d.name = "t";
    d.key_schema = model.schema;
    d.key_schema_elements = {{"pk", true}, {"sk", false}};
    d.attribute_definitions = {{"pk", ValueType::S}, {"sk", ValueType::N}};
    for (const auto& [name, type] : kIndexAttributes) d.attribute_definitions.push_back({name, type});
    for (const IndexSpec& s : kIndexes) (s.local ? d.local_indexes : d.global_indexes).push_back(definition_of(s));
    table = std::make_unique<Table>(d);
  }

  Item random_key() {
    static const char* kPks[] = {"p", "q", "r"};
    return {{"pk", S(kPks[rnd.uniform(3)])}, {"sk", N(std::to_string(1 + rnd.uniform(4)))}};
  }
  // Index attributes: hash attributes from a smaller domain (partitions collide), each present
  // two times in three.
  void set_random(Item& item, const std::pair<std::string, ValueType>& attr) {
    bool hash = attr.first == "g1h" || attr.first == "g2h" || attr.first == "m1" || attr.first == "m2";
    item[attr.first] = rnd.value(attr.second, hash ? 3 : 0);
  }
  Item random_item() {
    Item item = random_key();
    for (const auto& attr : kIndexAttributes)
      if (!rnd.one_in(3)) set_random(item, attr);
    item["v"] = S(std::string(rnd.uniform(30), 'x'));
    return item;
  }
  // An item with one index key attribute of the wrong type or empty.
  void spoil(Item& item) {
    const auto& [name, type] = kIndexAttributes[rnd.uniform(static_cast<int>(kIndexAttributes.size()))];
    if (type != ValueType::N && rnd.one_in(2)) {
      item[name] = type == ValueType::S ? S("") : B("");
    } else {
      item[name] = type == ValueType::N ? (rnd.one_in(2) ? S("1") : B("1")) : N("1");
    }
  }

  void step() {
    ++counters.steps;
    Item key = random_key();
    std::string k = model.key(key);
    const Item* old = model.items.count(k) ? &model.items.at(k) : nullptr;
    int what = rnd.uniform(10);
    if (what < 2) {
      table->write(key, [](const Item*) { return WriteDecision::remove(); });
      model.items.erase(k);
      return;
    }
    Item next;
    if (what < 6) {
      next = random_item();
      next["pk"] = key["pk"];
      next["sk"] = key["sk"];
    } else {
      next = old ? *old : key;
      for (int n = 1 + rnd.uniform(3); n > 0; --n) {
        const auto& attr = kIndexAttributes[rnd.uniform(static_cast<int>(kIndexAttributes.size()))];
        if (rnd.one_in(3))
          next.erase(attr.first);
        else
          set_random(next, attr);
      }
    }
    const bool bad = rnd.one_in(8);
    if (bad) spoil(next);
    const bool from_update = what >= 6;
    // A PutItem's decision holds the item in its stored form only: the table decodes what its
    // indexes read of it, and of the item it replaces when the decision does not read that.
    const std::string stored = model::encode_item(next);
    const bool reads_old = from_update || rnd.one_in(2);
    auto write = [&] {
      test::write_or_throw(
          *table, key,
          [&](const Item*) { return from_update ? WriteDecision::put(next) : WriteDecision::put_stored(stored); },
          from_update, reads_old);
    };
    if (bad) {
      ++counters.rejected;
      REQUIRE_THROWS_AS(write(), model::Error);
      REQUIRE(table->get(key) == (old ? std::optional<Item>(*old) : std::nullopt));
      return;
    }
    write();
    model.items[k] = next;
  }

  std::vector<Item> query_page(const IndexSpec& s, const IndexQuerySpec& q, std::size_t limit, PageResult& r) {
    std::vector<Item> got;
    PageLimits l;
    l.max_items = limit;
    r = table->query_index(s.name, q, l, [&](std::string_view e) { got.push_back(model::decode_item(e)); });
    return got;
  }

  // Pages through the query with random limits; the pages, concatenated, must be `want`.
  void check_query(const IndexSpec& s, IndexQuerySpec q, const std::vector<Item>& want) {
    ++counters.queries;
    std::size_t pos = 0;
    for (int guard = 0;; ++guard) {
      REQUIRE(guard <= static_cast<int>(want.size()) + 1);
      std::size_t limit = rnd.one_in(3) ? 0 : 1 + rnd.uniform(4);
      PageResult r;
      std::vector<Item> got = query_page(s, q, limit, r);
      ++counters.pages;
      std::size_t n = std::min(want.size() - pos, limit ? limit : want.size());
      REQUIRE(got == std::vector<Item>(want.begin() + pos, want.begin() + pos + n));
      REQUIRE(r.scanned_count == n);
      pos += n;
      if (limit && n == limit) {
        REQUIRE(r.last_evaluated_key == model.page_key(s, got.back()));
      } else {
        REQUIRE(!r.last_evaluated_key);
        REQUIRE(pos == want.size());
        return;
      }
      q.exclusive_start_key = r.last_evaluated_key;
    }
  }

  std::vector<Item> scan_all(const IndexSpec& s, uint32_t segment, uint32_t total) {
    std::vector<Item> all;
    ScanSpec spec;
    spec.segment = segment;
    spec.total_segments = total;
    for (int guard = 0;; ++guard) {
      REQUIRE(guard <= static_cast<int>(model.items.size()) + 1);
      PageLimits l;
      if (!rnd.one_in(3)) l.max_items = 1 + rnd.uniform(5);
      std::vector<Item> got;
      PageResult r =
          table->scan_index(s.name, spec, l, [&](std::string_view e) { got.push_back(model::decode_item(e)); });
      REQUIRE(r.scanned_count == got.size());
      if (r.last_evaluated_key) REQUIRE(*r.last_evaluated_key == model.page_key(s, got.back()));
      all.insert(all.end(), got.begin(), got.end());
      if (!r.last_evaluated_key) return all;
      spec.exclusive_start_key = r.last_evaluated_key;
    }
  }

  SortKeyCondition random_condition(ValueType type, const std::vector<AttributeValue>& existing) {
    SortKeyCondition c;
    c.op = static_cast<model::KeyOperator>(rnd.uniform(type == ValueType::N ? 6 : 7));
    auto pick = [&] {
      return !existing.empty() && rnd.one_in(2) ? existing[rnd.uniform(static_cast<int>(existing.size()))]
                                                : rnd.value(type);
    };
    c.value = pick();
    if (c.op == model::KeyOperator::BEGINS_WITH && rnd.one_in(2)) {
      std::string prefix = model::bytes_of(c.value).substr(0, 1);
      c.value = type == ValueType::S ? S(prefix) : B(prefix);
    }
    if (c.op == model::KeyOperator::BETWEEN) {
      c.high = pick();
      if (compare_key_values(c.value, c.high) > 0) std::swap(c.value, c.high);
    }
    return c;
  }

  void check_index(const IndexSpec& s) {
    std::vector<Item> entries = model.entries(s);
    auto stats = table->index_stats(s.name);
    REQUIRE(stats);
    // An entry's size is its projected attributes' (KEYS_ONLY: the table's and the index's keys).
    uint64_t size = 0;
    for (const Item& i : entries) {
      if (s.projection == "ALL") {
        size += model::item_size(i);
        continue;
      }
      Item projected;
      for (const std::string& name : {std::string("pk"), std::string("sk")}) projected.emplace(name, i.at(name));
      for (const auto* attrs : {&s.hash, &s.range})
        for (const auto& [name, type] : *attrs) projected.emplace(name, i.at(name));
      size += model::item_size(projected);
    }
    REQUIRE(stats->item_count == entries.size());
    REQUIRE(stats->size_bytes == size);

    auto partitions = model.partitions(s);

    // A whole scan: every entry once, each partition contiguous and in index order.
    {
      std::vector<Item> got;
      PageResult r = table->scan_index(s.name, ScanSpec{}, PageLimits{},
                                       [&](std::string_view e) { got.push_back(model::decode_item(e)); });
      REQUIRE(!r.last_evaluated_key);
      REQUIRE(got.size() == entries.size());
      std::set<std::string> seen;
      std::size_t pos = 0;
      while (pos < got.size()) {
        std::string id = Model::partition_id(Model::hash_values(s, got[pos]));
        REQUIRE(seen.insert(id).second);  // contiguous
        const auto& want = partitions.at(id).second;
        REQUIRE(pos + want.size() <= got.size());
        REQUIRE(std::vector<Item>(got.begin() + pos, got.begin() + pos + want.size()) == want);
        pos += want.size();
      }
      REQUIRE(seen.size() == partitions.size());
    }

    // Every partition, both ways, paged.
    for (const auto& [id, p] : partitions) {
      for (bool forward : {true, false}) {
        IndexQuerySpec q;
        q.hash_values = p.first;
        q.forward = forward;
        std::vector<Item> want = p.second;
        if (!forward) std::reverse(want.begin(), want.end());
        check_query(s, q, want);
      }
    }

    // Random range conditions after random-length equality prefixes.
    if (!s.range.empty() && !partitions.empty()) {
      for (int n = 0; n < 3; ++n) {
        auto it = partitions.begin();
        std::advance(it, rnd.uniform(static_cast<int>(partitions.size())));
        const auto& [hash, items] = it->second;
        IndexQuerySpec q;
        q.hash_values = hash;
        q.forward = !rnd.one_in(2);
        const std::size_t prefix = rnd.uniform(static_cast<int>(s.range.size()) + 1);
        const Item& sample = items[rnd.uniform(static_cast<int>(items.size()))];
        for (std::size_t i = 0; i < prefix; ++i) {
          const auto& [name, type] = s.range[i];
          q.range_equal.push_back(rnd.one_in(4) ? rnd.value(type) : sample.at(name));
        }
        if (prefix < s.range.size() && !rnd.one_in(5)) {
          const auto& [name, type] = s.range[prefix];
          std::vector<AttributeValue> existing;
          for (const Item& i : items) existing.push_back(i.at(name));
          q.sort = random_condition(type, existing);
        }
        std::vector<Item> want;
        for (const Item& i : items) {
          bool ok = true;
          for (std::size_t k = 0; k < prefix && ok; ++k)
            ok = compare_key_values(i.at(s.range[k].first), q.range_equal[k]) == 0;
          if (ok && q.sort) ok = key_condition_holds(*q.sort, i.at(s.range[prefix].first));
          if (ok) want.push_back(i);
        }
        if (!q.forward) std::reverse(want.begin(), want.end());
        ++counters.conditions;
        check_query(s, q, want);
      }
    }

    // A parallel scan covers every entry exactly once.
    {
      ++counters.scans;
      const uint32_t total = 1 + rnd.uniform(7);
      std::vector<Item> all;
      for (uint32_t seg = 0; seg < total; ++seg) {
        std::vector<Item> part = scan_all(s, seg, total);
        if (s.hash.size() == 1)
          for (const Item& i : part) REQUIRE(in_segment(i.at(s.hash[0].first), seg, total));
        all.insert(all.end(), part.begin(), part.end());
      }
      auto by_key = [&](const Item& a, const Item& b) { return model.key(a) < model.key(b); };
      std::sort(all.begin(), all.end(), by_key);
      std::sort(entries.begin(), entries.end(), by_key);
      REQUIRE(all == entries);
    }
  }

  void check() {
    REQUIRE(table->item_count() == model.items.size());
    for (const IndexSpec& s : indexes) check_index(s);
  }

  void add_late_index() {
    table->update_definition([](TableDefinition& d) { d.global_indexes.push_back(definition_of(kLate)); });
    indexes.push_back(kLate);
  }
  void delete_late_index() {
    table->update_definition([](TableDefinition& d) {
      std::erase_if(d.global_indexes, [](const IndexDefinition& i) { return i.name == kLate.name; });
    });
    indexes.pop_back();
    REQUIRE(!table->index_stats(kLate.name));
    REQUIRE_THROWS_AS(table->scan_index(kLate.name, ScanSpec{}, PageLimits{}, [](std::string_view) {}), model::Error);
  }
};

}  // namespace

TEST_CASE("secondary indexes match a model recomputed from the base items after every write") {
  Counters counters;
  for (uint32_t seed : {1u, 20260501u, 777u, 4242u}) {
    INFO("seed " << seed);
    Fixture f(seed, counters);
    f.check();
    for (int step = 0; step < 300; ++step) {
      INFO("step " << step);
      f.step();
      if (step == 120) f.add_late_index();  // backfilled from the populated table
      if (step == 240) f.delete_late_index();
      f.check();
    }
  }
  CHECK(counters.steps == 1200);
  CHECK(counters.rejected > 50);
  WARN("index model test: " << counters.steps << " steps, " << counters.rejected << " rejected writes, "
                            << counters.queries << " queries in " << counters.pages << " pages, " << counters.conditions
                            << " range conditions, " << counters.scans << " parallel scans");
}

TEST_CASE("index order for equal index keys is DynamoDB's digest of the table key; sparse items are left out") {
  Counters counters;
  Fixture f(99, counters);
  for (const char* pk : {"r", "p", "q"})
    for (const char* sk : {"3", "1", "2"}) {
      Item item{{"pk", S(pk)},
                {"sk", N(sk)},
                {"g1h", S("a")},
                {"g1r", N("1")},
                {"m1", S("a")},
                {"m2", N("1")},
                {"m3", B(std::string("\0", 1))},
                {"m4", N("0")}};
      if (std::string(sk) == "2") item.erase("m4");  // sparse in multi
      f.table->write(model::key_of(item, f.model.schema), [&](const Item*) { return WriteDecision::put(item); });
      f.model.items[f.model.key(item)] = item;
    }
  f.check();
  REQUIRE(f.table->index_stats("multi")->item_count == 6);
  REQUIRE(f.table->index_stats("g1")->item_count == 9);
  REQUIRE(f.table->index_stats("g2")->item_count == 0);
}

TEST_CASE("a rejected index key leaves the table and its indexes unchanged") {
  Counters counters;
  Fixture f(5, counters);
  Item good{{"pk", S("p")}, {"sk", N("1")}, {"g1h", S("a")}, {"g1r", N("2")}, {"lsk", S("b")}};
  f.table->write(model::key_of(good, f.model.schema), [&](const Item*) { return WriteDecision::put(good); });
  f.model.items[f.model.key(good)] = good;
  for (auto [name, value] : std::vector<std::pair<std::string, AttributeValue>>{
           {"g1r", S("2")}, {"g1h", N("1")}, {"m3", S("x")}, {"lsk", S("")}, {"m3", B("")}, {"g2h", B("1")}}) {
    Item bad = good;
    bad[name] = value;
    bad["v"] = S("changed");
    for (bool update : {false, true}) {
      REQUIRE_THROWS_AS(test::write_or_throw(
                            *f.table, model::key_of(bad, f.model.schema),
                            [&](const Item*) { return WriteDecision::put(bad); }, update),
                        model::Error);
      f.check();
    }
  }
  REQUIRE(f.table->get(model::key_of(good, f.model.schema)) == good);
}

}  // namespace index_test
