// Table::query and Table::scan against a trivially correct model: a vector of items, filtered
// and sorted with plain comparisons (no storage keys), in the style of LevelDB's skiplist test.
// Random tables (hash only; hash + range with S, N or B sort keys), random writes and deletes,
// random key conditions, directions, limits, byte budgets and start keys; every page and every
// concatenation of pages is compared with the model.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <thread>

#include "engine/table.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/key_order.h"
#include "tests/support/values.h"

namespace query_test {

using namespace minnow;
using namespace minnow::engine;
using model::AttributeValue;
using model::ValueType;

namespace {

using minnow::test::B;
using minnow::test::compare_key_values;
using minnow::test::key_condition_holds;
using minnow::test::N;
using minnow::test::S;

// DynamoDB's segment of a partition hash: its top 12 bits p (4096 buckets), floor(p * total / 4096).
uint32_t segment_of(uint64_t hash, uint32_t total) { return static_cast<uint32_t>((hash >> 52) * total / 4096); }

// ---- Values ---------------------------------------------------------------------------------

class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}
  int uniform(int n) { return std::uniform_int_distribution<int>(0, n - 1)(gen_); }
  bool one_in(int n) { return uniform(n) == 0; }

  AttributeValue value(ValueType type) {
    if (type == ValueType::N) {
      static const char* kNumbers[] = {"-100",  "-12.5", "-1",  "-0.001", "0",
                                       "0.001", "1",     "1.5", "2",      "10",
                                       "12.5",  "99",    "100", "1E+3",   "123456789012345678901234567890"};
      return N(kNumbers[uniform(std::size(kNumbers))]);
    }
    // Short strings over a small alphabet: many shared prefixes (begins_with) and ties.
    static const char kAlphabet[] = {'a', 'b', 'c', '\x01', '\x7f'};
    static const char kBytes[] = {'\0', '\x01', 'a', '\x7f', '\x80', '\xff'};
    std::string s;
    int n = 1 + uniform(3);
    for (int i = 0; i < n; ++i) s += type == ValueType::S ? kAlphabet[uniform(5)] : kBytes[uniform(6)];
    return type == ValueType::S ? S(s) : B(s);
  }

 private:
  std::mt19937 gen_;
};

// ---- The model ------------------------------------------------------------------------------

struct Model {
  model::KeySchema schema;
  std::vector<model::Item> items;

  const AttributeValue& hash(const model::Item& i) const { return i.at(schema.hash.name); }
  const AttributeValue& sort(const model::Item& i) const { return i.at(schema.range->name); }

  bool same_key(const model::Item& a, const model::AttributeMap& key) const {
    if (!(hash(a) == key.at(schema.hash.name))) return false;
    return !schema.range || compare_key_values(sort(a), key.at(schema.range->name)) == 0;
  }

  void put(const model::Item& item) {
    auto key = model::key_of(item, schema);
    for (auto& i : items)
      if (same_key(i, key)) {
        i = item;
        return;
      }
    items.push_back(item);
  }
  void remove(const model::AttributeMap& key) {
    std::erase_if(items, [&](const model::Item& i) { return same_key(i, key); });
  }

  // Scan order: partition hash, then the partition key (length first, as in the storage key),
  // then the sort key.
  bool scan_less(const model::Item& a, const model::Item& b) const {
    uint64_t ha = model::partition_hash(hash(a)), hb = model::partition_hash(hash(b));
    if (ha != hb) return ha < hb;
    std::string ka = model::key_value_bytes(hash(a)), kb = model::key_value_bytes(hash(b));
    if (ka.size() != kb.size()) return ka.size() < kb.size();
    if (ka != kb) return ka < kb;
    return schema.range && compare_key_values(sort(a), sort(b)) < 0;
  }

  // Every item the query selects, in its order, ignoring the start key and the limits.
  std::vector<model::Item> query_all(const QuerySpec& q) const {
    std::vector<model::Item> out;
    for (const auto& i : items)
      if (hash(i) == q.hash_value && (!q.sort || key_condition_holds(*q.sort, sort(i)))) out.push_back(i);
    if (schema.range) {
      std::sort(out.begin(), out.end(),
                [&](const model::Item& a, const model::Item& b) { return compare_key_values(sort(a), sort(b)) < 0; });
    }
    if (!q.forward) std::reverse(out.begin(), out.end());
    return out;
  }

  std::vector<model::Item> scan_all(const ScanSpec& s) const {
    std::vector<model::Item> out;
    for (const auto& i : items)
      if (segment_of(model::partition_hash(hash(i)), s.total_segments) == s.segment) out.push_back(i);
    std::sort(out.begin(), out.end(), [&](const model::Item& a, const model::Item& b) { return scan_less(a, b); });
    return out;
  }

