// Global tables' replication (replication/replicator.h): two namespaces of one access key in two
// regions, each holding the table with the other as its replica; changes reach the other side,
// the later of two writes wins on both, nothing comes back, and a table that is no replica of
// the writer's region takes nothing.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "engine/table_definition.h"
#include "model/attribute_value.h"
#include "replication/replicator.h"

namespace replicator_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using model::AttributeMap;
using model::AttributeValue;
using model::Item;

constexpr const char* kEast = "AKID/us-east-1";
constexpr const char* kWest = "AKID/us-west-2";

struct Regions {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  minnow::replication::Replicator replicator{std::chrono::milliseconds(0)};
  engine::Namespaces namespaces{false, clock, [this](const std::string& id) {
                                  return std::make_unique<engine::Database>(clock, engine::DatabaseOptions{}, nullptr,
                                                                            replicator.feed_for(id));
                                }};
  std::shared_ptr<engine::Table> east, west;

  // `deliver`: start delivering at once (false: the changes wait for replicator.start).
  explicit Regions(bool deliver = true) {
    if (deliver) replicator.start(namespaces);
    east = namespaces.get(kEast).database.create(definition("us-west-2"));
    west = namespaces.get(kWest).database.create(definition("us-east-1"));
  }
  ~Regions() { replicator.stop(); }

  static engine::TableDefinition definition(const std::string& replica_region) {
    engine::TableDefinition d;
    d.name = "t";
    d.attribute_definitions = {{"pk", model::ValueType::S}};
    d.key_schema_elements = {{"pk", true}};
    d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
    d.stream = {true, "NEW_AND_OLD_IMAGES"};
    d.stream_label = "L";
    if (!replica_region.empty()) d.replicas = {{replica_region}};
    return d;
  }
};

AttributeMap key(const std::string& pk) { return {{"pk", AttributeValue(pk)}}; }

void put(engine::Table& table, const std::string& pk, const std::string& value) {
  Item item = key(pk);
  item.emplace("v", AttributeValue(value));
  table.write(key(pk), [&](const Item*) { return engine::WriteDecision::put(item); });
}

std::optional<std::string> value(const engine::Table& table, const std::string& pk) {
  std::optional<Item> item = table.get(key(pk));
  if (!item) return std::nullopt;
  return item->at("v").as<std::string>();
}

TEST_CASE("replication: puts and deletes reach the other region, and come back to no one", "[replication]") {
  Regions r;
  put(*r.east, "a", "1");
  put(*r.west, "b", "2");
  r.replicator.drain();
  CHECK(value(*r.west, "a") == "1");
  CHECK(value(*r.east, "b") == "2");
  // Each side's stream has its own write and the one it was sent: two records, not four.
  auto east_stream = r.east->stream(), west_stream = r.west->stream();
  CHECK(east_stream->read(east_stream->trim_horizon_position(), 100).records.size() == 2);
  CHECK(west_stream->read(west_stream->trim_horizon_position(), 100).records.size() == 2);
  r.west->write(key("a"), [](const Item*) { return engine::WriteDecision::remove(); });
  r.replicator.drain();
  CHECK(value(*r.east, "a") == std::nullopt);
  CHECK(r.east->item_count() == 1);
}

TEST_CASE("replication: the later of two writes to an item wins in both regions", "[replication]") {
  Regions r(/*deliver=*/false);
  // Both written before either change is delivered: the west's is later, so the east's reaches
  // a west that has a later change already, and is dropped there.
  put(*r.east, "k", "east");
  put(*r.west, "k", "west");
  r.replicator.start(r.namespaces);
  r.replicator.drain();
  CHECK(value(*r.east, "k") == "west");
  CHECK(value(*r.west, "k") == "west");
}

TEST_CASE("replication: a table that is no replica of the writer's region takes nothing", "[replication]") {
  Regions r;
  r.west->update_definition([](engine::TableDefinition& d) { d.replicas.clear(); });
  put(*r.east, "a", "1");
  r.replicator.drain();
  CHECK(value(*r.west, "a") == std::nullopt);
  // And a table without replicas sends nothing.
  put(*r.west, "b", "2");
  r.replicator.drain();
  CHECK(value(*r.east, "b") == std::nullopt);
}

// Under ThreadSanitizer too: ninja -C build/tsan replication_tests && build/tsan/replication_tests
TEST_CASE("replication: writers in both regions at once end with the same items", "[replication][concurrency]") {
  Regions r;
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&, w] {
      engine::Table& table = w % 2 ? *r.west : *r.east;
      for (int i = 0; i < 200; ++i) put(table, "k" + std::to_string(i % 50), "w" + std::to_string(w) + "-" + std::to_string(i));
    });
  }
  for (auto& t : writers) t.join();
  r.replicator.drain();
  for (int i = 0; i < 50; ++i) {
    const std::string pk = "k" + std::to_string(i);
    REQUIRE(value(*r.east, pk));
    CHECK(value(*r.east, pk) == value(*r.west, pk));
  }
}

TEST_CASE("replication: a table of strong consistency's write is in the other region once settled", "[replication]") {
  Regions r;
  for (auto* table : {r.east.get(), r.west.get()})
    table->update_definition([](engine::TableDefinition& d) { d.strong_consistency = true; });
  std::atomic<int> missing{0};  // Catch's CHECK is not for other threads
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < 50; ++i) {
        const std::string pk = "s" + std::to_string(w) + "-" + std::to_string(i);
        put(w ? *r.west : *r.east, pk, "v");
        r.replicator.settle_this_thread();
        if (value(w ? *r.east : *r.west, pk) != "v") ++missing;
      }
    });
  }
  for (auto& t : writers) t.join();
  CHECK(missing == 0);
}

// DynamoDB's ReplicatedWriteConflictException: while a strongly consistent write in one region
// is not yet in every replica, a write to that item elsewhere conflicts; the writer's own region
// and other items do not. (Nothing delivers here until start: the write stays in flight.)
TEST_CASE("replication: another region's write in flight to a strong table's item conflicts", "[replication]") {
  Regions r(/*deliver=*/false);
  for (auto* table : {r.east.get(), r.west.get()})
    table->update_definition([](engine::TableDefinition& d) { d.strong_consistency = true; });
  put(*r.east, "a", "east");
  CHECK(r.west->written_in_another_region(key("a")));
  CHECK_FALSE(r.west->written_in_another_region(key("b")));
  CHECK_FALSE(r.east->written_in_another_region(key("a")));
  r.replicator.start(r.namespaces);
  r.replicator.drain();
  CHECK_FALSE(r.west->written_in_another_region(key("a")));
  CHECK(value(*r.west, "a") == "east");
}

TEST_CASE("replication: a table of eventual consistency never reports a conflict", "[replication]") {
  Regions r(/*deliver=*/false);
  put(*r.east, "a", "east");
  CHECK_FALSE(r.west->written_in_another_region(key("a")));
}

}  // namespace replicator_test
