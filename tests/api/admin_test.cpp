// Minnow's /_minnow test controls (docs/admin-api.md) through api::Service: the clock, faults
// (injected conflicts, as every write action reports them), reset.
#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "api/service.h"
#include "engine/table.h"
#include "tests/api/service_harness.h"

namespace admin_test {

namespace {

using namespace minnow;

const std::string kConflict =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionConflictException","message":"Transaction is ongoing for the item"})";

struct Harness : testing::ServiceHarness {
  explicit Harness(api::ServiceOptions options = {}) : ServiceHarness(std::move(options)) {
    admin("POST", "/_minnow/reset");
    REQUIRE(call("CreateTable", R"({"TableName":"t_a","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})")
                .status == 200);
  }
  std::string admin_ok(const std::string& method, const std::string& path, std::string body = "",
                       const std::function<void(api::Request&)>& edit = {}) {
    api::Reply reply = admin(method, path, std::move(body), edit);
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
        R"({"id":1,"error":"TransactionConflict","table":"t_a","count":4,"matched":0,"fired":0})");
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("UpdateItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("DeleteItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})").body == kConflict);
  CHECK(h.call("BatchWriteItem", R"({"RequestItems":{"t_a":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})").body ==
        kConflict);
  // Used up.
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").status == 200);

  // A keyed fault: other keys are unaffected; transactions get a TransactionConflict reason.
  CHECK(
      h.admin_ok("POST", "/_minnow/faults",
                 R"({"error":"TransactionConflict","table":"t_a","key":{"pk":{"S":"b"}},"count":2})") ==
      R"({"id":2,"error":"TransactionConflict","table":"t_a","key":{"pk":{"S":"b"}},"count":2,"matched":0,"fired":0})");
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
        R"({"id":3,"error":"TransactionConflict","table":"t_a","count":1,"matched":0,"fired":0})");
  CHECK(h.admin_ok("DELETE", "/_minnow/faults") == R"({"removed":1})");
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
  CHECK(h.admin_ok("GET", "/_minnow/faults") == R"({"faults":[]})");
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

namespace {

// A request signed by another access key or region: another namespace.
api::Reply call_as(testing::ServiceHarness& h, const std::string& access_key, const std::string& region,
                   const std::string& action, std::string body) {
  std::string target = "DynamoDB_20120810." + action;
  std::string authorization = "AWS4-HMAC-SHA256 Credential=" + access_key + "/20260101/" + region +
                              "/dynamodb/aws4_request, SignedHeaders=host, Signature=0";
  api::Request request;
  request.method = "POST";
  request.path = "/";
  request.target = target;
  request.content_type = "application/x-amz-json-1.0";
  const auth::Header headers[] = {{"Authorization", authorization}, {"X-Amz-Date", "20260101T000000Z"}};
  request.headers = headers;
  request.body = std::move(body);
  return h.service.handle(request);
}

const char* kCreateB = R"({"TableName":"t_b","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})";

}  // namespace

TEST_CASE("/_minnow/namespaces lists the namespaces; ?namespace= picks one for reset and faults", "[admin]") {
  Harness h;  // t_a in AKID/us-east-1
  REQUIRE(call_as(h, "OTHER", "eu-west-1", "CreateTable", kCreateB).status == 200);
  CHECK(h.admin_ok("GET", "/_minnow/namespaces") ==
        R"({"sharedDb":false,"namespaces":[{"id":"AKID/us-east-1","accessKey":"AKID","region":"us-east-1","tables":1},)"
        R"({"id":"OTHER/eu-west-1","accessKey":"OTHER","region":"eu-west-1","tables":1}],)"
        R"("lastUsed":"OTHER/eu-west-1"})");  // the namespace of the last DynamoDB request

  // A fault aimed at one namespace leaves the others alone.
  h.admin_ok("POST", "/_minnow/faults?namespace=OTHER%2Feu-west-1", R"({"error":"ThrottlingException","count":5})");
  CHECK(h.call("ListTables", "{}").status == 200);
  api::Reply throttled = call_as(h, "OTHER", "eu-west-1", "ListTables", "{}");
  CHECK(throttled.status == 400);
  CHECK(
      throttled.body ==
      R"({"__type":"com.amazon.coral.availability#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."})");
  CHECK(h.admin_ok("GET", "/_minnow/faults?namespace=AKID/us-east-1") == R"({"faults":[]})");
  CHECK(h.admin_ok("GET", "/_minnow/faults?namespace=OTHER/eu-west-1").find(R"("namespace":"OTHER/eu-west-1")") !=
        std::string::npos);

  // Resetting one namespace empties it and forgets its faults, nothing else.
  CHECK(h.admin_ok("POST", "/_minnow/reset?namespace=OTHER/eu-west-1") == "{}");
  CHECK(call_as(h, "OTHER", "eu-west-1", "ListTables", "{}").body == R"({"TableNames":[]})");
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":["t_a"]})");
  CHECK(h.admin_ok("GET", "/_minnow/faults") == R"({"faults":[]})");

  CHECK(h.admin("POST", "/_minnow/reset?namespace=nokey").status == 400);
  CHECK(h.admin("POST", "/_minnow/reset?namespace=shared").status == 400);  // not with one per key
  // A namespace never used: nothing to do.
  CHECK(h.admin_ok("POST", "/_minnow/ttl/sweep?namespace=NEW/us-east-1") == R"({"deleted":0})");
}