  // Drops the items up to and including the start key's position in `ordered`.
  std::vector<model::Item> after(std::vector<model::Item> ordered, const model::AttributeMap& start, bool forward,
                                 bool scan) const {
    model::Item start_item = start;
    auto before_or_at = [&](const model::Item& i) {
      if (scan) return !scan_less(start_item, i);
      if (!schema.range) return true;  // a query's start key is in its (single-item) partition
      int c = compare_key_values(sort(i), start.at(schema.range->name));
      return forward ? c <= 0 : c >= 0;
    };
    std::erase_if(ordered, before_or_at);
    return ordered;
  }
};

struct ModelPage {
  std::vector<model::Item> items;
  std::size_t bytes = 0;
  std::optional<model::AttributeMap> last_evaluated_key;
};

ModelPage cut_page(const std::vector<model::Item>& ordered, const PageLimits& limits, const model::KeySchema& schema) {
  ModelPage page;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    page.items.push_back(ordered[i]);
    page.bytes += model::item_size(ordered[i]);
    bool full = limits.max_items && page.items.size() == limits.max_items;
    if (full || (page.bytes >= limits.max_bytes && i + 1 < ordered.size())) {
      page.last_evaluated_key = model::key_of(ordered[i], schema);
      break;
    }
  }
  return page;
}

// ---- Fixtures -------------------------------------------------------------------------------

struct Fixture {
  Model model;
  std::unique_ptr<Table> table;
  std::vector<AttributeValue> hashes;  // the partitions in use

  Fixture(ValueType hash_type, std::optional<ValueType> range_type, Random& rnd) {
    TableDefinition d;
    d.name = "t";
    d.key_schema.hash = {"pk", hash_type};
    if (range_type) d.key_schema.range = model::KeyAttribute{"sk", *range_type};
    model.schema = d.key_schema;
    table = std::make_unique<Table>(d);
    int partitions = 1 + rnd.uniform(6);
    std::set<std::string> seen;
    while (static_cast<int>(hashes.size()) < partitions) {
      AttributeValue h = rnd.value(hash_type);
      if (seen.insert(model::key_value_bytes(h)).second) hashes.push_back(h);
    }
  }

  model::Item random_item(Random& rnd) {
    model::Item item;
    item.emplace("pk", hashes[rnd.uniform(static_cast<int>(hashes.size()))]);
    if (model.schema.range) item.emplace("sk", rnd.value(model.schema.range->type));
    item.emplace("v", S(std::string(rnd.uniform(40), 'x')));
    return item;
  }

  void put(const model::Item& item) {
    table->write(model::key_of(item, model.schema), [&](const model::Item*) { return WriteDecision::put(item); });
    model.put(item);
  }
  void remove(const model::AttributeMap& key) {
    table->write(key, [](const model::Item*) { return WriteDecision::remove(); });
    model.remove(key);
  }

  void fill(Random& rnd, int n) {
    for (int i = 0; i < n; ++i) {
      model::Item item = random_item(rnd);
      if (rnd.one_in(5))
        remove(model::key_of(item, model.schema));
      else
        put(item);
    }
  }

  std::optional<SortKeyCondition> random_condition(Random& rnd) {
    if (!model.schema.range || rnd.one_in(4)) return std::nullopt;
    ValueType t = model.schema.range->type;
    SortKeyCondition c;
    int ops = t == ValueType::N ? 6 : 7;
    c.op = static_cast<model::KeyOperator>(rnd.uniform(ops));
    // Half the time an existing sort key, so that equality and inclusive bounds are hit.
    auto pick = [&] {
      if (!model.items.empty() && rnd.one_in(2))
        return model.items[rnd.uniform(static_cast<int>(model.items.size()))].at("sk");
      return rnd.value(t);
    };
    c.value = pick();
    if (c.op == model::KeyOperator::BEGINS_WITH && rnd.one_in(2)) {
      std::string prefix = model::bytes_of(c.value).substr(0, 1);
      c.value = t == ValueType::S ? S(prefix) : B(prefix);
    }
    if (c.op == model::KeyOperator::BETWEEN) {
      c.high = pick();
      if (compare_key_values(c.value, c.high) > 0) std::swap(c.value, c.high);
    }
    return c;
  }

