// The engine's other shared state under concurrency, for ThreadSanitizer: the TTL sweeper
// deleting expired items of a streamed table while writers insert more and a stream reader
// follows the shard; and the idempotency cache and fault registry used from several threads.
//   ninja -C build/tsan engine_tests && build/tsan/engine_tests '[concurrency]'
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/faults.h"
#include "engine/idempotency.h"
#include "engine/stream.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "engine/ttl.h"
#include "model/attribute_value.h"

namespace concurrency_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::WriteDecision;
using model::AttributeMap;
using model::AttributeValue;
using model::Item;

TEST_CASE("TTL sweeps, writes and stream reads run together", "[concurrency]") {
  constexpr int kWriters = 2, kItemsPerWriter = 300;
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Database database(clock, {});
  engine::TableDefinition d;
  d.name = "ttl";
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  d.stream = {true, "NEW_AND_OLD_IMAGES"};
  d.stream_label = "L";
  d.ttl_attribute = "exp";
  auto table = database.create(d);
  auto stream = table->stream();
  REQUIRE(stream);
  const std::string expired = std::to_string(clock.now_ms() / 1000 - 60);

  std::atomic<int> writers_left{kWriters};
  std::atomic<bool> sweeper_done{false};
  std::atomic<int64_t> swept{0}, read_records{0}, bad_order{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kItemsPerWriter; ++i) {
        AttributeMap key{{"pk", AttributeValue("w" + std::to_string(w) + "-" + std::to_string(i))}};
        Item item = key;
        item.emplace("exp", AttributeValue(model::Number::parse(expired)));
        table->write(key, [&](const Item*) { return WriteDecision::put(item); });
      }
      --writers_left;
    });
  }
  threads.emplace_back([&] {
    do swept += static_cast<int64_t>(engine::sweep_expired(database, clock.now_ms()));
    while (writers_left.load() > 0);
    swept += static_cast<int64_t>(engine::sweep_expired(database, clock.now_ms()));
    sweeper_done = true;
  });
  threads.emplace_back([&] {
    uint64_t position = stream->trim_horizon_position(), previous = 0;
    do {
      auto read = stream->read(position, 100);
      for (const auto& r : read.records) {
        if (r.sequence <= previous) ++bad_order;
        previous = r.sequence;
        ++read_records;
      }
      position = read.next_position;
    } while (!sweeper_done.load() || !stream->read(position, 1).records.empty());
  });
  for (auto& t : threads) t.join();

  CHECK(bad_order == 0);
  CHECK(swept == kWriters * kItemsPerWriter);
  CHECK(table->item_count() == 0);
  CHECK(read_records == 2 * kWriters * kItemsPerWriter);  // an INSERT and a REMOVE each
}

TEST_CASE("idempotency cache and fault registry from several threads", "[concurrency]") {
  engine::IdempotencyCache cache;
  engine::FaultRegistry faults;
  constexpr int kThreads = 4, kRounds = 500;
  engine::FaultRule rule;
  rule.error = engine::FaultError::TransactionConflict;
  rule.table = "t";
  rule.count = kThreads * kRounds / 2;
  faults.add(rule);
  std::atomic<int64_t> new_tokens{0}, replays{0}, conflicts{0};
  std::vector<std::thread> threads;
  for (int id = 0; id < kThreads; ++id) {
    threads.emplace_back([&] {
      const std::string table = "t";
      const AttributeMap key{{"pk", AttributeValue(std::string("k"))}};
      for (int i = 0; i < kRounds; ++i) {
        std::string token = "token-" + std::to_string(i);  // every thread races for the same tokens
        auto lookup = cache.begin(token, "params", 1000 + i);
        if (lookup.status == engine::IdempotencyCache::Status::New) {
          ++new_tokens;
          if (i % 3 == 0)
            cache.abandon(token);
          else
            cache.finish(token, "answer", 1000 + i);
        } else if (lookup.status == engine::IdempotencyCache::Status::Replay) {
          ++replays;
        }
        const engine::FaultTarget target{&table, &key};
        if (faults.on_items({"ns", "PutItem", {&target, 1}}).error != engine::FaultError::None) ++conflicts;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(conflicts == kThreads * kRounds / 2);
  CHECK(faults.empty());
  CHECK(new_tokens >= kRounds);
  CHECK(replays > 0);
}

}  // namespace concurrency_test
