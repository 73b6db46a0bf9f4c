// Global tables as typed requests, across the namespaces of one access key: version 2019.11.21's
// ReplicaUpdates (requests/replicas.h) makes a replica from a copy of the table and takes it away;
// version 2017.11.29's groups (requests/global_tables.h) join tables made in each region, in the
// members' definitions. No replication here (no Replicator): what the requests change.
#include "requests/global_tables.h"

#include <catch2/catch.hpp>

#include "engine/namespaces.h"
#include "engine/transient_statuses.h"
#include "model/control_errors.h"
#include "requests/replicas.h"
#include "requests/time_to_live.h"
#include "requests/update_table.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace global_tables_test {

namespace {

using namespace minnow;
using minnow::test::S;

constexpr const char* kEast = "AK/us-east-1";
constexpr const char* kWest = "AK/us-west-2";

struct Regions {
  explicit Regions(engine::DatabaseOptions options = {}) : namespaces(false, clock, options) {}
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces;
  engine::FaultRegistry faults;
  int64_t reply_delay_ms = 0;

  requests::Context in(const char* id, int64_t now_ms = 1000) {
    return {namespaces.get(id).database, now_ms, faults, id, "Test", reply_delay_ms, "", "000000000000", &namespaces};
  }
  std::shared_ptr<engine::Table> create(const char* id, const std::string& name, bool stream = true) {
    engine::TableDefinition d = testing::table_definition(name);
    if (stream) d.stream = {true, "NEW_AND_OLD_IMAGES"};
    d.stream_label = "L";
    return namespaces.get(id).database.create(d);
  }
};

void put(engine::Table& table, const std::string& pk) {
  model::Item item{{"pk", S(pk)}};
  table.write(item, [&](const model::Item*) { return engine::WriteDecision::put(item); });
}

requests::ReplicaUpdate update(requests::ReplicaUpdate::Kind kind, const std::string& region) {
  return {kind, region, "id-" + region, "label-" + region};
}

requests::ReplicaUpdatesRequest replica_updates(std::shared_ptr<engine::Table> table,
                                                std::vector<requests::ReplicaUpdate> updates) {
  requests::ReplicaUpdatesRequest r;
  r.table = std::move(table);
  r.updates = std::move(updates);
  return r;
}

std::vector<std::string> replica_regions(const engine::Table& table) {
  std::vector<std::string> regions;
  for (const auto& replica : table.definition().replicas) regions.push_back(replica.region);
  return regions;
}

}  // namespace

TEST_CASE("ReplicaUpdates: a replica starts as a copy of the table; Delete takes its table away") {
  Regions r;
  auto east = r.create(kEast, "t");
  put(*east, "a");
  put(*east, "b");
  using Kind = requests::ReplicaUpdate::Kind;
  const engine::TableDefinition shown = requests::execute(
      r.in(kEast), replica_updates(east, {update(Kind::Create, "us-west-2")}));
  REQUIRE(shown.replicas.size() == 1);
  CHECK(shown.replicas[0].status == "CREATING");
  CHECK(replica_regions(*east) == std::vector<std::string>{"us-west-2"});
  auto west = r.namespaces.get(kWest).database.find("t");
  REQUIRE(west);
  CHECK(west->definition().id == "id-us-west-2");
  CHECK(west->definition().stream_label == "label-us-west-2");
  CHECK(replica_regions(*west) == std::vector<std::string>{"us-east-1"});
  CHECK(west->item_count() == 2);

  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), replica_updates(east, {update(Kind::Create, "us-west-2")}));
        }) == "One or more parameter values were invalid: Table t already has a replica in region us-west-2");
  requests::execute(r.in(kEast), replica_updates(east, {update(Kind::Delete, "us-west-2")}));
  CHECK(r.namespaces.get(kWest).database.find("t") == nullptr);
  CHECK(east->definition().replicas.empty());
}

TEST_CASE("ReplicaUpdates under -delayTransientStatuses: a new replica is CREATING for a phase") {
  Regions r(engine::DatabaseOptions{.delay_transient_statuses = true});
  auto east = r.create(kEast, "t");
  requests::execute(r.in(kEast, 1000), replica_updates(east, {update(requests::ReplicaUpdate::Kind::Create, "us-west-2")}));
  engine::TableDefinition def = east->definition();
  REQUIRE(def.replicas.size() == 1);
  CHECK(def.replicas[0].status == "CREATING");
  engine::settle_transient_statuses(def, 1000 + engine::kTransientPhaseMs - 1);
  CHECK(def.replicas[0].status == "CREATING");
  engine::settle_transient_statuses(def, 1000 + engine::kTransientPhaseMs);
  CHECK(def.replicas[0].status == "ACTIVE");
  // The new replica's own list: the table it copies, ACTIVE.
  CHECK(r.namespaces.get(kWest).database.find("t")->definition().replicas[0].status == "ACTIVE");
}

