// engine::Table: conditional-write put, get, and a 10-item Query, on a hash+range table of
// 100,000 items (10,000 partitions of 10 items each).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/query.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "fixtures.h"
#include "model/key.h"

namespace {

using namespace minnow;
using bench::S;

constexpr int kPartitions = 10000;
constexpr int kPerPartition = 10;
constexpr int kItems = kPartitions * kPerPartition;

engine::TableDefinition definition() {
  engine::TableDefinition d;
  d.name = "bench";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"sk", model::ValueType::N}};
  d.key_schema_elements = {{"pk", true}, {"sk", false}};
  d.key_schema.hash.name = "pk";
  d.key_schema.hash.type = model::ValueType::S;
  d.key_schema.range.emplace();
  d.key_schema.range->name = "sk";
  d.key_schema.range->type = model::ValueType::N;
  return d;
}

std::string partition(int p) {
  char pk[32];
  std::snprintf(pk, sizeof pk, "user#%08d", p);
  return pk;
}

model::AttributeMap key(int p, int s) {
  return {{"pk", S(partition(p))}, {"sk", model::AttributeValue(model::Number::parse(std::to_string(s)))}};
}

// A ~200-byte item (the fixture's 10 attributes) under key (p, s).
model::Item item(int p, int s) {
  model::Item it = bench::ten_attribute_item();
  for (auto& [name, value] : key(p, s)) it[name] = value;
  return it;
}

uint64_t next(uint64_t& x) {
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return x;
}

std::unique_ptr<engine::Table> loaded_table() {
  auto table = std::make_unique<engine::Table>(definition());
  for (int p = 0; p < kPartitions; ++p)
    for (int s = 0; s < kPerPartition; ++s) {
      model::Item it = item(p, s);
      table->write(key(p, s), [&](const model::Item*) { return engine::WriteDecision::put(it); });
    }
  return table;
}

// A put over 100,000 keys: the decide callback copies a prebuilt item (as PutItem moves in the
// decoded item, the copy is part of the measured cost here).
void BM_TablePut(benchmark::State& state) {
  engine::Table table(definition());
  std::vector<std::pair<model::AttributeMap, model::Item>> writes;
  writes.reserve(kItems);
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < kItems; ++i) {
    int k = static_cast<int>(next(x) % kItems);
    writes.emplace_back(key(k / kPerPartition, k % kPerPartition), item(k / kPerPartition, k % kPerPartition));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& write = writes[i];  // not a structured binding: a lambda cannot capture one in C++20
    table.write(write.first, [&](const model::Item*) { return engine::WriteDecision::put(write.second); });
    if (++i == writes.size()) i = 0;
  }
  state.SetLabel("random keys of 100,000");
}
BENCHMARK(BM_TablePut);

std::unique_ptr<engine::Table> shared_table;
engine::Table& table100k() {
  if (!shared_table) shared_table = loaded_table();
  return *shared_table;
}

std::vector<model::AttributeMap> random_keys() {
  std::vector<model::AttributeMap> keys;
  keys.reserve(4096);
  uint64_t x = 2463534242ull;
  for (int i = 0; i < 4096; ++i) {
    int k = static_cast<int>(next(x) % kItems);
    keys.push_back(key(k / kPerPartition, k % kPerPartition));
  }
  return keys;
}

void BM_TableGet(benchmark::State& state) {
  engine::Table& table = table100k();
  const auto keys = random_keys();
  std::size_t i = 0;
  for (auto _ : state) {
    std::optional<model::Item> it = table.get(keys[i]);
    if (!it) {
      state.SkipWithError("missing item");
      break;
    }
    benchmark::DoNotOptimize(it);
    if (++i == keys.size()) i = 0;
  }
  state.SetLabel("decoded, random of 100,000");
}
BENCHMARK(BM_TableGet);

void BM_TableGetStored(benchmark::State& state) {
  engine::Table& table = table100k();
  const auto keys = random_keys();
  std::size_t i = 0;
  for (auto _ : state) {
    engine::ItemRef it = table.get_stored(keys[i]);
    if (!it) {
      state.SkipWithError("missing item");
      break;
    }
    benchmark::DoNotOptimize(it);
    if (++i == keys.size()) i = 0;
  }
  state.SetLabel("encoded, random of 100,000");
}
BENCHMARK(BM_TableGetStored);

// What a Query visitor copies out of the table for the reply. The visitor is generic so that
// this builds whether Table::ItemVisitor hands out the decoded item or its stored form.
[[maybe_unused]] model::Item copy_of(const model::Item& item) { return item; }
[[maybe_unused]] std::string copy_of(std::string_view encoded) { return std::string(encoded); }

// Query one partition (no sort-key condition): 10 items, each copied by the visitor.
void BM_TableQuery10(benchmark::State& state) {
  engine::Table& table = table100k();
  std::vector<engine::QuerySpec> specs(1024);
  uint64_t x = 123456789ull;
  for (auto& spec : specs) spec.hash_value = S(partition(static_cast<int>(next(x) % kPartitions)));
  engine::PageLimits limits;
  std::size_t i = 0;
  for (auto _ : state) {
    std::size_t visited = 0;
    auto visit = [&](const auto& it) {
      auto copy = copy_of(it);
      benchmark::DoNotOptimize(copy);
      ++visited;
    };
    engine::PageResult r = table.query(specs[i], limits, visit);
    if (visited != kPerPartition || r.scanned_count != kPerPartition) {
      state.SkipWithError("query did not return 10 items");
      break;
    }
    if (++i == specs.size()) i = 0;
  }
  state.SetLabel("10 items of 100,000");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kPerPartition));
}
BENCHMARK(BM_TableQuery10);

}  // namespace
