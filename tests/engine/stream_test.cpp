// engine::Stream through Table's commit point with a manual clock: one record per changed item
// (none for an unchanged write or a delete of an absent item), images per view type, sizes,
// sequence order, close and reopen, retention, and streams outliving their table.
#include "engine/stream.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/table.h"
#include "engine/transaction.h"
#include "model/attribute_value.h"
#include "model/item_codec.h"
#include "tests/support/manual_clock.h"
#include "tests/support/values.h"

namespace stream_test {

namespace engine = minnow::engine;
namespace model = minnow::model;
using engine::StreamEvent;
using engine::WriteDecision;
using model::AttributeValue;
using model::Item;

namespace {

using minnow::test::N;
using minnow::test::S;

using minnow::test::ManualClock;

engine::TableDefinition streamed(const std::string& name, const std::string& view_type, const std::string& label) {
  engine::TableDefinition d;
  d.name = name;
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  d.stream = {true, view_type};
  d.stream_label = label;
  return d;
}

void put(engine::Table& t, Item item) {
  model::AttributeMap key{{"pk", item.at("pk")}};
  t.write(key, [&](const Item*) { return WriteDecision::put(item); });
}
void del(engine::Table& t, const std::string& pk) {
  t.write({{"pk", S(pk)}}, [](const Item*) { return WriteDecision::remove(); });
}

std::vector<engine::StreamRecord> all_records(engine::Stream& s) {
  return s.read(s.trim_horizon_position(), 1000).records;
}

}  // namespace

TEST_CASE("one record per changed item, in commit order, none for no-op writes") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "NEW_AND_OLD_IMAGES", "2027-01-15T08:00:00.000"));
  auto stream = table->stream();
  REQUIRE(stream);
  Item v1{{"pk", S("a")}, {"v", N("1")}};
  Item v2{{"pk", S("a")}, {"v", N("2")}};
  put(*table, v1);
  put(*table, v1);                                     // unchanged
  put(*table, Item{{"pk", S("a")}, {"v", N("1.0")}});  // the same number: unchanged
  table->write({{"pk", S("a")}}, [](const Item*) { return WriteDecision::keep(); });
  put(*table, v2);
  del(*table, "a");
  del(*table, "absent");
  auto records = all_records(*stream);
  REQUIRE(records.size() == 3);
  CHECK(records[0].event == StreamEvent::Insert);
  CHECK(records[1].event == StreamEvent::Modify);
  CHECK(records[2].event == StreamEvent::Remove);
  CHECK(records[0].sequence < records[1].sequence);
  CHECK(records[1].sequence < records[2].sequence);
  CHECK(records[0].sequence > stream->starting_sequence());
  CHECK(model::decode_item(records[1].keys) == Item{{"pk", S("a")}});
  CHECK(model::decode_item(*records[1].old_image) == v1);
  CHECK(model::decode_item(*records[1].new_image) == v2);
  CHECK_FALSE(records[0].old_image);
  CHECK_FALSE(records[2].new_image);
  CHECK(records[1].size_bytes == model::item_size(Item{{"pk", S("a")}}) + model::item_size(v1) + model::item_size(v2));
  CHECK(records[0].created_ms == clock.now);
  CHECK_FALSE(records[2].by_ttl);
  CHECK(records[0].event_id != records[1].event_id);
  CHECK(engine::format_sequence_number(records[0].sequence).size() == 21);
}

TEST_CASE("view types carry the images they name") {
  ManualClock clock;
  engine::Database db(clock, {});
  for (auto [view, with_new, with_old] :
       {std::tuple{"KEYS_ONLY", false, false}, std::tuple{"NEW_IMAGE", true, false},
        std::tuple{"OLD_IMAGE", false, true}, std::tuple{"NEW_AND_OLD_IMAGES", true, true}}) {
    auto table = db.create(streamed(std::string("T_") + view, view, "L"));
    put(*table, {{"pk", S("k")}, {"a", S("1")}});
    put(*table, {{"pk", S("k")}, {"a", S("2")}});
    auto records = all_records(*table->stream());
    REQUIRE(records.size() == 2);
    CHECK(bool(records[1].new_image) == with_new);
    CHECK(bool(records[1].old_image) == with_old);
    CHECK(bool(records[0].new_image) == with_new);
    CHECK_FALSE(records[0].old_image);
  }
}

TEST_CASE("transactions write one record per changed item; cancelled ones none") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "KEYS_ONLY", "L"));
  put(*table, {{"pk", S("x")}});
  std::vector<engine::TransactWriteAction> actions;
  actions.push_back({table, {{"pk", S("t1")}}, [](const Item*) { return WriteDecision::put({{"pk", S("t1")}}); }});
  actions.push_back({table, {{"pk", S("x")}}, [](const Item*) { return WriteDecision::remove(); }});
  actions.push_back({table, {{"pk", S("c")}}, [](const Item*) { return WriteDecision::keep(); }});
  CHECK(engine::transact_write(actions).empty());
  CHECK(all_records(*table->stream()).size() == 3);
  std::vector<engine::TransactWriteAction> failing;
  failing.push_back({table, {{"pk", S("t2")}}, [](const Item*) { return WriteDecision::put({{"pk", S("t2")}}); }});
  failing.push_back({table, {{"pk", S("t1")}}, [](const Item*) -> std::optional<WriteDecision> {
                       return std::nullopt;  // a failed condition
                     }});
  CHECK_FALSE(engine::transact_write(failing).empty());
  CHECK(all_records(*table->stream()).size() == 3);
}

