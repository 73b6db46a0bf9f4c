// BatchGetItem past DynamoDB's 16 MB response: the keys not read come back as UnprocessedKeys,
// each table's with the request's own KeysAndAttributes (its projection, names and read
// consistency), so that a client sends them again as they are.
#include <catch2/catch.hpp>
#include <string>

#include "api/json.h"
#include "tests/api/service_harness.h"

namespace batch_test {

namespace {

using namespace minnow;

}  // namespace

TEST_CASE("BatchGetItem: past 16 MB the rest are UnprocessedKeys, with their KeysAndAttributes") {
  testing::ServiceHarness h;
  h.ok("CreateTable", R"({"TableName":"big","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  const std::string value(300000, 'x');  // 60 items of about 300 KB: 18 MB
  std::string keys;
  for (int i = 0; i < 60; ++i) {
    const std::string pk = "k" + std::to_string(i);
    h.ok("PutItem", R"({"TableName":"big","Item":{"pk":{"S":")" + pk + R"("},"v":{"S":")" + value + R"("}}})");
    keys += std::string(i ? "," : "") + R"({"pk":{"S":")" + pk + R"("}})";
  }
  api::JsonDocument out = h.ok("BatchGetItem", R"({"RequestItems":{"big":{"Keys":[)" + keys +
                                                   R"(],"ConsistentRead":true,"ProjectionExpression":"#v, pk",
    "ExpressionAttributeNames":{"#v":"v"}}}})");
  const std::size_t read = out["Responses"]["big"].Size();
  REQUIRE(out["UnprocessedKeys"].HasMember("big"));
  const api::JsonValue& left = out["UnprocessedKeys"]["big"];
  CHECK(read > 0);
  CHECK(read + left["Keys"].Size() == 60);
  CHECK(left["ConsistentRead"].GetBool());
  CHECK(std::string(left["ProjectionExpression"].GetString()) == "#v, pk");
  CHECK(std::string(left["ExpressionAttributeNames"]["#v"].GetString()) == "v");
  CHECK(left.MemberCount() == 4);
}

}  // namespace batch_test