TEST_CASE("injected errors: each one's wire form", "[admin]") {
  Harness h;
  struct Case {
    const char* error;
    int status;
    const char* body;
  };
  const Case cases[] = {
      {"ProvisionedThroughputExceededException", 400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"The level of )"
       R"(configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level )"
       R"(with the UpdateTable API."})"},
      {"ThrottlingException", 400,
       R"({"__type":"com.amazon.coral.availability#ThrottlingException","message":"Rate of requests exceeds the )"
       R"(allowed throughput."})"},
      {"RequestLimitExceeded", 400,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#RequestLimitExceeded","message":"Throughput exceeds the )"
       R"(current throughput limit for your account. Please contact AWS Support at https://aws.amazon.com/support )"
       R"(request a limit increase"})"},
      {"InternalServerError", 500,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"})"},
      {"ServiceUnavailable", 503,
       R"({"__type":"com.amazonaws.dynamodb.v20120810#ServiceUnavailable","message":"DynamoDB is currently )"
       R"x(unavailable. (This should be a temporary state.)"})x"},
  };
  for (const Case& c : cases) {
    INFO(c.error);
    h.admin_ok("POST", "/_minnow/faults",
               std::string(R"({"operation":"GetItem","table":"t_a","error":")") + c.error + R"("})");
    CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})").status == 200);  // other operation
    api::Reply reply = h.call("GetItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})");
    CHECK(reply.status == c.status);
    CHECK(reply.body == c.body);
    CHECK(h.call("GetItem", R"({"TableName":"t_a","Key":{"pk":{"S":"a"}}})").status == 200);  // used up
  }
}

TEST_CASE("injected latency holds the reply back; the request still runs", "[admin]") {
  Harness h;
  h.admin_ok("POST", "/_minnow/faults", R"({"operation":"PutItem","latencyMs":250,"count":1})");
  api::Reply slow = h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"}}})");
  CHECK(slow.status == 200);
  CHECK(slow.delay_ms == 250);
  CHECK(h.database.find("t_a")->item_count() == 1);
  CHECK(h.call("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"b"}}})").delay_ms == 0);
  // With an error too: the error comes late.
  h.admin_ok("POST", "/_minnow/faults", R"({"error":"InternalServerError","latencyMs":40})");
  api::Reply late = h.call("Scan", R"({"TableName":"t_a"})");
  CHECK(late.status == 500);
  CHECK(late.delay_ms == 40);
}

TEST_CASE("/_minnow/faults rejects malformed rules", "[admin]") {
  Harness h;
  for (const char* body :
       {R"({"error":"Throttle"})", R"({})", R"({"latencyMs":-1})", R"({"latencyMs":3600000})",
        R"({"error":"ThrottlingException","operation":"PutItems"})",
        R"({"error":"ThrottlingException","operation":[]})", R"({"error":"ThrottlingException","probability":0})",
        R"({"error":"ThrottlingException","probability":1.5})", R"({"error":"ThrottlingException","count":0})",
        R"({"error":"ThrottlingException","seed":-2})", R"({"error":"ThrottlingException","key":{}})",
        R"({"error":"TransactionConflict","latencyMs":10})"}) {
    INFO(body);
    CHECK(h.admin("POST", "/_minnow/faults", body).status == 400);
  }
  CHECK(h.admin_ok("GET", "/_minnow/faults") == R"({"faults":[]})");
  CHECK(h.admin("DELETE", "/_minnow/faults?id=x").status == 400);
  CHECK(h.admin_ok("DELETE", "/_minnow/faults?id=99") == R"({"removed":0})");
}

TEST_CASE("a seeded fraction of calls fails the same way on every run", "[admin]") {
  auto run = [] {
    Harness h;
    h.admin_ok("POST", "/_minnow/faults", R"({"error":"ServiceUnavailable","probability":0.3,"seed":7})");
    std::string statuses;
    for (int i = 0; i < 40; ++i) statuses += h.call("ListTables", "{}").status == 503 ? 'x' : '.';
    return statuses;
  };
  const std::string first = run();
  CHECK(first == run());
  CHECK(first.find('x') != std::string::npos);
  CHECK(first.find('.') != std::string::npos);
}

