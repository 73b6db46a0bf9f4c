// The data API in process (no network): tokens and workspaces, the token file, isolation between
// workspace IDs that extend one another, the table shared with the DynamoDB protocol, and the
// Service mount that puts the routes on the port. The documented flow end to end is
// conformance/data-api/.
#include "dataapi/data_api.h"

#include <catch2/catch.hpp>

#include "api/service.h"
#include "dataapi/workspaces.h"
#include "engine/clock.h"
#include "engine/item_holds.h"
#include "engine/namespaces.h"
#include "engine/table.h"
#include "model/data_api_errors.h"
#include "model/key.h"

namespace data_api_test {

using namespace minnow;

namespace {

struct Harness {
  explicit Harness(std::optional<dataapi::TokenMap> tokens = std::nullopt, engine::DatabaseOptions options = {})
      : namespaces(false, clock, options), data_api(namespaces, dataapi::DataApiOptions{.tokens = std::move(tokens)}) {}

  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces;
  dataapi::DataApi data_api;

  api::Reply call(const std::string& route, std::string body, const std::string& token) {
    const std::string path = std::string(dataapi::kRoutePrefix) + route;
    const std::string authorization = "Bearer " + token;
    api::Request request;
    request.method = "POST";
    request.path = path;
    request.authorization = authorization;
    request.host = "127.0.0.1:9550";
    request.body = std::move(body);
    return data_api.handle(request);
  }
};

}  // namespace

TEST_CASE("token files map tokens to workspace IDs; malformed lines are named") {
  auto parsed = dataapi::parse_token_file("# team tokens\n\nt1 team-a\n  t2\tteam-a \nt3 b_2\r\n");
  REQUIRE(std::holds_alternative<dataapi::TokenMap>(parsed));
  CHECK(std::get<dataapi::TokenMap>(parsed) == dataapi::TokenMap{{"t1", "team-a"}, {"t2", "team-a"}, {"t3", "b_2"}});
  CHECK(std::get<std::string>(dataapi::parse_token_file("t1 a\nt2\n")) == "line 2: expected TOKEN WORKSPACE_ID");
  CHECK(std::get<std::string>(dataapi::parse_token_file("t1 a#b\n")) ==
        "line 1: a workspace ID has only letters, digits, '-' and '_'");
  CHECK(std::get<std::string>(dataapi::parse_token_file("t1 a\nt1 b\n")) == "line 2: this token is listed already");
}

TEST_CASE("without a token file each token is a workspace whose ID is derived from it") {
  dataapi::Workspaces workspaces;
  const auto a = workspaces.authenticate("Bearer token-a");
  CHECK(a.prefix == "deploy#" + a.id);
  CHECK(a.id.size() == 12);
  CHECK(a.id == dataapi::derived_workspace_id("token-a"));
  CHECK(workspaces.authenticate("bearer  token-a ").id == a.id);
  CHECK(workspaces.authenticate("Bearer token-b").id != a.id);
  CHECK_THROWS_AS(workspaces.authenticate(""), model::DataApiError);
  CHECK_THROWS_AS(workspaces.authenticate("Bearer "), model::DataApiError);
  CHECK_THROWS_AS(workspaces.authenticate("AWS4-HMAC-SHA256 Credential=x"), model::DataApiError);
}

TEST_CASE("a workspace whose ID extends another's sees none of the other's items") {
  Harness h(dataapi::TokenMap{{"short", "abc"}, {"long", "abcd"}});
  REQUIRE(h.call("provision", "{}", "short").status == 200);
  REQUIRE(h.call("provision", "{}", "long").status == 200);
  CHECK(h.call("put", R"({"item": "{\"pk\": \"deploy#abcd#1\", \"sk\": \"x\"}"})", "long").status == 200);
  // "deploy#abcd#1" starts with "deploy#abc" but not with "deploy#abc#".
  CHECK(h.call("get", R"({"pk": "deploy#abcd#1", "sk": "x"})", "short").status == 403);
  CHECK(h.call("scan", "{}", "short").body == R"({"items":[],"count":0})");
  CHECK(h.call("scan", "{}", "long").body == R"({"items":[{"pk":"deploy#abcd#1","sk":"x"}],"count":1})");
  const api::Reply unknown = h.call("info", "{}", "other");
  CHECK(unknown.status == 401);
  CHECK(unknown.body == R"({"error":"Unknown bearer token"})");
}

TEST_CASE("the shared table is the one the printed credentials reach; a deleted table comes back") {
  Harness h;
  REQUIRE(h.call("provision", "{}", "t").status == 200);
  engine::Database* database = h.namespaces.find("local/us-east-1");
  REQUIRE(database);
  auto table = database->find("minnow-data");
  REQUIRE(table);
  CHECK(table->definition().ttl_attribute == "ttl");
  CHECK(table->definition().billing_mode == engine::BillingMode::PayPerRequest);

  // A reset (or DeleteTable) drops the table: the next call of a provisioned workspace makes it again.
  database->clear();
  const std::string prefix = dataapi::Workspaces().authenticate("Bearer t").prefix;
  CHECK(h.call("put", R"({"item": "{\"pk\": \")" + prefix + R"(#1\", \"sk\": \"x\", \"n\": 1.50}"})", "t").body ==
        R"({"item":{"n":1.5,"pk":")" + prefix + R"(#1","sk":"x"}})");
  CHECK(database->find("minnow-data"));
}

TEST_CASE("a table of the shared name with another key schema is refused") {
  Harness h;
  engine::TableDefinition d;
  d.name = "minnow-data";
  d.key_schema = model::KeySchema{{"id", model::ValueType::S}, std::nullopt};
  h.namespaces.get("local/us-east-1").database.create(d);
  const api::Reply reply = h.call("provision", "{}", "t");
  CHECK(reply.status == 409);
  CHECK(
      reply.body ==
      R"x({"error":"Table minnow-data exists with another key schema (the data API needs pk and sk, both strings)"})x");
}

TEST_CASE("the Service answers mounted paths through their handler, everything else as before") {
  engine::AdjustableClock clock{engine::AdjustableClock::Mode::frozen};
  engine::Namespaces namespaces{false, clock, engine::DatabaseOptions{}};
  dataapi::DataApi data_api(namespaces, {});
  api::ServiceOptions options;
  options.mounts.push_back({std::string(dataapi::kRoutePrefix), [&](api::Request& r) { return data_api.handle(r); }});
  api::Service service(namespaces, std::move(options), &clock);
  api::Request request;
  request.method = "POST";
  request.path = "/api/data/dynamodb/info";
  request.content_type = "application/json";
  CHECK(service.handle(request).status == 401);

  api::Service plain(namespaces, api::ServiceOptions{}, &clock);  // no --data-api
  const api::Reply reply = plain.handle(request);  // a POST to a path but `/`: not executed
  CHECK(reply.status == 404);
  CHECK(reply.body == "<UnknownOperationException/>\n");
}

TEST_CASE("a write meeting an item a transaction holds (--transaction-window) is 409, and changes nothing") {
  Harness h(std::nullopt, engine::DatabaseOptions{.transaction_window_ms = 60000});
  REQUIRE(h.call("provision", "{}", "t").status == 200);
  const std::string pk = dataapi::Workspaces().authenticate("Bearer t").prefix + "#1";
  engine::Database& database = h.namespaces.get("local/us-east-1").database;
  const model::AttributeMap key{{"pk", model::AttributeValue(pk)}, {"sk", model::AttributeValue(std::string("x"))}};
  const auto table = database.find("minnow-data");
  const std::string held = engine::ItemHolds::item(table->name(), model::storage_key(key, table->key_schema()));
  REQUIRE(database.holds().try_hold({&held, 1}, 0, INT64_MAX / 2).empty());
  const api::Reply put = h.call("put", R"({"item": "{\"pk\": \")" + pk + R"(\", \"sk\": \"x\"}"})", "t");
  CHECK(put.status == 409);
  CHECK(put.body == R"({"error":"A transaction in progress holds this item: nothing changed, try again"})");
  CHECK(h.call("delete", R"({"pk": ")" + pk + R"(", "sk": "x"})", "t").status == 409);
  CHECK(h.call("get", R"({"pk": ")" + pk + R"(", "sk": "x"})", "t").body == R"({"item":null})");
}

}  // namespace data_api_test
