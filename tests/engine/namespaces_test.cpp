// The namespace registry (engine/namespaces.h): DynamoDB Local's rule, identifiers, isolation.
#include "engine/namespaces.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "engine/clock.h"
#include "engine/table.h"
#include "engine/table_definition.h"

namespace namespaces_test {

namespace {

using namespace minnow;

engine::TableDefinition table(const std::string& name) {
  engine::TableDefinition definition;
  definition.name = name;
  definition.attribute_definitions = {{"pk", model::ValueType::S}};
  definition.key_schema_elements = {{"pk", true}};
  definition.key_schema = model::KeySchema{{"pk", model::ValueType::S}, std::nullopt};
  return definition;
}

}  // namespace

TEST_CASE("one namespace per access key and region, both case-sensitive", "[namespaces]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces(false, clock, engine::DatabaseOptions{});
  CHECK_FALSE(namespaces.shared());
  engine::Namespace a = namespaces.for_request("A", "us-east-1");
  CHECK(a.id == "A/us-east-1");
  REQUIRE(a.database.create(table("t")));
  CHECK(namespaces.for_request("A", "us-east-1").database.find("t"));
  CHECK(&namespaces.for_request("A", "us-east-1").database == &a.database);
  for (auto [key, region] : {std::pair{"B", "us-east-1"}, {"A", "eu-west-1"}, {"a", "us-east-1"}, {"A", "US-EAST-1"}}) {
    INFO(key << " " << region);
    CHECK_FALSE(namespaces.for_request(key, region).database.find("t"));
  }
  CHECK(namespaces.find("A/us-east-1") == &a.database);
  CHECK(namespaces.find("Z/us-east-1") == nullptr);
  std::set<std::string> ids;
  for (const auto& [id, database] : namespaces.list()) ids.insert(id);
  CHECK(ids == std::set<std::string>{"A/US-EAST-1", "A/eu-west-1", "A/us-east-1", "B/us-east-1", "a/us-east-1"});
}

TEST_CASE("-sharedDb: one namespace for every request", "[namespaces]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces(true, clock, engine::DatabaseOptions{});
  engine::Namespace a = namespaces.for_request("A", "us-east-1");
  CHECK(a.id == "shared");
  REQUIRE(a.database.create(table("t")));
  CHECK(namespaces.for_request("B", "ap-south-1").database.find("t"));
  CHECK(namespaces.id_for("B", "ap-south-1") == "shared");
  CHECK(namespaces.list().size() == 1);
}

TEST_CASE("the namespace of the last request is known; admin calls do not count", "[namespaces]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces(false, clock, engine::DatabaseOptions{});
  CHECK(namespaces.last_used() == nullptr);
  namespaces.for_request("A", "us-east-1");
  REQUIRE(namespaces.last_used() != nullptr);
  CHECK(*namespaces.last_used() == "A/us-east-1");
  namespaces.for_request("B", "eu-west-1");
  CHECK(*namespaces.last_used() == "B/eu-west-1");
  namespaces.get("C/us-east-1");  // a snapshot loaded, an admin call
  CHECK(*namespaces.last_used() == "B/eu-west-1");
  namespaces.for_request("A", "us-east-1");  // made before: found again
  CHECK(*namespaces.last_used() == "A/us-east-1");

  engine::Namespaces shared(true, clock, engine::DatabaseOptions{});
  shared.for_request("A", "us-east-1");
  CHECK(shared.last_used() == nullptr);
}

TEST_CASE("a namespace's Database comes from the factory, once", "[namespaces]") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  std::vector<std::string> made;
  engine::Namespaces namespaces(false, clock, [&](const std::string& id) {
    made.push_back(id);
    return std::make_unique<engine::Database>(clock, engine::DatabaseOptions{});
  });
  namespaces.get("K/r");
  namespaces.for_request("K", "r");
  namespaces.get("K/r");
  CHECK(made == std::vector<std::string>{"K/r"});
}

TEST_CASE("namespace identifiers", "[namespaces]") {
  auto parsed = engine::parse_namespace_id("AKID/us-east-1");
  REQUIRE(parsed);
  CHECK(parsed->access_key == "AKID");
  CHECK(parsed->region == "us-east-1");
  REQUIRE(engine::parse_namespace_id("shared"));
  CHECK(engine::parse_namespace_id("shared")->access_key.empty());
  CHECK(engine::parse_namespace_id("K/"));  // a credential without a region
  CHECK_FALSE(engine::parse_namespace_id("AKID"));
  CHECK_FALSE(engine::parse_namespace_id("a/b/c"));
}

}  // namespace namespaces_test
