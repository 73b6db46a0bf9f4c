// Table::order_partitions and scan_key_prefix against a trivially correct model: a std::map of
// (pk, sk) -> item, read in key order with plain string comparisons. Random puts and deletes
// over keys with many shared prefixes (partitions appearing and emptying), random prefixes,
// limits, byte budgets and start keys (also of partitions that are gone); every page and every
// concatenation of pages is compared with the model, and the walk must read no item outside
// the prefix.
#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/restore.h"
#include "engine/table.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/values.h"

namespace partition_order_test {

using namespace minnow;
using namespace minnow::engine;
using model::AttributeValue;

namespace {

using minnow::test::S;

using Key = std::pair<std::string, std::string>;

model::AttributeMap key_of(const Key& key) { return {{"pk", S(key.first)}, {"sk", S(key.second)}}; }

TableDefinition pk_sk_table() {
  TableDefinition d;
  d.name = "shared";
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, model::KeyAttribute{"sk", model::ValueType::S}};
  return d;
}

std::string random_text(std::mt19937& gen, int max_length) {
  static const char kAlphabet[] = {'a', 'b', '#', '\x7f', '\xff'};
  std::string s;
  const int n = std::uniform_int_distribution<int>(0, max_length)(gen);
  for (int i = 0; i < n; ++i) s += kAlphabet[std::uniform_int_distribution<int>(0, 4)(gen)];
  return s;
}

Key decode_key(std::string_view encoded) {
  const model::Item item = model::decode_item(encoded);
  return {item.at("pk").as<std::string>(), item.at("sk").as<std::string>()};
}

}  // namespace

TEST_CASE("scan_key_prefix reads exactly the partitions with the prefix, in key order, page by page") {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    std::mt19937 gen(seed);
    Table table(pk_sk_table());
    std::map<Key, int> model;
    auto put = [&](const Key& key, int value) {
      table.write(key_of(key), [&](const model::Item*) {
        model::Item item = key_of(key);
        item["v"] = AttributeValue(model::Number::parse(std::to_string(value)));
        return WriteDecision::put(std::move(item));
      });
      model[key] = value;
    };
    auto remove = [&](const Key& key) {
      table.write(key_of(key), [](const model::Item*) { return WriteDecision::remove(); });
      model.erase(key);
    };
    // Half the items before the order exists (built from them), half after (kept by commits).
    const bool order_first = seed % 2 == 0;
    if (order_first) table.order_partitions();
    for (int step = 0; step < 300; ++step) {
      if (step == 150 && !order_first) table.order_partitions();
      Key key{"p" + random_text(gen, 3), "s" + random_text(gen, 2)};
      if (std::uniform_int_distribution<int>(0, 3)(gen) == 0) {
        remove(model.empty() ? key : model.begin()->first);
      } else {
        put(key, step);
      }
    }
    for (int round = 0; round < 30; ++round) {
      const std::string prefix = "p" + random_text(gen, 2);
      std::vector<Key> expected;
      for (const auto& [key, value] : model)
        if (key.first.starts_with(prefix)) expected.push_back(key);

      const std::size_t limit = std::uniform_int_distribution<std::size_t>(1, 6)(gen);
      const std::size_t max_bytes = std::uniform_int_distribution<int>(0, 2)(gen) == 0 ? 40 : kMaxPageBytes;
      std::vector<Key> seen;
      std::optional<model::AttributeMap> start;
      for (int pages = 0; pages < 1000; ++pages) {
        std::vector<Key> page_keys;
        const PageResult page =
            table.scan_key_prefix(prefix, start, PageLimits{limit, max_bytes},
                                  [&](std::string_view encoded) { page_keys.push_back(decode_key(encoded)); });
        CHECK(page.scanned_count == page_keys.size());
        CHECK(page_keys.size() <= limit);
        seen.insert(seen.end(), page_keys.begin(), page_keys.end());
        if (!page.last_evaluated_key) break;
        // A last key only when more follow, and it is the page's last item.
        REQUIRE(!page_keys.empty());
        CHECK(seen.size() < expected.size());
        CHECK(*page.last_evaluated_key == key_of(page_keys.back()));
        start = page.last_evaluated_key;
        // Sometimes the start key's own item (even its whole partition) is gone before the next page.
        if (std::uniform_int_distribution<int>(0, 4)(gen) == 0) {
          const Key last = page_keys.back();
          for (auto it = model.lower_bound({last.first, ""}); it != model.end() && it->first.first == last.first;)
            remove((it++)->first);
          expected.erase(std::remove_if(expected.begin(), expected.end(),
                                        [&](const Key& k) { return k.first == last.first && k > last; }),
                         expected.end());
        }
      }
      INFO("seed " << seed << " prefix " << prefix << " limit " << limit);
      CHECK(seen == expected);
    }
  }
}

TEST_CASE("scan_key_prefix needs order_partitions; a deleted and re-created partition is found again") {
  Table table(pk_sk_table());
  auto visit = [](std::string_view) {};
  CHECK_THROWS_AS(table.scan_key_prefix("a", std::nullopt, PageLimits{}, visit), std::logic_error);
  table.order_partitions();
  table.order_partitions();  // a no-op
  const Key key{"a#1", "x"};
  table.write(key_of(key), [&](const model::Item*) { return WriteDecision::put(key_of(key)); });
  table.write(key_of(key), [](const model::Item*) { return WriteDecision::remove(); });
  std::size_t count = 0;
  table.scan_key_prefix("a#", std::nullopt, PageLimits{}, [&](std::string_view) { ++count; });
  CHECK(count == 0);
  table.write(key_of(key), [&](const model::Item*) { return WriteDecision::put(key_of(key)); });
  table.scan_key_prefix("a#", std::nullopt, PageLimits{}, [&](std::string_view) { ++count; });
  CHECK(count == 1);
}

TEST_CASE("items restored from a snapshot or a log keep the partition order") {
  AdjustableClock clock{AdjustableClock::Mode::frozen};
  Database database(clock, DatabaseOptions{});
  auto table = database.create(pk_sk_table());
  table->order_partitions();
  const Key kept{"a#1", "x"}, restored{"a#2", "y"};
  table->write(key_of(kept), [&](const model::Item*) { return WriteDecision::put(key_of(kept)); });
  auto restore = [&](std::optional<std::string> encoded) {
    Restorer restorer(database);  // persist/'s way back in (engine/restore.h)
    restorer.put(*table, model::storage_key(key_of(restored), table->key_schema()), encoded);
  };
  auto keys = [&] {
    std::vector<Key> out;
    table->scan_key_prefix("a#", std::nullopt, PageLimits{}, [&](std::string_view e) { out.push_back(decode_key(e)); });
    return out;
  };
  restore(model::encode_item(key_of(restored)));
  CHECK(keys() == std::vector<Key>{kept, restored});
  restore(std::nullopt);
  CHECK(keys() == std::vector<Key>{kept});
}

}  // namespace partition_order_test