TEST_CASE("ReplicaUpdates: refused without a NEW_AND_OLD_IMAGES stream, in its own region, or with -sharedDb") {
  Regions r;
  auto plain = r.create(kEast, "plain", /*stream=*/false);
  auto east = r.create(kEast, "t");
  using Kind = requests::ReplicaUpdate::Kind;
  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), replica_updates(plain, {update(Kind::Create, "us-west-2")}));
        }) == "One or more parameter values were invalid: A table needs a stream with the NEW_AND_OLD_IMAGES view "
              "type to have replicas");
  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), replica_updates(east, {update(Kind::Create, "us-east-1")}));
        }) == "One or more parameter values were invalid: Table t is in region us-east-1: a replica must be in "
              "another region");
  requests::Context shared = r.in(kEast);
  shared.namespace_id = "shared";
  CHECK(testing::message_of([&] {
          requests::execute(shared, replica_updates(east, {update(Kind::Create, "us-west-2")}));
        }) == std::string(model::kReplicasNeedRegions.message));
  CHECK(east->definition().replicas.empty());
}

TEST_CASE("ReplicaUpdates: a replica's overrides hold in its region, and the other members list them") {
  Regions r;
  auto east = r.create(kEast, "t");
  east->update_definition([](engine::TableDefinition& d) { d.throughput = {5, 5}; });
  using Kind = requests::ReplicaUpdate::Kind;
  requests::ReplicaUpdate create = update(Kind::Create, "us-west-2");
  create.overrides.read_capacity_units = 3;
  requests::execute(r.in(kEast), replica_updates(east, {create}));
  auto west = r.namespaces.get(kWest).database.find("t");
  REQUIRE(west);
  CHECK(west->definition().throughput.read_capacity_units == 3);
  CHECK(west->definition().replica_overrides.read_capacity_units == 3);
  CHECK(east->definition().replicas[0].overrides.read_capacity_units == 3);
  CHECK(east->definition().throughput.read_capacity_units == 5);

  requests::ReplicaUpdate change = update(Kind::Update, "us-west-2");
  change.overrides.table_class = "STANDARD_INFREQUENT_ACCESS";
  requests::execute(r.in(kEast), replica_updates(east, {change}));
  CHECK(west->definition().table_class == "STANDARD_INFREQUENT_ACCESS");
  CHECK(west->definition().throughput.read_capacity_units == 3);  // an Update keeps what it does not give
  CHECK(east->definition().replicas[0].overrides.table_class == "STANDARD_INFREQUENT_ACCESS");
  CHECK(east->definition().table_class == "STANDARD");

  // An UpdateTable in either region changes both, but for the override and what is each one's own.
  requests::UpdateTableRequest throughput;
  throughput.table = west;
  throughput.deletion_protection = true;
  auto plan = [](const requests::UpdateTableRequest& request, const engine::TableDefinition& current) {
    CHECK(current.throughput.read_capacity_units == 5);  // planned on the global table's values
    requests::UpdateTablePlan out{current, current, false};
    out.next.throughput = {8, 9};
    if (request.deletion_protection) out.next.deletion_protection = *request.deletion_protection;
    return out;
  };
  requests::execute(r.in(kWest), throughput, plan);
  CHECK(west->definition().throughput.read_capacity_units == 3);
  CHECK(west->definition().throughput.write_capacity_units == 9);
  CHECK(west->definition().overridden_values.read_capacity_units == 8);
  CHECK(west->definition().deletion_protection);
  CHECK(east->definition().throughput.read_capacity_units == 8);
  CHECK(east->definition().throughput.write_capacity_units == 9);
  CHECK_FALSE(east->definition().deletion_protection);

  requests::execute(r.in(kEast), requests::UpdateTimeToLiveRequest{east, true, "exp"});
  CHECK(west->definition().ttl_attribute == "exp");

  // A third replica copies the global table's values, not the ones the source overrides.
  requests::execute(r.in(kWest), replica_updates(west, {update(Kind::Create, "eu-west-1")}));
  auto eu = r.namespaces.get("AK/eu-west-1").database.find("t");
  REQUIRE(eu);
  CHECK(eu->definition().throughput.read_capacity_units == 8);
  CHECK(eu->definition().table_class == "STANDARD");
  REQUIRE(eu->definition().replicas.size() == 2);
  CHECK(eu->definition().replicas[0].region == "us-west-2");
  CHECK(eu->definition().replicas[0].overrides.read_capacity_units == 3);
}

