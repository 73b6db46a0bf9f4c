// The test controls' typed requests without HTTP: the clock moves only when it can, a reset
// reaches only its scope, a fork copies a namespace and refuses to overwrite one with tables, and
// saved states come back (a rewind with the clock), are forgotten, or are refused by name.
#include "requests/controls.h"

#include <catch2/catch.hpp>

#include "engine/clock.h"
#include "engine/namespaces.h"
#include "model/admin_errors.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace controls_test {

namespace {

using namespace minnow;
using testing::message_of;
using test::S;
using Kind = requests::SaveStateRequest::Kind;

struct Controls {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  engine::FaultRegistry faults;
  requests::SavedStates saved;
  requests::ControlTargets targets{namespaces, faults, &clock, saved};

  engine::Database& db(const std::string& id) { return namespaces.get(id).database; }
  void put(const std::string& id, const std::string& table, const std::string& pk) {
    std::shared_ptr<engine::Table> t = db(id).find(table);
    if (!t) t = db(id).create(testing::table_definition(table));
    model::Item item{{"pk", S(pk)}};
    t->write({{"pk", S(pk)}}, [&](const model::Item*) { return engine::WriteDecision::put(item); });
  }
  std::size_t items(const std::string& id, const std::string& table) {
    std::shared_ptr<engine::Table> t = db(id).find(table);
    return t ? t->item_count() : 0;
  }
};

const std::string kA = "a/us-east-1";
const std::string kB = "b/us-east-1";

}  // namespace

TEST_CASE("controls: the clock moves, is set and goes back; a fixed clock is refused") {
  Controls c;
  const int64_t start = c.clock.now_ms();
  using How = requests::MoveClockRequest::How;
  CHECK(requests::execute(c.targets, requests::MoveClockRequest{How::Advance, 5000, std::nullopt}) == start + 5000);
  CHECK(requests::execute(c.targets, requests::MoveClockRequest{How::Set, 1000, std::nullopt}) == 1000);
  CHECK(requests::execute(c.targets, requests::MoveClockRequest{How::Reset, 0, std::nullopt}) == start);

  requests::ControlTargets fixed{c.namespaces, c.faults, nullptr, c.saved};
  CHECK(message_of([&] { requests::execute(fixed, requests::MoveClockRequest{How::Advance, 1, std::nullopt}); }) ==
        model::kAdminClockFixed.message);
}

TEST_CASE("controls: a reset of one namespace leaves the others and their faults") {
  Controls c;
  c.put(kA, "t", "1");
  c.put(kB, "t", "1");
  engine::FaultRule a_rule;
  a_rule.error = engine::FaultError::InternalServerError;
  a_rule.namespace_id = kA;
  requests::execute(c.targets, requests::AddFaultRequest{a_rule});
  const uint64_t b_rule = requests::execute(c.targets, requests::AddFaultRequest{engine::FaultRule{}});

  requests::execute(c.targets, requests::ResetRequest{kA});
  CHECK(c.db(kA).tables().empty());
  CHECK(c.items(kB, "t") == 1);
  REQUIRE(c.faults.list().size() == 1);
  CHECK(c.faults.list()[0].id == b_rule);

  CHECK(requests::execute(c.targets, requests::RemoveFaultsRequest{b_rule, std::nullopt}) == 1);
  CHECK(requests::execute(c.targets, requests::RemoveFaultsRequest{b_rule, std::nullopt}) == 0);
  requests::execute(c.targets, requests::ResetRequest{std::nullopt});
  CHECK(c.db(kB).tables().empty());
}

TEST_CASE("controls: a fork copies a namespace, and replaces one with tables only when told") {
  Controls c;
  c.put(kA, "t", "1");
  c.put(kA, "t", "2");
  requests::ForkResult forked = requests::execute(c.targets, requests::ForkRequest{kA, kB, false});
  CHECK(forked.tables == 1);
  CHECK(forked.items == 2);
  c.put(kB, "t", "3");
  CHECK(c.items(kA, "t") == 2);  // independent
  CHECK(c.items(kB, "t") == 3);

  CHECK(message_of([&] { requests::execute(c.targets, requests::ForkRequest{kA, kB, false}); }) ==
        model::admin_fork_target_has_tables(kB).message());
  CHECK(c.items(kB, "t") == 3);  // refused: unchanged
  requests::execute(c.targets, requests::ForkRequest{kA, kB, true});
  CHECK(c.items(kB, "t") == 2);
}

