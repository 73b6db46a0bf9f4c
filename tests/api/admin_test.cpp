// Minnow's /_minnow test controls (docs/admin-api.md) through api::Service: the clock, faults
// (injected conflicts, as every write action reports them), reset.
#include <catch2/catch.hpp>
#include <string>

#include "api/service.h"
#include "tests/api/service_harness.h"

namespace {

using namespace minnow;

const std::string kConflict =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionConflictException","message":"Transaction is ongoing for the item"})";

struct Harness : testing::ServiceHarness {
  Harness() {
    admin("POST", "/_minnow/reset");
    REQUIRE(call("CreateTable", R"({"TableName":"t_a","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
                .status == 200);
  }
  api::Reply admin(const std::string& method, const std::string& path, std::string body = "") {
    api::Request request;
    request.method = method;
    request.path = path;
    request.content_type = "application/json";
    request.body = std::move(body);
    return service.handle(request);
  }
  std::string admin_ok(const std::string& method, const std::string& path, std::string body = "") {
    api::Reply reply = admin(method, path, std::move(body));
    INFO(method << " " << path << " -> " << reply.body);
    CHECK(reply.status == 200);
    CHECK(reply.content_type == "application/json");
    return reply.body;
  }
};

}  // namespace

TEST_CASE("/_minnow/clock reads, advances, sets and resets the clock", "[admin]") {
  Harness h;
  h.admin_ok("POST", "/_minnow/clock", R"({"epochSeconds":2000000000})");
  std::string body = h.admin_ok("GET", "/_minnow/clock");
  // A few milliseconds may pass between the two calls.
  CHECK(body.substr(0, 20) == R"({"epochMillis":20000)");
  CHECK(h.clock.now_ms() / 1000 == 2000000000);
  h.admin_ok("POST", "/_minnow/clock", R"({"advanceSeconds":3600})");
  CHECK(h.clock.now_ms() / 1000 == 2000003600);
  h.admin_ok("POST", "/_minnow/clock", R"({"reset":true})");
  CHECK(h.clock.now_ms() / 1000 < 2000000000);
  CHECK(h.admin("POST", "/_minnow/clock", R"({"advanceSeconds":"x"})").status == 400);
  CHECK(h.admin("POST", "/_minnow/nothing").status == 400);
}

TEST_CASE("/_minnow/faults makes the next writes conflict", "[admin]") {
  Harness h;
  CHECK(h.admin_ok("POST", "/_minnow/faults", R"({"error":"TransactionConflict","table":"t_a","count":4})") ==
        R"({"pending":4})");
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("UpdateItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("DeleteItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("BatchWriteItem", R"({"RequestItems":{"t_a":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})").body ==
        kConflict);
  // Used up.
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").status == 200);

  // A keyed fault: other keys are unaffected; transactions get a TransactionConflict reason.
  CHECK(h.admin_ok("POST", "/_minnow/faults",
                   R"({"error":"TransactionConflict","table":"t_a","key":{"pk":{"S":"b"}},"count":2})") ==
        R"({"pending":2})");
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").status == 200);
  CHECK(
      h.call("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"a"}}}},
    {"Put":{"TableName":"t_a","Item":{"pk":{"S":"b"}}}}]})")
          .body ==
      R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer )"
      R"(cancellation reasons for specific reasons [None, TransactionConflict]","CancellationReasons":[{"Code":"None"},)"
      R"({"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"}]})");
  CHECK(h.call("TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":"t_a","Key":{"pk":{"S":"b"}}}}]})")
            .body.find(R"("CancellationReasons":[{"Code":"TransactionConflict")") != std::string::npos);
  CHECK(h.call("GetItem", R"({"TableName":"t_a","Key":{"pk":{"S":"b"}}})").body == "{}");

  CHECK(h.admin_ok("POST", "/_minnow/faults", R"({"error":"TransactionConflict","table":"t_a"})") ==
        R"({"pending":1})");
  CHECK(h.admin_ok("DELETE", "/_minnow/faults") == R"({"pending":0})");
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"b"}}})").status == 200);
  CHECK(h.admin("POST", "/_minnow/faults", R"({"error":"Throttle","table":"t_a"})").status == 400);
}

TEST_CASE("/_minnow/reset forgets tables, faults, tokens and the clock offset", "[admin]") {
  Harness h;
  h.admin_ok("POST", "/_minnow/faults", R"({"error":"TransactionConflict","table":"t_a","count":5})");
  h.admin_ok("POST", "/_minnow/clock", R"({"advanceSeconds":100000})");
  std::string tx =
      R"({"ClientRequestToken":"t","TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"a"}}}}]})";
  h.admin_ok("DELETE", "/_minnow/faults");
  REQUIRE(h.call("TransactWriteItems", tx).status == 200);
  h.admin_ok("POST", "/_minnow/faults", R"({"error":"TransactionConflict","table":"t_a","count":5})");
  CHECK(h.admin_ok("POST", "/_minnow/reset") == "{}");
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":[]})");
  CHECK(h.database.faults().pending() == 0);
  CHECK(h.clock.now_ms() / 1000 < 2000000000);
  REQUIRE(h.call("CreateTable", R"({"TableName":"t_a","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
              .status == 200);
  // The token was forgotten: another request may use it.
  CHECK(h.call("TransactWriteItems",
               R"({"ClientRequestToken":"t","TransactItems":[{"Delete":{"TableName":"t_a","Key":{"pk":{"S":"a"}}}}]})")
            .status == 200);
  CHECK(h.admin_ok("POST", "/_minnow/ttl/sweep").substr(0, 11) == R"({"deleted":)");
}