TEST_CASE("CreateTable from a GlobalTableSourceArn: a replica in another account (access key)") {
  Regions r;
  auto source = r.create(kEast, "t");
  put(*source, "a");
  engine::TableDefinition own;
  own.name = "t";
  own.id = "id-b";
  own.stream_label = "label-b";
  own.deletion_protection = true;
  const char* kOtherAccount = "BK/us-west-2";
  const requests::ReplicaSource from{"us-east-1", "t"};
  CHECK(testing::message_of([&] { requests::create_from_source(r.in(kOtherAccount), own, from); }) ==
        "One or more parameter values were invalid: Table t in region us-east-1 does not have "
        "GlobalTableSettingsReplicationMode ENABLED");
  CHECK(testing::message_of([&] {
          requests::create_from_source(r.in(kOtherAccount), own, requests::ReplicaSource{"us-east-1", "nope"});
        }) == "Requested resource not found: Table: nope not found");
  source->update_definition([](engine::TableDefinition& d) { d.settings_replication_mode = "ENABLED"; });

  auto made = requests::create_from_source(r.in(kOtherAccount), own, from);
  REQUIRE(made);
  CHECK(r.namespaces.get(kOtherAccount).database.find("t") == made);
  CHECK(r.namespaces.get(kWest).database.find("t") == nullptr);  // the source's account has no table there
  const engine::TableDefinition def = made->definition();
  CHECK(def.id == "id-b");
  CHECK(def.deletion_protection);
  CHECK(def.settings_replication_mode == "ENABLED");
  CHECK(def.key_schema == source->definition().key_schema);
  REQUIRE(def.replicas.size() == 1);
  CHECK(def.replicas[0].region == "us-east-1");
  CHECK(def.replicas[0].access_key == "AK");
  REQUIRE(source->definition().replicas.size() == 1);
  CHECK(source->definition().replicas[0].region == "us-west-2");
  CHECK(source->definition().replicas[0].access_key == "BK");
  CHECK(made->item_count() == 1);

  CHECK(testing::message_of([&] { requests::create_from_source(r.in("CK/us-west-2"), own, from); }) ==
        "One or more parameter values were invalid: Table t already has a replica in region us-west-2");
  // Deleting it from the source's side takes the other account's table away.
  requests::execute(r.in(kEast), replica_updates(source, {update(requests::ReplicaUpdate::Kind::Delete, "us-west-2")}));
  CHECK(r.namespaces.get(kOtherAccount).database.find("t") == nullptr);
  CHECK(source->definition().replicas.empty());
}

TEST_CASE("CreateGlobalTable joins empty tables; UpdateGlobalTable adds and removes members") {
  Regions r;
  auto east = r.create(kEast, "g");
  auto west = r.create(kWest, "g");
  const requests::GlobalTable made =
      requests::execute(r.in(kEast, 5000), requests::CreateGlobalTableRequest{"g", {"us-west-2", "us-east-1"}});
  CHECK(made.regions == std::vector<std::string>{"us-east-1", "us-west-2"});
  CHECK(made.created_ms == 5000);
  CHECK(east->definition().global_table_2017_ms == 5000);
  CHECK(replica_regions(*west) == std::vector<std::string>{"us-east-1"});
  CHECK(requests::execute(r.in(kWest), requests::DescribeGlobalTableRequest{"g"}).regions == made.regions);

  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), requests::CreateGlobalTableRequest{"g", {"us-east-1"}});
        }) == "Global table already exists: g");
  requests::execute(r.in(kEast), requests::UpdateGlobalTableRequest{"g", {{false, "us-west-2"}}});
  CHECK(west->definition().global_table_2017_ms == 0);
  CHECK(west->definition().replicas.empty());
  CHECK(east->definition().replicas.empty());
  CHECK(east->definition().global_table_2017_ms == 5000);  // still a group, of one region
  CHECK(testing::message_of([&] { requests::execute(r.in(kWest), requests::DescribeGlobalTableRequest{"g"}); }) ==
        "Global table not found: g");
}

TEST_CASE("CreateGlobalTable: every member there, empty and streaming, or nothing changes") {
  Regions r;
  auto east = r.create(kEast, "g");
  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), requests::CreateGlobalTableRequest{"g", {"us-east-1", "us-west-2"}});
        }) == "Table not found: g in region us-west-2");
  auto west = r.create(kWest, "g");
  put(*west, "x");
  CHECK(testing::message_of([&] {
          requests::execute(r.in(kEast), requests::CreateGlobalTableRequest{"g", {"us-east-1", "us-west-2"}});
        }) == "One or more parameter values were invalid: Table g in region us-west-2 must be empty to join a "
              "global table");
  CHECK(east->definition().global_table_2017_ms == 0);
  CHECK(east->definition().replicas.empty());
}

}  // namespace global_tables_test
