// Eventual consistency's engine half (issue 36): a table under a consistency lag keeps its recent
// states, and a read at an instant sees the state of that instant, in the items and in the
// secondary indexes; the picker of instants is exact in the worst case and repeatable with a seed.
#include "engine/table_versions.h"

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/database.h"
#include "engine/stale_reads.h"
#include "engine/table.h"
#include "model/item_codec.h"
#include "tests/support/manual_clock.h"
#include "tests/support/values.h"

namespace table_versions_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::ReadPoint;
using minnow::test::N;
using minnow::test::S;

engine::TableDefinition definition() {
  engine::TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"g", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  engine::IndexDefinition gsi;
  gsi.name = "byG";
  gsi.key_schema = {{"g", true}};
  gsi.projection.type = "ALL";
  d.global_indexes.push_back(gsi);
  return d;
}

struct Fixture {
  minnow::test::ManualClock clock{1'000'000};
  engine::Table table{definition(), nullptr, nullptr, 1, &clock};

  void put(const std::string& pk, const std::string& version) {
    model::Item item{{"pk", S(pk)}, {"g", S("all")}, {"v", N(version)}};
    table.write({{"pk", S(pk)}}, [&](const model::Item*) { return engine::WriteDecision::put(item); });
  }
  void remove(const std::string& pk) {
    table.write({{"pk", S(pk)}}, [](const model::Item*) { return engine::WriteDecision::remove(); });
  }
  // The item's "v" as a read at `at` sees it; nullopt: absent.
  std::optional<std::string> version(const std::string& pk, ReadPoint at = {}) const {
    std::optional<model::Item> item = table.get({{"pk", S(pk)}}, at);
    if (!item) return std::nullopt;
    return item->at("v").as<model::Number>().to_string();
  }
  // The "v"s a Scan of the GSI at `at` reads.
  std::vector<std::string> index_versions(ReadPoint at = {}) const {
    std::vector<std::string> seen;
    table.scan_index("byG", engine::ScanSpec{}, engine::PageLimits{}, [&](std::string_view encoded) {
      seen.push_back(model::decode_item(encoded).at("v").as<model::Number>().to_string());
    }, at);
    return seen;
  }
  ReadPoint ago(int64_t ms) const { return {clock.now - ms}; }
  // Under a lag of 100 ms, "a" written as 1, then a millisecond later as 2.
  void two_versions() {
    table.set_consistency_lag(100);
    clock.advance(1);
    put("a", "1");
    clock.advance(1);
    put("a", "2");
  }
};

TEST_CASE("without a lag every read sees the latest state, whatever instant it names", "[versions]") {
  Fixture f;
  f.put("a", "1");
  f.clock.advance(10);
  f.put("a", "2");
  CHECK(f.version("a", f.ago(5)) == "2");
  CHECK(f.version("a", f.ago(1'000)) == "2");
  CHECK(f.index_versions(f.ago(1'000)) == std::vector<std::string>{"2"});
}

TEST_CASE("under a lag a read sees the state of the instant it names", "[versions]") {
  Fixture f;
  f.table.set_consistency_lag(100);
  f.clock.advance(1);
  const int64_t first = f.clock.now;
  f.put("a", "1");
  f.clock.advance(10);
  f.put("a", "2");
  f.clock.advance(10);
  f.remove("a");
  // now = first + 20
  CHECK(f.version("a", {first - 1}) == std::nullopt);  // before the first write
  CHECK(f.version("a", {first}) == "1");
  CHECK(f.version("a", {first + 9}) == "1");
  CHECK(f.version("a", {first + 10}) == "2");
  CHECK(f.version("a", {first + 19}) == "2");
  CHECK(f.version("a", {first + 20}) == std::nullopt);
  CHECK(f.version("a") == std::nullopt);
  // The GSI's entries follow the same instants.
  CHECK(f.index_versions({first - 1}).empty());
  CHECK(f.index_versions({first + 5}) == std::vector<std::string>{"1"});
  CHECK(f.index_versions({first + 15}) == std::vector<std::string>{"2"});
  CHECK(f.index_versions().empty());
}

TEST_CASE("changes within one millisecond are one state: the last", "[versions]") {
  Fixture f;
  f.table.set_consistency_lag(50);
  f.clock.advance(1);
  f.put("a", "1");
  f.put("a", "2");
  f.put("a", "3");
  CHECK(f.version("a", f.ago(0)) == "3");
  CHECK(f.version("a", f.ago(1)) == std::nullopt);
}

TEST_CASE("turning the lag off forgets the states kept", "[versions]") {
  Fixture f;
  f.two_versions();
  REQUIRE(f.version("a", f.ago(1)) == "1");
  f.table.set_consistency_lag(0);
  CHECK(f.version("a", f.ago(1)) == "2");
  // On again: the states before it are not known, so reads of them see the table as it is.
  f.table.set_consistency_lag(100);
  CHECK(f.version("a", f.ago(50)) == "2");
}

TEST_CASE("a new index ends the versions: its entries had no past", "[versions]") {
  Fixture f;
  f.two_versions();
  f.table.update_definition([](engine::TableDefinition& d) {
    engine::IndexDefinition late = d.global_indexes.front();
    late.name = "late";
    d.global_indexes.push_back(late);
  });
  CHECK(f.version("a", f.ago(1)) == "2");
}

TEST_CASE("versions older than the lag are dropped as writes go on", "[versions]") {
  engine::TableVersions versions;
  engine::ItemMap items;
  const std::vector<std::unique_ptr<engine::SecondaryIndex>> no_indexes;
  for (int64_t ms = 1; ms <= 1'000; ++ms) versions.before_change(ms, 10, items, no_indexes);
  // The states that began in the last 10 ms, and the one that held at 990.
  CHECK(versions.size() <= 11);
  CHECK(versions.at(990) != nullptr);
  CHECK(versions.at(1'000) == nullptr);  // the live state began at 1000
}

TEST_CASE("a database's tables lag as its options say", "[versions]") {
  minnow::test::ManualClock clock;
  engine::DatabaseOptions options;
  options.consistency.lag_ms = 250;
  engine::Database database(clock, options);
  CHECK(database.create(definition())->consistency_lag() == 250);
}

TEST_CASE("the worst case reads the oldest state the lag allows", "[versions]") {
  engine::StaleReads worst(engine::ConsistencyOptions{100, true, std::nullopt});
  CHECK(worst.pick(5'000, 100).as_of_ms == 4'900);
  CHECK(worst.pick(5'000, 7).as_of_ms == 4'993);
}

TEST_CASE("with a seed the instants drawn repeat, each within the lag", "[versions]") {
  engine::StaleReads one(engine::ConsistencyOptions{100, false, 42});
  engine::StaleReads two(engine::ConsistencyOptions{100, false, 42});
  engine::StaleReads other(engine::ConsistencyOptions{100, false, 43});
  bool differs = false;
  for (int i = 0; i < 200; ++i) {
    const int64_t drawn = one.pick(5'000, 100).as_of_ms;
    CHECK(drawn == two.pick(5'000, 100).as_of_ms);
    CHECK(drawn >= 4'900);
    CHECK(drawn <= 5'000);
    differs = differs || drawn != other.pick(5'000, 100).as_of_ms;
  }
  CHECK(differs);
}

}  // namespace table_versions_test
