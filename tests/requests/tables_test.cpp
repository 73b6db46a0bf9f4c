// The typed TTL and ListTables requests without JSON: UpdateTimeToLive's states come back as
// statuses and change nothing; ListTables pages names in order.
#include "requests/tables.h"

#include <catch2/catch.hpp>

#include "engine/database.h"
#include "requests/time_to_live.h"
#include "tests/requests/fixture.h"

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
