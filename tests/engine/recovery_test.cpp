// Point-in-time recovery (engine/recovery_log.h) and backups (engine/backups.h): a table's items
// reconstructed at any instant are exactly the items it had then, against a model that keeps
// every state; the log's bounds (the recovery period, the byte cap) move the earliest restorable
// time and never make a restore inexact; snapshots and loads keep the indexes right.
#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/backups.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "engine/recovery_log.h"
#include "engine/table.h"
#include "model/attribute_value.h"
#include "model/item_codec.h"
#include "model/key.h"
#include "tests/support/manual_clock.h"

namespace recovery_test {

namespace engine = minnow::engine;
namespace model = minnow::model;

namespace {

using minnow::test::ManualClock;

constexpr int64_t kStart = 1'700'000'000'000;

engine::TableDefinition definition(bool with_index = false) {
  engine::TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"g", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  if (with_index) {
    engine::IndexDefinition gsi;
    gsi.name = "by_g";
    gsi.key_schema = {{"g", true}};
    gsi.projection.type = "ALL";
    d.global_indexes.push_back(gsi);
  }
  return d;
}

model::AttributeMap key(int i) { return {{"pk", model::AttributeValue("k" + std::to_string(i))}}; }

void put(engine::Table& table, int i, const std::string& value) {
  model::Item item = key(i);
  item["v"] = model::AttributeValue(value);
  item["g"] = model::AttributeValue("g" + std::to_string(i % 3));
  table.write(key(i), [&](const model::Item*) { return engine::WriteDecision::put(item); });
}

void remove(engine::Table& table, int i) {
  table.write(key(i), [](const model::Item*) { return engine::WriteDecision::remove(); });
}

void enable_recovery(engine::Table& table, int64_t now_ms, int64_t days = 35) {
  table.update_definition([&](engine::TableDefinition& d) { d.point_in_time_recovery = {true, days, now_ms}; });
}

engine::StoredItems items_of(const engine::Table& table) { return table.snapshot().items; }

}  // namespace

TEST_CASE("a point-in-time snapshot holds exactly the items of that instant", "[recovery]") {
  ManualClock clock(kStart);
  engine::Table table(definition(), nullptr, nullptr, 0, &clock);
  put(table, 0, "before recovery");
  enable_recovery(table, clock.now_ms());

  // The model: the table's items after every instant (ms) at which something changed.
  std::map<int64_t, engine::StoredItems> states;
  states[clock.now_ms()] = items_of(table);
  std::mt19937 random(7);
  for (int step = 0; step < 2000; ++step) {
    // Several changes may share a millisecond; time never stands still for long.
    if (random() % 3 == 0) clock.advance(1 + random() % 50);
    const int i = static_cast<int>(random() % 40);
    if (random() % 4 == 0)
      remove(table, i);
    else
      put(table, i, "v" + std::to_string(step));
    states[clock.now_ms()] = items_of(table);
  }
  const int64_t now = clock.now_ms();
  const auto window = table.recovery_window(now);
  REQUIRE(window);
  CHECK(window->earliest_ms == kStart);
  CHECK(window->latest_ms == now);
  // Every instant of the window, including those between changes, the first and the last.
  for (int64_t at = kStart; at <= now; at += 1 + static_cast<int64_t>(random() % 7)) {
    auto expected = std::prev(states.upper_bound(at))->second;
    auto got = table.snapshot_at(at, now);
    REQUIRE(got);
    INFO("at " << at - kStart);
    CHECK(got->items == expected);
  }
  CHECK(table.snapshot_at(now, now)->items == items_of(table));
  CHECK(!table.snapshot_at(kStart - 1, now));
  CHECK(!table.snapshot_at(now + 1, now));
}

TEST_CASE("the recovery period and the byte cap move the earliest restorable time", "[recovery]") {
  SECTION("the period: nothing older than the window is kept or offered") {
    ManualClock clock(kStart);
    engine::Table table(definition(), nullptr, nullptr, 0, &clock);
    enable_recovery(table, clock.now_ms(), /*days=*/1);
    put(table, 1, "a");
    clock.advance(engine::kMillisPerDay + 1000);
    put(table, 1, "b");
    const int64_t now = clock.now_ms();
    CHECK(table.recovery_window(now)->earliest_ms == now - engine::kMillisPerDay);
    CHECK(!table.snapshot_at(now - engine::kMillisPerDay - 1, now));
    auto at_window_start = table.snapshot_at(now - engine::kMillisPerDay, now);
    REQUIRE(at_window_start);
    CHECK(model::decode_item(at_window_start->items.begin()->second).at("v").as<std::string>() == "a");
  }
  SECTION("the cap: the oldest records go, what remains restores exactly") {
    engine::RecoveryLog log;
    log.enable(kStart, 35, /*max_bytes=*/4096);
    engine::StoredItems items;
    std::map<int64_t, engine::StoredItems> states{{kStart, items}};
    for (int64_t t = 1; t <= 500; ++t) {
      std::string k = "key" + std::to_string(t % 10);
      auto it = items.find(k);
      log.record(kStart + t, k, it == items.end() ? std::nullopt : std::optional<std::string_view>(it->second));
      items[k] = std::string(100, static_cast<char>('a' + t % 26));
      states[kStart + t] = items;
    }
    CHECK(log.bytes() <= 4096);
    const int64_t earliest = log.earliest_ms(kStart + 500);
    CHECK(earliest > kStart + 400);  // ~25 records of ~170 bytes fit
    for (int64_t at = earliest; at <= kStart + 500; ++at) {
      engine::StoredItems restored = items;
      log.roll_back(restored, at);
      CHECK(restored == states[at]);
    }
  }
}

TEST_CASE("disabling recovery forgets the log; enabling again starts from then", "[recovery]") {
  ManualClock clock(kStart);
  engine::Table table(definition(), nullptr, nullptr, 0, &clock);
  CHECK(!table.recovery_window(clock.now_ms()));
  enable_recovery(table, clock.now_ms());
  put(table, 1, "a");
  clock.advance(1000);
  table.update_definition([](engine::TableDefinition& d) { d.point_in_time_recovery.enabled = false; });
  CHECK(!table.recovery_window(clock.now_ms()));
  clock.advance(1000);
  enable_recovery(table, clock.now_ms());
  CHECK(table.recovery_window(clock.now_ms())->earliest_ms == kStart + 2000);
  CHECK(!table.snapshot_at(kStart + 500, clock.now_ms()));
}

TEST_CASE("a clock set back does not reorder the log", "[recovery]") {
  ManualClock clock(kStart + 10000);
  engine::Table table(definition(), nullptr, nullptr, 0, &clock);
  enable_recovery(table, clock.now_ms());
  put(table, 1, "a");
  clock.advance(-5000);
  put(table, 1, "b");  // stamped no earlier than "a"
  clock.advance(6000);
  const int64_t now = clock.now_ms();
  auto at_start = table.snapshot_at(kStart + 10000, now);
  REQUIRE(at_start);
  CHECK(model::decode_item(at_start->items.begin()->second).at("v").as<std::string>() == "b");
}

TEST_CASE("load writes a snapshot's items through the commit path: indexes follow", "[recovery]") {
  ManualClock clock(kStart);
  engine::Table source(definition(true), nullptr, nullptr, 0, &clock);
  for (int i = 0; i < 30; ++i) put(source, i, "x");
  engine::TableSnapshot snapshot = source.snapshot();
  CHECK(snapshot.items.size() == 30);
  CHECK(snapshot.size_bytes == source.size_bytes());

  engine::Table restored(definition(true), nullptr, nullptr, 0, &clock);
  restored.load(snapshot.items);
  CHECK(restored.item_count() == 30);
  CHECK(restored.size_bytes() == source.size_bytes());
  CHECK(restored.index_stats("by_g")->item_count == 30);
  CHECK(items_of(restored) == snapshot.items);
}

TEST_CASE("backups: add, find, remove, list oldest first, SYSTEM backups expire", "[backups]") {
  engine::Backups backups;
  auto backup = [](std::string arn, int64_t created, int64_t expiry = 0) {
    engine::Backup b;
    b.arn = std::move(arn);
    b.creation_ms = created;
    b.expiry_ms = expiry;
    b.items = std::make_shared<engine::StoredItems>(engine::StoredItems{{"k", "v"}});
    return b;
  };
  CHECK(backups.add(backup("b", 200)));
  CHECK(backups.add(backup("a", 200)));
  CHECK(backups.add(backup("c", 100, /*expiry=*/1000)));
  CHECK(!backups.add(backup("a", 300)));
  auto list = backups.list(500);
  REQUIRE(list.size() == 3);
  CHECK(list[0].arn == "c");
  CHECK(list[1].arn == "a");
  CHECK(list[2].arn == "b");
  CHECK(!list[0].items);  // a listing does not share the items
  CHECK(backups.find("a", 500)->items->at("k") == "v");
  CHECK(backups.list(1000).size() == 2);  // "c" expired
  CHECK(!backups.find("c", 1000));
  CHECK(backups.remove("a", 500));
  CHECK(!backups.find("a", 500));
  CHECK(!backups.remove("a", 500));
}

}  // namespace recovery_test
