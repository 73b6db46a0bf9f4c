// The TTL sweeper with a manual clock: the expiry boundaries (a Number of epoch seconds below
// now; not more than five years below; nothing else), tables without TTL, and deletions seen by
// secondary indexes and streams (REMOVE records marked by_ttl).
#include "engine/ttl.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/stream.h"
#include "engine/table.h"
#include "model/attribute_value.h"
#include "tests/support/manual_clock.h"
#include "tests/support/values.h"

namespace ttl_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::WriteDecision;
using model::AttributeValue;
using model::Item;

namespace {

using minnow::test::N;
using minnow::test::S;

using minnow::test::ManualClock;

engine::TableDefinition ttl_table(const std::string& name, bool with_stream = false) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}, {"g", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  engine::IndexDefinition gsi;
  gsi.name = "byG";
  gsi.key_schema = {{"g", true}};
  gsi.projection = {"ALL", {}};
  d.global_indexes.push_back(gsi);
  d.ttl_attribute = "exp";
  if (with_stream) {
    d.stream = {true, "NEW_AND_OLD_IMAGES"};
    d.stream_label = "L";
  }
  return d;
}

void put(engine::Table& t, Item item) {
  model::AttributeMap key{{"pk", item.at("pk")}};
  t.write(key, [&](const Item*) { return WriteDecision::put(item); });
}

bool has(engine::Table& t, const std::string& pk) { return t.get({{"pk", S(pk)}}).has_value(); }

}  // namespace

TEST_CASE("is_expired: a Number below now, not more than five years below") {
  const int64_t now_ms = 1'800'000'000'000;
  auto expired = [&](AttributeValue v) { return engine::is_expired(Item{{"pk", S("k")}, {"exp", v}}, "exp", now_ms); };
  CHECK(expired(N("1799999999")));
  CHECK(expired(N("1799999999.999")));
  CHECK_FALSE(expired(N("1800000000")));  // equal to now: not yet
  CHECK_FALSE(expired(N("1800000001")));
  CHECK(engine::is_expired(Item{{"exp", N("1800000000")}}, "exp", now_ms + 1));
  const int64_t five_years = engine::kTtlMaxAgeSeconds;
  CHECK(expired(N(std::to_string(1'800'000'000 - five_years))));
  CHECK_FALSE(expired(N(std::to_string(1'800'000'000 - five_years - 1))));
  CHECK_FALSE(expired(N("-5")));
  CHECK_FALSE(expired(N("1E+30")));
  CHECK_FALSE(expired(S("1700000000")));
  CHECK_FALSE(engine::is_expired(Item{{"pk", S("k")}}, "exp", now_ms));
  CHECK_FALSE(engine::is_expired(Item{{"other", N("1")}}, "exp", now_ms));
}

TEST_CASE("the sweep deletes expired items through indexes and streams") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(ttl_table("T", true));
  put(*table, {{"pk", S("past")}, {"g", S("x")}, {"exp", N("1799996400")}});
  put(*table, {{"pk", S("future")}, {"g", S("x")}, {"exp", N("1800003600")}});
  put(*table, {{"pk", S("string")}, {"g", S("x")}, {"exp", S("1799996400")}});
  put(*table, {{"pk", S("ancient")}, {"g", S("x")}, {"exp", N("1600000000")}});
  put(*table, {{"pk", S("none")}, {"g", S("x")}});
  CHECK(table->index_stats("byG")->item_count == 5);

  // Expired but not swept: still readable.
  CHECK(has(*table, "past"));
  CHECK(engine::sweep_expired(db, clock.now) == 1);
  CHECK_FALSE(has(*table, "past"));
  CHECK(table->item_count() == 4);
  CHECK(table->index_stats("byG")->item_count == 4);
  CHECK(engine::sweep_expired(db, clock.now) == 0);

  clock.now += 7200 * 1000;
  CHECK(engine::sweep_expired(db, clock.now) == 1);
  CHECK_FALSE(has(*table, "future"));
  for (const char* pk : {"string", "ancient", "none"}) CHECK(has(*table, pk));
  CHECK(table->index_stats("byG")->item_count == 3);

  auto stream = table->stream();
  auto records = stream->read(stream->trim_horizon_position(), 100).records;
  REQUIRE(records.size() == 7);
  CHECK(records[5].event == engine::StreamEvent::Remove);
  CHECK(records[5].by_ttl);
  CHECK(records[5].old_image);
  CHECK(records[6].by_ttl);
  for (int i = 0; i < 5; ++i) CHECK_FALSE(records[i].by_ttl);
}

TEST_CASE("tables without TTL keep their items") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto def = ttl_table("T");
  def.ttl_attribute.clear();
  auto table = db.create(def);
  put(*table, {{"pk", S("past")}, {"exp", N("1")}});
  put(*table, {{"pk", S("p2")}, {"exp", N("1799999000")}});
  CHECK(engine::sweep_expired(db, clock.now) == 0);
  CHECK(table->item_count() == 2);
  // Enabled later: swept.
  table->update_definition([](engine::TableDefinition& d) { d.ttl_attribute = "exp"; });
  CHECK(engine::sweep_expired(db, clock.now) == 1);
  CHECK(table->item_count() == 1);
}

TEST_CASE("the sweep pages through large tables") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(ttl_table("T"));
  std::string filler(20000, 'x');
  for (int i = 0; i < 200; ++i)
    put(*table,
        {{"pk", S("k" + std::to_string(i))}, {"f", S(filler)}, {"exp", N(i % 2 ? "1799999999" : "1900000000")}});
  CHECK(engine::sweep_expired(db, clock.now) == 100);
  CHECK(table->item_count() == 100);
}

}  // namespace ttl_test
