// The items' container, today's std::map<storage key, encoded item> against the persistent
// engine::ItemMap (engine/item_map.h), used the way engine::Table uses it: overwrite a random
// item with a fresh encoding, erase one and put it back, look one up, read 10 in order; and what
// only ItemMap can do, an O(1) copy followed by a write (the cost a fork or a checkpoint adds to
// the next write), against copying a std::map. 100,000 and 1,000,000 items of the fixtures'
// ~200 bytes under real storage keys (10 per partition). Issue 38, docs/plans/fork-and-rewind.md.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/item_map.h"
#include "fixtures.h"
#include "model/item_codec.h"
#include "model/key.h"

namespace {

using namespace minnow;
using StdItems = std::map<std::string, std::string>;

model::KeySchema schema() {
  model::KeySchema s;
  s.hash.name = "pk";
  s.hash.type = model::ValueType::S;
  s.range.emplace();
  s.range->name = "sk";
  s.range->type = model::ValueType::N;
  return s;
}

std::string storage_key(int i) {
  char pk[32];
  std::snprintf(pk, sizeof pk, "user#%08d", i / 10);
  model::AttributeMap key{{"pk", bench::S(pk)}, {"sk", model::AttributeValue(model::Number::parse(std::to_string(i % 10)))}};
  return model::storage_key(key, schema());
}

// The keys of n items, in a random order, and one encoded item.
struct Data {
  std::vector<std::string> keys;
  std::string encoded = model::encode_item(bench::ten_attribute_item());
};

const Data& data(int n) {
  static std::map<int, Data> cache;
  Data& d = cache[n];
  if (d.keys.empty()) {
    for (int i = 0; i < n; ++i) d.keys.push_back(storage_key(i));
    uint64_t x = 88172645463325252ull;
    for (int i = n - 1; i > 0; --i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      std::swap(d.keys[i], d.keys[x % (i + 1)]);
    }
  }
  return d;
}

StdItems std_items(int n) {
  StdItems items;
  for (const auto& key : data(n).keys) items.emplace(key, data(n).encoded);
  return items;
}

engine::ItemMap item_map(int n) {
  engine::ItemMap items;
  for (const auto& key : data(n).keys) items.put(engine::StoredItem::make(key, data(n).encoded));
  return items;
}

// Overwrites: a fresh encoding replaces the stored one (Table::commit_at's assignment).
void BM_StdMapOverwrite(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  StdItems items = std_items(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    std::string encoded = d.encoded;
    items.find(d.keys[i])->second = std::move(encoded);
    if (++i == d.keys.size()) i = 0;
  }
}
void BM_ItemMapOverwrite(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    items.put(engine::StoredItem::make(d.keys[i], d.encoded));
    if (++i == d.keys.size()) i = 0;
  }
}

// Erases an item and puts it back: a delete, then an insert of a new key.
void BM_StdMapEraseInsert(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  StdItems items = std_items(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    items.erase(d.keys[i]);
    items.emplace(d.keys[i], d.encoded);
    if (++i == d.keys.size()) i = 0;
  }
}
void BM_ItemMapEraseInsert(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    items.erase(d.keys[i]);
    items.put(engine::StoredItem::make(d.keys[i], d.encoded));
    if (++i == d.keys.size()) i = 0;
  }
}

void BM_StdMapFind(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  StdItems items = std_items(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(items.find(d.keys[i])->second.size());
    if (++i == d.keys.size()) i = 0;
  }
}
void BM_ItemMapFind(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(items.find(d.keys[i])->encoded().size());
    if (++i == d.keys.size()) i = 0;
  }
}

// Ten items in key order from a random one (a Query's page).
void BM_StdMapRange10(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  StdItems items = std_items(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    std::size_t bytes = 0;
    auto it = items.lower_bound(d.keys[i]);
    for (int n = 0; n < 10 && it != items.end(); ++n, ++it) bytes += it->second.size();
    benchmark::DoNotOptimize(bytes);
    if (++i == d.keys.size()) i = 0;
  }
}
void BM_ItemMapRange10(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    std::size_t bytes = 0;
    auto it = items.lower_bound(d.keys[i]);
    for (int n = 0; n < 10 && it != items.end(); ++n, ++it) bytes += it->encoded().size();
    benchmark::DoNotOptimize(bytes);
    if (++i == d.keys.size()) i = 0;
  }
}

// A copy (a fork or a checkpoint), one overwrite (which copies the path it touches), the copy
// dropped (which frees the old path): what a fork adds to the first write after it.
void BM_ItemMapCopyWriteDrop(benchmark::State& state) {
  const Data& d = data(static_cast<int>(state.range(0)));
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    engine::ItemMap copy = items;
    items.put(engine::StoredItem::make(d.keys[i], d.encoded));
    benchmark::DoNotOptimize(copy.size());
    if (++i == d.keys.size()) i = 0;
  }
}

// What an item costs in memory, besides its StoredItem: the tree's nodes per item (a leaf is
// 528 bytes, an inner node 784), after random inserts as a table fills (counters, no timing).
void BM_ItemMapNodes(benchmark::State& state) {
  const std::size_t before = engine::ItemMap::live_nodes();
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  const double nodes = static_cast<double>(engine::ItemMap::live_nodes() - before);
  for (auto _ : state) benchmark::DoNotOptimize(items.size());
  state.counters["nodes"] = nodes;
  state.counters["items_per_node"] = static_cast<double>(items.size()) / nodes;
}

// The copy alone, for design B (table-level copy-on-write): its cost grows with the items.
void BM_StdMapCopy(benchmark::State& state) {
  StdItems items = std_items(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    StdItems copy = items;
    benchmark::DoNotOptimize(copy.size());
  }
}
void BM_ItemMapCopy(benchmark::State& state) {
  engine::ItemMap items = item_map(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    engine::ItemMap copy = items;
    benchmark::DoNotOptimize(copy.size());
  }
}

#define SIZES Arg(100000)->Arg(1000000)
BENCHMARK(BM_StdMapOverwrite)->SIZES;
BENCHMARK(BM_ItemMapOverwrite)->SIZES;
BENCHMARK(BM_StdMapEraseInsert)->SIZES;
BENCHMARK(BM_ItemMapEraseInsert)->SIZES;
BENCHMARK(BM_StdMapFind)->SIZES;
BENCHMARK(BM_ItemMapFind)->SIZES;
BENCHMARK(BM_StdMapRange10)->SIZES;
BENCHMARK(BM_ItemMapRange10)->SIZES;
BENCHMARK(BM_ItemMapCopyWriteDrop)->SIZES;
BENCHMARK(BM_StdMapCopy)->SIZES->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ItemMapCopy)->SIZES;
BENCHMARK(BM_ItemMapNodes)->SIZES->Iterations(1);

}  // namespace
