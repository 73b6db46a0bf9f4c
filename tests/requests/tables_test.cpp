// The tables family's typed requests without JSON: UpdateTimeToLive's states come back as
// statuses and change nothing; ListTables pages names in order; CreateTable, DescribeTable and
// DeleteTable say what happened to the catalog; UpdateTable runs its plan under the lock.
#include "requests/tables.h"

#include <catch2/catch.hpp>

#include "engine/database.h"
#include "requests/time_to_live.h"
#include "requests/update_table.h"
#include "tests/requests/fixture.h"

namespace tables_test {

namespace {

using namespace minnow;
using Status = requests::UpdateTimeToLiveResult::Status;

using Fixture = testing::RequestsFixture;

}  // namespace

TEST_CASE("UpdateTimeToLive: enable, the states that refuse, disable") {
  Fixture f;
  auto table = f.create_table("t");
  auto ttl = [&](bool enabled, std::optional<std::string> name) {
    return requests::execute(f.context(), requests::UpdateTimeToLiveRequest{table, enabled, std::move(name)}).status;
  };
  auto described = [&] {
    return requests::execute(f.context(), requests::DescribeTimeToLiveRequest{table}).attribute_name;
  };

  CHECK(ttl(false, std::nullopt) == Status::AlreadyDisabled);
  CHECK(ttl(true, "expires") == Status::Updated);
  CHECK(described() == "expires");
  CHECK(ttl(true, "expires") == Status::AlreadyEnabled);
  CHECK(ttl(true, "other") == Status::DifferentAttribute);
  CHECK(ttl(false, "other") == Status::DifferentAttribute);
  CHECK(described() == "expires");  // refusals change nothing
  CHECK(ttl(false, std::nullopt) == Status::Updated);
  CHECK(described().empty());
}

TEST_CASE("ListTables: names in order, a page at a time; `more` only when names remain") {
  Fixture f;
  for (const char* name : {"c", "a", "d", "b"}) f.create_table(name);
  requests::ListTablesRequest r;
  r.limit = 2;
  requests::ListTablesResult page = requests::execute(f.context(), r);
  CHECK(page.table_names == std::vector<std::string>{"a", "b"});
  CHECK(page.more);
  r.exclusive_start_table = "b";
  page = requests::execute(f.context(), r);
  CHECK(page.table_names == std::vector<std::string>{"c", "d"});
  CHECK_FALSE(page.more);  // a page ending at the last table has no LastEvaluatedTableName
}

TEST_CASE("CreateTable, DescribeTable, DeleteTable: the catalog as values") {
  Fixture f;
  engine::TableDefinition d;
  d.name = "t";
  d.attribute_definitions = {{"pk", model::ValueType::S}};
  d.key_schema_elements = {{"pk", true}};
  d.key_schema.hash = {"pk", model::ValueType::S};
  requests::CreateTableResult created = requests::execute(f.context(), requests::CreateTableRequest{d});
  REQUIRE(created.table);
  CHECK_FALSE(requests::execute(f.context(), requests::CreateTableRequest{d}).table);  // the name is taken

  CHECK(requests::execute(f.context(), requests::DescribeTableRequest{created.table}).definition.name == "t");

  requests::DeleteTableResult deleted = requests::execute(f.context(), requests::DeleteTableRequest{created.table, {}});
  CHECK(deleted.deleted);
  CHECK(deleted.definition.name == "t");
  CHECK_FALSE(f.database.find("t"));
  CHECK_FALSE(requests::execute(f.context(), requests::DeleteTableRequest{created.table, {}}).deleted);  // gone already
}

TEST_CASE("DescribeTable settles transient statuses to the request's time") {
  Fixture f;
  auto table = f.create_table("t");
  table->update_definition([](engine::TableDefinition& def) {
    engine::IndexDefinition gsi;
    gsi.name = "g";
    gsi.key_schema = {{"pk", true}};
    gsi.projection = {"ALL", {}};
    gsi.status = "CREATING";
    gsi.backfill_from_ms = 10;
    gsi.transient_until_ms = 20;
    def.global_indexes.push_back(gsi);
  });
  auto status_at = [&](int64_t now_ms) {
    requests::Context context = f.context();
    context.now_ms = now_ms;
    const engine::IndexDefinition gsi =
        requests::execute(context, requests::DescribeTableRequest{table}).definition.global_indexes.at(0);
    return gsi.status + (gsi.backfilling ? "+backfilling" : "");
  };
  CHECK(status_at(5) == "CREATING");
  CHECK(status_at(15) == "CREATING+backfilling");
  CHECK(status_at(25) == "ACTIVE");
}

TEST_CASE("UpdateTable: the plan runs on the current definition; its next one replaces it, a refusal changes nothing") {
  Fixture f;
  auto table = f.create_table("t");
  requests::UpdateTableRequest r;
  r.table = table;
  r.deletion_protection = true;
  requests::UpdateTableResult result =
      requests::execute(f.context(), r, [&](const requests::UpdateTableRequest&, const engine::TableDefinition& current) {
        requests::UpdateTablePlan plan{current, current};
        plan.next.deletion_protection = *r.deletion_protection;
        plan.updating = true;
        return plan;
      });
  CHECK(result.updating);
  CHECK_FALSE(result.shown.deletion_protection);
  CHECK(table->definition().deletion_protection);

  struct Refused {};
  CHECK_THROWS_AS(requests::execute(f.context(), r,
                                    [&](const requests::UpdateTableRequest&, const engine::TableDefinition&) -> requests::UpdateTablePlan { throw Refused{}; }),
                  Refused);
  CHECK(table->definition().deletion_protection);
}

}  // namespace tables_test