  std::vector<model::Item> run_query(const QuerySpec& q, const PageLimits& limits, PageResult& result) {
    std::vector<model::Item> got;
    result = table->query(q, limits, [&](std::string_view e) { got.push_back(model::decode_item(e)); });
    return got;
  }
  std::vector<model::Item> run_scan(const ScanSpec& s, const PageLimits& limits, PageResult& result) {
    std::vector<model::Item> got;
    result = table->scan(s, limits, [&](std::string_view e) { got.push_back(model::decode_item(e)); });
    return got;
  }
};

PageLimits random_limits(Random& rnd) {
  PageLimits l;
  if (rnd.one_in(2)) l.max_items = 1 + rnd.uniform(8);
  if (rnd.one_in(3)) l.max_bytes = 1 + rnd.uniform(300);
  return l;
}

void check_page(const ModelPage& want, const std::vector<model::Item>& got, const PageResult& result) {
  REQUIRE(got == want.items);
  REQUIRE(result.scanned_count == want.items.size());
  REQUIRE(result.bytes_read == want.bytes);
  REQUIRE(result.last_evaluated_key == want.last_evaluated_key);
}

struct Schema {
  ValueType hash;
  std::optional<ValueType> range;
};
const Schema kSchemas[] = {
    {ValueType::S, std::nullopt}, {ValueType::N, std::nullopt}, {ValueType::B, std::nullopt},
    {ValueType::S, ValueType::S}, {ValueType::S, ValueType::N}, {ValueType::N, ValueType::B},
    {ValueType::B, ValueType::N},
};

}  // namespace

TEST_CASE("query: one page matches the model (conditions, directions, limits, start keys)") {
  Random rnd(20260101);
  for (int round = 0; round < 300; ++round) {
    const Schema& s = kSchemas[round % std::size(kSchemas)];
    Fixture f(s.hash, s.range, rnd);
    f.fill(rnd, rnd.uniform(60));
    for (int q = 0; q < 20; ++q) {
      QuerySpec spec;
      spec.hash_value = f.hashes[rnd.uniform(static_cast<int>(f.hashes.size()))];
      spec.sort = f.random_condition(rnd);
      spec.forward = !rnd.one_in(2);
      std::vector<model::Item> ordered = f.model.query_all(spec);
      if (s.range && rnd.one_in(2)) {
        // A start key inside the query's range: an existing item's, or any key that matches.
        model::AttributeMap start{{"pk", spec.hash_value}, {"sk", rnd.value(*s.range)}};
        if (!ordered.empty() && rnd.one_in(2))
          start = model::key_of(ordered[rnd.uniform(static_cast<int>(ordered.size()))], f.model.schema);
        if (!spec.sort || key_condition_holds(*spec.sort, start.at("sk"))) {
          spec.exclusive_start_key = start;
          ordered = f.model.after(ordered, start, spec.forward, false);
        }
      }
      PageLimits limits = random_limits(rnd);
      PageResult result;
      auto got = f.run_query(spec, limits, result);
      INFO("round " << round << " query " << q);
      check_page(cut_page(ordered, limits, f.model.schema), got, result);
    }
  }
}

TEST_CASE("query: the pages of a query, concatenated, are the model's result") {
  Random rnd(7);
  for (int round = 0; round < 200; ++round) {
    const Schema& s = kSchemas[round % std::size(kSchemas)];
    Fixture f(s.hash, s.range, rnd);
    f.fill(rnd, 20 + rnd.uniform(80));
    QuerySpec spec;
    spec.hash_value = f.hashes[rnd.uniform(static_cast<int>(f.hashes.size()))];
    spec.sort = f.random_condition(rnd);
    spec.forward = !rnd.one_in(2);
    PageLimits limits = random_limits(rnd);
    std::vector<model::Item> all;
    for (int pages = 0;; ++pages) {
      REQUIRE(pages < 1000);
      PageResult result;
      auto got = f.run_query(spec, limits, result);
      all.insert(all.end(), got.begin(), got.end());
      if (!result.last_evaluated_key) break;
      spec.exclusive_start_key = result.last_evaluated_key;
    }
    spec.exclusive_start_key.reset();
    REQUIRE(all == f.model.query_all(spec));
  }
}