TEST_CASE("disabling closes the stream; enabling again opens a new one; a deleted table's stays") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "KEYS_ONLY", "first"));
  auto first = table->stream();
  put(*table, {{"pk", S("one")}});
  table->update_definition([](engine::TableDefinition& d) { d.stream = {}; });
  CHECK_FALSE(table->stream());
  CHECK_FALSE(first->enabled());
  REQUIRE(first->ending_sequence());
  CHECK(*first->ending_sequence() == all_records(*first).back().sequence);
  put(*table, {{"pk", S("two")}});  // goes nowhere
  CHECK(all_records(*first).size() == 1);

  table->update_definition([](engine::TableDefinition& d) {
    d.stream = {true, "NEW_IMAGE"};
    d.stream_label = "second";
  });
  auto second = table->stream();
  REQUIRE(second);
  CHECK(second != first);
  CHECK(second->view_type() == "NEW_IMAGE");
  CHECK(second->shard_id() != first->shard_id());
  CHECK(second->starting_sequence() > *first->ending_sequence());
  put(*table, {{"pk", S("three")}});
  CHECK(all_records(*second).size() == 1);
  CHECK(db.streams().list(std::string("T")).size() == 2);

  db.remove("T");
  CHECK_FALSE(second->enabled());
  CHECK(db.streams().find("T", "second") == second);
  CHECK(all_records(*second).size() == 1);
  // A closed shard read to its end has no next position.
  auto end = second->read(second->latest_position(), 10);
  CHECK(end.records.empty());
  CHECK(end.shard_ended);
}

TEST_CASE("positions: TRIM_HORIZON, LATEST, reading on, and the 24-hour retention") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "KEYS_ONLY", "L"));
  auto stream = table->stream();
  put(*table, {{"pk", S("old")}});
  clock.now += 12 * 3600 * 1000;
  put(*table, {{"pk", S("newer")}});
  uint64_t latest = stream->latest_position();
  CHECK(stream->read(latest, 10).records.empty());
  CHECK_FALSE(stream->read(latest, 10).shard_ended);
  put(*table, {{"pk", S("latest")}});
  CHECK(stream->read(latest, 10).records.size() == 1);

  uint64_t horizon = stream->trim_horizon_position();
  auto page = stream->read(horizon, 2);
  REQUIRE(page.records.size() == 2);
  CHECK(stream->read(page.next_position, 10).records.size() == 1);

  clock.now += 12 * 3600 * 1000 + 1;  // the first record is now older than 24 hours
  CHECK(stream->read(horizon, 10).status == engine::Stream::ReadResult::Status::Trimmed);
  auto kept = stream->read(stream->trim_horizon_position(), 10);
  CHECK(kept.status == engine::Stream::ReadResult::Status::Ok);
  CHECK(kept.records.size() == 2);
}

TEST_CASE("under a consistency lag a record is readable once it is old enough; LATEST stops before it") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "KEYS_ONLY", "L"));
  auto stream = table->stream();
  put(*table, {{"pk", S("seen")}});
  clock.now += 1000;
  put(*table, {{"pk", S("unseen")}});
  const int64_t visible = clock.now - 500;  // a lag of 500 ms
  const uint64_t horizon = stream->trim_horizon_position();
  auto page = stream->read(horizon, 10, visible);
  REQUIRE(page.records.size() == 1);
  CHECK_FALSE(page.shard_ended);
  // The iterator waits at the record not readable yet, as it would for one not in the shard yet.
  CHECK(stream->read(page.next_position, 10, visible).records.empty());
  const uint64_t latest = stream->latest_position(visible);
  CHECK(latest == page.next_position);
  CHECK(stream->read(latest, 10, clock.now).records.size() == 1);  // once it is old enough
  CHECK(stream->latest_position() > latest);                        // without a lag: after it
}

TEST_CASE("sequence numbers parse and print as 21 to 40 digits") {
  CHECK(engine::format_sequence_number(42) == "000000000000000000042");
  CHECK(engine::parse_sequence_number("000000000000000000042") == 42u);
  CHECK_FALSE(engine::parse_sequence_number("42"));
  CHECK_FALSE(engine::parse_sequence_number("00000000000000000004x"));
  CHECK_FALSE(engine::parse_sequence_number(std::string(41, '1')));
}

TEST_CASE("a deleted table opens no stream again, even when a stale request redefines it") {
  ManualClock clock;
  engine::Database db(clock, {});
  auto table = db.create(streamed("T", "KEYS_ONLY", "2027-01-15T08:00:00.000"));
  REQUIRE(table->stream());
  db.remove("T");
  // A request that found the table before the delete goes on (UpdateContinuousBackups, say).
  table->update_definition([](engine::TableDefinition& d) { d.point_in_time_recovery.enabled = true; });
  CHECK_FALSE(table->stream());
  for (const auto& stream : db.streams().list(std::nullopt)) CHECK_FALSE(stream->enabled());
}

}  // namespace stream_test