TEST_CASE("/_minnow numbers are range-checked with a clear error", "[admin]") {
  Harness h;
  auto message = [&](const std::string& path, const std::string& body) {
    api::Reply reply = h.admin("POST", path, body);
    CHECK(reply.status == 400);
    return reply.body;
  };
  const std::string kEpoch = "epochSeconds must be an integer from 0 to 253402300799";
  for (const char* bad : {"9223372036854775807", "-1", "1e300", "1.5", "\"1\"", "253402300800"}) {
    INFO(bad);
    CHECK(message("/_minnow/clock", std::string(R"({"epochSeconds":)") + bad + "}").find(kEpoch) != std::string::npos);
  }
  for (const char* bad : {"1e300", "-1e300", "9223372036854775807", "0.5"}) {
    INFO(bad);
    CHECK(message("/_minnow/clock", std::string(R"({"advanceSeconds":)") + bad + "}").find("advanceSeconds must be") !=
          std::string::npos);
  }
  // The clock did not move.
  CHECK(h.clock.now_ms() / 1000 < 2000000000);
  h.admin_ok("POST", "/_minnow/clock", R"({"epochSeconds":5.0})");
  CHECK(h.clock.now_ms() / 1000 == 5);
  for (const char* bad : {"1000000000", "0", "-3", "10001", "2.5"}) {
    INFO(bad);
    CHECK(
        message("/_minnow/faults", std::string(R"({"error":"TransactionConflict","table":"t_a","count":)") + bad + "}")
            .find("count must be an integer from 1 to 10000") != std::string::npos);
  }
  CHECK(h.admin_ok("GET", "/_minnow/faults") == R"({"faults":[]})");
}

TEST_CASE("/_minnow refuses what a web page could send: no X-Minnow-Admin header, not JSON", "[admin]") {
  Harness h;
  auto refused = [&](const std::string& method, const std::function<void(api::Request&)>& edit) {
    api::Reply reply = h.admin(method, "/_minnow/reset", "", edit);
    INFO(reply.body);
    CHECK(reply.status == 403);
    CHECK(reply.body.find("AccessDeniedException") != std::string::npos);
    return reply.body;
  };
  CHECK(refused("POST", [](api::Request& r) { r.admin_header = ""; }).find("X-Minnow-Admin: 1") != std::string::npos);
  CHECK(refused("POST", [](api::Request& r) { r.admin_header = "true"; }).find("X-Minnow-Admin") != std::string::npos);
  // A browser's "simple request" (no preflight): text/plain, a form, or no type at all.
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""}) {
    INFO(type);
    CHECK(refused("POST", [&](api::Request& r) { r.content_type = type; }).find("application/json") !=
          std::string::npos);
  }
  CHECK(refused("DELETE", [](api::Request& r) { r.content_type = "text/plain"; }).find("application/json") !=
        std::string::npos);
  // A CORS preflight carries neither header: refused, with no Access-Control-Allow-* to let the page go on.
  refused("OPTIONS", [](api::Request& r) {
    r.admin_header = "";
    r.content_type = "";
  });
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":["t_a"]})");  // nothing was reset
  // What the docs' calls send works: JSON (parameters allowed), or a GET with the header alone.
  h.admin("POST", "/_minnow/reset", "", [](api::Request& r) { r.content_type = "Application/JSON; charset=utf-8"; });
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":[]})");
  h.admin_ok("GET", "/_minnow/clock", "", [](api::Request& r) { r.content_type = ""; });
}

TEST_CASE("/_minnow on loopback only refuses other Host names (DNS rebinding), but --admin-hosts", "[admin]") {
  api::ServiceOptions loopback;
  loopback.admin.loopback_only = true;
  loopback.admin.hosts = {"minnow.test"};
  Harness h(loopback);
  for (const char* host : {"localhost", "localhost:8000", "LOCALHOST:1", "127.0.0.1:8000", "127.1.2.3", "[::1]:8000",
                           "app.localhost:3000", "minnow.test:8000", "MINNOW.test"}) {
    INFO(host);
    h.admin_ok("GET", "/_minnow/clock", "", [&](api::Request& r) { r.host = host; });
  }
  for (const char* host : {"evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil.example", "",
                           "[::2]:8000", "minnow.test.evil"}) {
    INFO(host);
    api::Reply reply = h.admin("POST", "/_minnow/reset", "", [&](api::Request& r) { r.host = host; });
    CHECK(reply.status == 403);
    CHECK(reply.body.find("--admin-hosts") != std::string::npos);
  }
  CHECK(h.call("ListTables", "{}").body == R"({"TableNames":["t_a"]})");
}

TEST_CASE("/_minnow turned off is served like any other path", "[admin]") {
  api::ServiceOptions off;
  off.admin.enabled = false;
  testing::ServiceHarness h(off);
  api::Request request;
  request.method = "POST";
  request.path = "/_minnow/reset";
  request.content_type = "application/json";
  request.admin_header = "1";
  // A POST to a path but `/` is not executed: 404, as for any other path.
  api::Reply reply = h.service.handle(request);
  CHECK(reply.status == 404);
  CHECK(reply.body == "<UnknownOperationException/>\n");
  request.method = "GET";
  request.path = "/_minnow/clock";
  CHECK(h.service.handle(request).body == "<UnknownOperationException/>\n");  // a GET of a path but /
  request.path = "/";
  CHECK(h.service.handle(request).body.substr(0, 9) == "healthy: ");
}

}  // namespace admin_test