TEST_CASE("scan: segments are ranges of the hash space; together they return every item once") {
  Random rnd(99);
  for (int round = 0; round < 100; ++round) {
    const Schema& s = kSchemas[round % std::size(kSchemas)];
    Fixture f(s.hash, s.range, rnd);
    f.fill(rnd, rnd.uniform(120));
    uint32_t total = 1 + rnd.uniform(round % 3 == 0 ? 2 : 9);
    if (round % 10 == 9) total = kMaxTotalSegments - rnd.uniform(3);
    PageLimits limits = random_limits(rnd);
    std::vector<model::Item> everything;
    // With a million segments, only those that hold an item (and their neighbours) are read.
    std::set<uint32_t> segments;
    if (total > 100) {
      for (const auto& i : f.model.items) {
        uint32_t mine = segment_of(model::partition_hash(i.at("pk")), total);
        for (uint32_t s : {mine - 1, mine, mine + 1})
          if (s < total) segments.insert(s);
      }
    } else {
      for (uint32_t s = 0; s < total; ++s) segments.insert(s);
    }
    for (uint32_t seg : segments) {
      ScanSpec spec{seg, total, std::nullopt};
      std::vector<model::Item> want = f.model.scan_all(spec), got_all;
      for (int pages = 0;; ++pages) {
        REQUIRE(pages < 1000);
        PageResult result;
        auto got = f.run_scan(spec, limits, result);
        auto ordered = spec.exclusive_start_key ? f.model.after(want, *spec.exclusive_start_key, true, true) : want;
        check_page(cut_page(ordered, limits, f.model.schema), got, result);
        got_all.insert(got_all.end(), got.begin(), got.end());
        if (!result.last_evaluated_key) break;
        for (const auto& i : got) REQUIRE(in_segment(i.at("pk"), seg, total));
        spec.exclusive_start_key = result.last_evaluated_key;
      }
      REQUIRE(got_all == want);
      everything.insert(everything.end(), got_all.begin(), got_all.end());
    }
    if (total <= 100) {
      REQUIRE(everything.size() == f.model.items.size());
      auto sorted = f.model.scan_all({0, 1, std::nullopt});
      std::sort(everything.begin(), everything.end(),
                [&](const model::Item& a, const model::Item& b) { return f.model.scan_less(a, b); });
      REQUIRE(everything == sorted);
    }
  }
}

TEST_CASE("paging resumes exactly after a start key whose item was deleted meanwhile") {
  Random rnd(4242);
  for (int round = 0; round < 200; ++round) {
    const Schema& s = kSchemas[round % std::size(kSchemas)];
    Fixture f(s.hash, s.range, rnd);
    f.fill(rnd, 30 + rnd.uniform(60));
    PageLimits limits;
    limits.max_items = 1 + rnd.uniform(5);
    bool scan = round % 2 == 0 || !s.range;
    QuerySpec q;
    q.hash_value = f.hashes[0];
    q.forward = !rnd.one_in(2);
    ScanSpec sc;
    std::vector<model::Item> seen;
    for (int pages = 0;; ++pages) {
      REQUIRE(pages < 1000);
      PageResult result;
      auto got = scan ? f.run_scan(sc, limits, result) : f.run_query(q, limits, result);
      seen.insert(seen.end(), got.begin(), got.end());
      if (!result.last_evaluated_key) break;
      // Delete the start key's item (and sometimes its neighbours ahead) before resuming.
      f.remove(*result.last_evaluated_key);
      (scan ? sc.exclusive_start_key : q.exclusive_start_key) = result.last_evaluated_key;
      auto rest = scan ? f.model.after(f.model.scan_all({0, 1, std::nullopt}), *sc.exclusive_start_key, true, true)
                       : f.model.after(f.model.query_all(q), *q.exclusive_start_key, q.forward, false);
      PageResult peek;
      auto next = scan ? f.run_scan(sc, limits, peek) : f.run_query(q, limits, peek);
      check_page(cut_page(rest, limits, f.model.schema), next, peek);
    }
    // Every item still in the table that sorts after the first page's start was seen once.
    std::set<std::string> keys;
    for (const auto& i : seen) REQUIRE(keys.insert(model::storage_key(i, f.model.schema)).second);
  }
}

TEST_CASE("the byte budget counts item sizes and keeps the item that crosses it") {
  TableDefinition d;
  d.name = "t";
  d.key_schema.hash = {"pk", ValueType::S};
  d.key_schema.range = model::KeyAttribute{"sk", ValueType::N};
  Table table(d);
  // Items of about 100 KB: 10 stay under 1 MB, the 11th crosses it (DynamoDB Local's figures).
  std::size_t first_eleven = 0;
  for (int i = 0; i < 12; ++i) {
    model::Item item{{"pk", S("a")}, {"sk", N(std::to_string(i))}, {"d", S(std::string(100 * 1024, 'x'))}};
    if (i < 11) first_eleven += model::item_size(item);
    table.write(model::key_of(item, d.key_schema), [&](const model::Item*) { return WriteDecision::put(item); });
  }
  QuerySpec q;
  q.hash_value = S("a");
  std::size_t n = 0;
  PageResult r = table.query(q, {}, [&](std::string_view) { ++n; });
  CHECK(n == 11);
  CHECK(r.bytes_read == first_eleven);
  REQUIRE(r.last_evaluated_key);
  CHECK(r.last_evaluated_key->at("sk") == N("10"));
  // The size limit at the very last item: no LastEvaluatedKey. Limit at the last item: one.
  q.exclusive_start_key = model::AttributeMap{{"pk", S("a")}, {"sk", N("0")}};
  r = table.query(q, {}, [](std::string_view) {});
  CHECK(r.scanned_count == 11);
  CHECK(!r.last_evaluated_key);
  r = table.query(q, {11, kMaxPageBytes}, [](std::string_view) {});
  CHECK(r.last_evaluated_key);
}