TEST_CASE("controls: a checkpoint rewinds its namespace, with the clock when asked") {
  Controls c;
  c.put(kA, "t", "1");
  const requests::SaveStateResult saved =
      requests::execute(c.targets, requests::SaveStateRequest{Kind::Checkpoint, "", kA});
  CHECK(saved.name == "checkpoint-1");
  CHECK(saved.stats.items == 1);
  CHECK(saved.at_ms == c.clock.now_ms());
  c.put(kA, "t", "2");
  c.clock.advance_ms(60'000);

  requests::ControlTargets fixed{c.namespaces, c.faults, nullptr, c.saved};
  CHECK(message_of([&] {
          requests::execute(fixed, requests::PutBackStateRequest{Kind::Checkpoint, saved.name, kA, true});
        }) == model::kAdminClockFixed.message);
  CHECK(c.items(kA, "t") == 2);  // refused before anything changed

  requests::execute(c.targets, requests::PutBackStateRequest{Kind::Checkpoint, saved.name, kA, true});
  CHECK(c.items(kA, "t") == 1);
  CHECK(c.clock.now_ms() == saved.at_ms);

  requests::execute(c.targets, requests::ForgetStateRequest{Kind::Checkpoint, saved.name});
  CHECK(message_of([&] {
          requests::execute(c.targets, requests::PutBackStateRequest{Kind::Checkpoint, saved.name, kA, false});
        }) == model::admin_no_checkpoint(saved.name, kA).message());
  CHECK(message_of([&] { requests::execute(c.targets, requests::ForgetStateRequest{Kind::Snapshot, "x"}); }) ==
        model::admin_no_snapshot("x").message());
}

TEST_CASE("controls: a snapshot of every namespace empties, on restore, a namespace it did not have") {
  Controls c;
  c.put(kA, "t", "1");
  requests::execute(c.targets, requests::SaveStateRequest{Kind::Snapshot, "s", std::nullopt});
  c.put(kB, "t", "1");
  c.put(kA, "u", "1");
  const requests::SavedStateStats stats =
      requests::execute(c.targets, requests::PutBackStateRequest{Kind::Snapshot, "s", std::nullopt, false});
  CHECK(stats.namespaces == 2);
  CHECK(c.items(kA, "t") == 1);
  CHECK(c.items(kA, "u") == 0);
  CHECK(c.db(kB).tables().empty());
}

TEST_CASE("controls: the capacity model set per table, and refused for a table nowhere") {
  Controls c;
  c.put(kA, "t", "1");
  c.put(kB, "t", "1");
  CHECK(requests::execute(c.targets, requests::SetCapacityModelRequest{kA, "t", true}) == 1);
  CHECK(c.db(kA).find("t")->throughput().model() == true);
  CHECK(c.db(kB).find("t")->throughput().model() == std::nullopt);
  CHECK(requests::execute(c.targets, requests::SetCapacityModelRequest{std::nullopt, "t", false}) == 2);
  CHECK(c.db(kB).find("t")->throughput().model() == false);
  CHECK(message_of([&] { requests::execute(c.targets, requests::SetCapacityModelRequest{kA, "u", true}); }) ==
        model::admin_no_table("u").message());
}

TEST_CASE("controls: a table's consistency lag set, taken back to the server's, refused for a table nowhere") {
  Controls c;
  c.put(kA, "t", "1");
  c.put(kB, "t", "1");
  CHECK(requests::execute(c.targets, requests::SetConsistencyLagRequest{kA, "t", 500}) == 1);
  CHECK(c.db(kA).find("t")->consistency_lag() == 500);
  CHECK(c.db(kB).find("t")->consistency_lag() == 0);
  CHECK(requests::execute(c.targets, requests::SetConsistencyLagRequest{std::nullopt, "t", std::nullopt}) == 2);
  CHECK(c.db(kA).find("t")->consistency_lag() == 0);  // the server's: none
  CHECK(message_of([&] { requests::execute(c.targets, requests::SetConsistencyLagRequest{kA, "u", 1}); }) ==
        model::admin_no_table("u").message());
}

}  // namespace controls_test
