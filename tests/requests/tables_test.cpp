// The typed TTL and ListTables requests without JSON: UpdateTimeToLive's states come back as
// statuses and change nothing; ListTables pages names in order.
#include "requests/tables.h"

#include <catch2/catch.hpp>

#include "engine/clock.h"
#include "engine/database.h"
#include "engine/faults.h"
#include "requests/time_to_live.h"

namespace {

using namespace minnow;
using Status = requests::UpdateTimeToLiveResult::Status;

struct Fixture {
  engine::AdjustableClock clock;
  engine::Database database{clock, {}};
  engine::FaultRegistry faults;
  int64_t reply_delay_ms = 0;

  std::shared_ptr<engine::Table> create(const std::string& name) {
    engine::TableDefinition d;
    d.name = name;
    d.attribute_definitions = {{"pk", model::ValueType::S}};
    d.key_schema_elements = {{"pk", true}};
    d.key_schema.hash = {"pk", model::ValueType::S};
    return database.create(d);
  }
  requests::Context context() { return {database, 0, faults, "", "Test", reply_delay_ms}; }
};

}  // namespace

TEST_CASE("UpdateTimeToLive: enable, the states that refuse, disable") {
  Fixture f;
  auto table = f.create("t");
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
  for (const char* name : {"c", "a", "d", "b"}) f.create(name);
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