TEST_CASE("segment hash ranges tile the 64-bit space in DynamoDB's 4096 buckets") {
  for (uint32_t total : {1u, 2u, 3u, 7u, 1000u, 4096u, 5000u, kMaxTotalSegments}) {
    uint64_t next = 0;
    bool done = false;
    for (uint32_t s = 0; s < std::min(total, 6000u); ++s) {
      HashRange r = segment_hash_range(s, total);
      if (r.last < r.first) continue;  // more segments than buckets: this one holds none
      REQUIRE(!done);
      REQUIRE(r.first == next);
      REQUIRE((r.first & ((uint64_t(1) << 52) - 1)) == 0);  // whole buckets
      if (r.last == UINT64_MAX) {
        done = true;
      } else {
        next = r.last + 1;
      }
    }
    if (total <= 6000) REQUIRE(done);
    for (uint64_t bucket : {0ull, 1ull, 2047ull, 4095ull}) {
      INFO("total " << total << ", bucket " << bucket);
      CHECK(segment_of(bucket << 52, total) == bucket * total / 4096);
      HashRange r = segment_hash_range(static_cast<uint32_t>(bucket * total / 4096), total);
      CHECK((r.first <= (bucket << 52) && (bucket << 52) <= r.last));
    }
  }
}

TEST_CASE("prefix successor") {
  CHECK(prefix_successor("ab") == "ac");
  CHECK(prefix_successor(std::string("a\xff\xff", 3)) == "b");
  CHECK(!prefix_successor(std::string("\xff", 1)));
  CHECK(!prefix_successor(""));
}

TEST_CASE("scan and query pages stay ordered and duplicate-free while writers run") {
  // Readers page through the table while a writer puts and deletes: every page is read under
  // the shared lock, and resuming strictly after LastEvaluatedKey keeps the concatenation in
  // strictly increasing key order (no item twice), whatever the writes in between.
  TableDefinition d;
  d.name = "t";
  d.key_schema.hash = {"pk", ValueType::S};
  d.key_schema.range = model::KeyAttribute{"sk", ValueType::N};
  Table table(d);
  auto put = [&](int p, int s) {
    model::Item item{{"pk", S("p" + std::to_string(p))}, {"sk", N(std::to_string(s))}, {"v", S("x")}};
    table.write(model::key_of(item, d.key_schema), [&](const model::Item*) { return WriteDecision::put(item); });
  };
  for (int i = 0; i < 2000; ++i) put(i % 50, i);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    Random rnd(5);
    while (!stop) {
      int p = rnd.uniform(50), s = rnd.uniform(4000);
      if (rnd.one_in(2)) {
        put(p, s);
      } else {
        model::AttributeMap key{{"pk", S("p" + std::to_string(p))}, {"sk", N(std::to_string(s))}};
        table.write(key, [](const model::Item*) { return WriteDecision::remove(); });
      }
    }
  });
  for (int round = 0; round < 20; ++round) {
    std::vector<std::string> keys;
    ScanSpec scan;
    QuerySpec query;
    query.hash_value = S("p7");
    query.forward = round % 2 == 0;
    for (;;) {
      PageLimits limits{7, kMaxPageBytes};
      auto collect = [&](std::string_view e) {
        keys.push_back(model::storage_key(model::decode_item(e), d.key_schema));
      };
      PageResult r = round < 10 ? table.scan(scan, limits, collect) : table.query(query, limits, collect);
      if (!r.last_evaluated_key) break;
      (round < 10 ? scan.exclusive_start_key : query.exclusive_start_key) = r.last_evaluated_key;
    }
    for (std::size_t i = 1; i < keys.size(); ++i) {
      bool ordered = (round < 10 || query.forward) ? keys[i - 1] < keys[i] : keys[i - 1] > keys[i];
      REQUIRE(ordered);
    }
  }
  stop = true;
  writer.join();
}

}  // namespace query_test
