// Query and Scan through api::Service: JSON in, JSON out, exact bodies, no network. The messages
// and their order were checked against dynalite (DynamoDB's wording) and, for the checks only
// it makes (Select, ConditionalOperator without a filter), DynamoDB Local; result shapes and
// figures (1 MB pages, capacity) against DynamoDB Local.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "tests/api/service_harness.h"

namespace query_scan_test {

namespace {

using namespace minnow;
using minnow::testing::kValidation;

const std::string kNotFound = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";

struct Harness : testing::ServiceHarness {
  Harness() {
    clock.set_ms(1796018400000);
    ok_body("CreateTable", R"({"TableName":"thr","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]})");
    ok_body("CreateTable", R"({"TableName":"th1","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
    for (int i = 0; i < 5; ++i) {
      std::string n = std::to_string(i);
      ok_body("PutItem",
         R"({"TableName":"thr","Item":{"pk":{"S":"a"},"sk":{"N":")" + n + R"("},"x":{"N":")" + n + R"("}}})");
      ok_body("PutItem", R"({"TableName":"th1","Item":{"pk":{"S":"a)" + n + R"("},"x":{"N":")" + n + R"("}}})");
    }
    ok_body("PutItem", R"({"TableName":"thr","Item":{"pk":{"S":"b"},"sk":{"N":"1"}}})");
  }

  api::JsonDocument parsed(const std::string& action, const std::string& body) {
    std::string text = ok_body(action, body);
    api::JsonDocument d;
    d.Parse(text.c_str());
    REQUIRE(d.IsObject());
    return d;
  }

  void error(const std::string& action, const std::string& body, const std::string& type, const std::string& message) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body);
    CHECK(reply.status == 400);
    CHECK(reply.body == R"({"__type":")" + type + R"(","message":")" + message + R"("})");
  }
};

struct Row {
  const char* body;
  const char* message;
};

const char* kInvalid = "One or more parameter values were invalid: ";

}  // namespace

TEST_CASE("Query: result shape (Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity)") {
  Harness h;
  CHECK(h.ok_body("Query", R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk BETWEEN :a AND :b",
      "ExpressionAttributeValues":{":p":{"S":"a"},":a":{"N":"1"},":b":{"N":"3"}},"Limit":2,"ReturnConsumedCapacity":"TOTAL"})") ==
        R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"1"},"x":{"N":"1"}},{"pk":{"S":"a"},"sk":{"N":"2"},"x":{"N":"2"}}],)"
        R"("Count":2,"ScannedCount":2,"LastEvaluatedKey":{"pk":{"S":"a"},"sk":{"N":"2"}},)"
        R"("ConsumedCapacity":{"TableName":"thr","CapacityUnits":0.5}})");
  // Backwards, a filter, a projection, COUNT.
  CHECK(h.ok_body("Query", R"({"TableName":"thr","KeyConditionExpression":"pk = :p","FilterExpression":"x <> :one",
      "ProjectionExpression":"x","ExpressionAttributeValues":{":p":{"S":"a"},":one":{"N":"1"}},"ScanIndexForward":false})") ==
        R"({"Items":[{"x":{"N":"4"}},{"x":{"N":"3"}},{"x":{"N":"2"}},{"x":{"N":"0"}}],"Count":4,"ScannedCount":5})");
  CHECK(
      h.ok_body("Query",
           R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},
      "QueryFilter":{"x":{"ComparisonOperator":"GE","AttributeValueList":[{"N":"3"}]}},"Select":"COUNT",
      "ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})") ==
      R"({"Count":2,"ScannedCount":5,"ConsumedCapacity":{"TableName":"thr","CapacityUnits":1.0,"Table":{"CapacityUnits":1.0}}})");
  // An empty page costs nothing, as DynamoDB Local and dynalite answer.
  CHECK(h.ok_body("Query",
             R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"zz"}},
      "ReturnConsumedCapacity":"TOTAL"})") ==
        R"({"Items":[],"Count":0,"ScannedCount":0,"ConsumedCapacity":{"TableName":"thr","CapacityUnits":0.5}})");
}

TEST_CASE("Query: paging with LastEvaluatedKey gives every item once, in order") {
  Harness h;
  for (bool forward : {true, false}) {
    std::vector<std::string> seen;
    std::string start;
    for (int pages = 0; pages < 10; ++pages) {
      auto d = h.parsed("Query", std::string(R"({"TableName":"thr","KeyConditionExpression":"pk = :p",)") +
                                     R"("ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":2,"ScanIndexForward":)" +
                                     (forward ? "true" : "false") + start + "}");
      for (const auto& item : d["Items"].GetArray()) seen.push_back(item["sk"]["N"].GetString());
      if (!d.HasMember("LastEvaluatedKey")) break;
      start = R"(,"ExclusiveStartKey":)" + api::to_json_text(d["LastEvaluatedKey"]);
    }
    std::vector<std::string> want = {"0", "1", "2", "3", "4"};
    if (!forward) want = {"4", "3", "2", "1", "0"};
    CHECK(seen == want);
  }
}

TEST_CASE("Query: validation messages in DynamoDB's order") {
  Harness h;
  const std::string inv = kInvalid;
  const std::vector<std::pair<std::string, std::string>> rows = {
      {R"({"TableName":"nope"})",
       "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: "
       "{KeyConditions} Expression parameters: {KeyConditionExpression}"},
      {R"({"TableName":"thr","KeyConditions":{},"QueryFilter":{"x":{"ComparisonOperator":"EQ"}}})",
       inv + "Invalid number of argument(s) for the EQ ComparisonOperator"},
      {R"({"TableName":"thr","KeyConditions":{},"QueryFilter":{"x":{"ComparisonOperator":"IN","AttributeValueList":[{"N":"1"},{"S":"1"}]}}})",
       inv + "AttributeValues inside AttributeValueList must be of same type"},
      {R"({"TableName":"thr","KeyConditions":{},"QueryFilter":{"x":{"ComparisonOperator":"GE","AttributeValueList":[{"L":[]}]}}})",
       inv + "ComparisonOperator GE is not valid for L AttributeValue type"},
      // QueryFilter's entries before AttributesToGet (Scan checks them the other way round).
      {R"({"TableName":"thr","KeyConditions":{},"QueryFilter":{"x":{"ComparisonOperator":"EQ"}},"AttributesToGet":["a","a"]})",
       inv + "Invalid number of argument(s) for the EQ ComparisonOperator"},
      {R"({"TableName":"thr","KeyConditions":{},"AttributesToGet":["a","a"]})",
       inv + "Duplicate value in attribute name: a"},
      {R"({"TableName":"thr","KeyConditions":{},"ExclusiveStartKey":{"pk":{"NULL":false}}})",
       "The provided starting key is invalid: " + inv + "Null attribute value types must have the value of true"},
      {R"({"TableName":"thr","KeyConditions":{},"ExclusiveStartKey":{"pk":{"N":"x"}}})",
       "The parameter cannot be converted to a numeric value: x"},
      {R"({"TableName":"thr","KeyConditions":{}})", "Conditions can be of length 1 or 2 only"},
      // Counted against the table's key once the table is known (an index may have up to 8).
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk = :n AND x = :p","ExpressionAttributeValues":{":p":{"S":"a"},":n":{"N":"1"}}})",
       "The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p OR sk = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Invalid operator used in KeyConditionExpression: OR"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"IndexName":"nope"})",
       "The table does not have the specified index: nope"},
      {R"({"TableName":"thr","KeyConditionExpression":"x.y = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "KeyConditionExpressions cannot have conditions on nested attributes"},
      // A nested path in a key condition, even on a key attribute (dynalite's 2020 capture;
      // DynamoDB Local: "Key attributes must be scalars; ... Key: sk").
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk.y = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "KeyConditionExpressions cannot have conditions on nested attributes"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"ExclusiveStartKey":{"pk":{"S":"a"}}})",
       "The provided starting key is invalid"},
      {R"({"TableName":"thr","KeyConditionExpression":"x = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"ExclusiveStartKey":{"pk":{"N":"1"},"sk":{"N":"1"}}})",
       "The provided key element does not match the schema"},
      {R"({"TableName":"thr","KeyConditionExpression":"x = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Query condition missed key schema element: pk"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND x = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Query condition missed key schema element: sk"},
      {R"({"TableName":"th1","KeyConditionExpression":"pk = :p AND x = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Query key condition not supported"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk > :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Query key condition not supported"},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]},"sk":{"ComparisonOperator":"NE","AttributeValueList":[{"N":"1"}]}}})",
       "Attempted conditional constraint is not an indexable operation"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk > :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       inv + "Condition parameter type does not match schema type"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"ExclusiveStartKey":{"pk":{"S":""},"sk":{"N":"1"}}})",
       inv + "The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"ExclusiveStartKey":{"pk":{"S":"b"},"sk":{"N":"1"}}})",
       "The provided starting key is outside query boundaries based on provided conditions"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk < :n","ExpressionAttributeValues":{":p":{"S":"a"},":n":{"N":"1"}},"ExclusiveStartKey":{"pk":{"S":"a"},"sk":{"N":"1"}}})",
       "The provided starting key does not match the range key predicate"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p AND sk < :n","ExpressionAttributeValues":{":p":{"S":"a"},":n":{"N":"1"}},"ExclusiveStartKey":{"pk":{"S":"b"},"sk":{"N":"0"}}})",
       "The query can return at most one row and cannot be restarted"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ProjectionExpression":"pk[1]","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","FilterExpression":"sk.a = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
       "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk"},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"pk":{"ComparisonOperator":"NULL"}}})",
       "QueryFilter can only contain non-primary key attributes: Primary key attribute: pk"},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{},"ConditionalOperator":"OR"})",
       "ConditionalOperator cannot be used without Filter or Expected"},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"Select":"SPECIFIC_ATTRIBUTES"})",
       "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"},
      {R"({"TableName":"thr","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"Select":"COUNT","AttributesToGet":["x"]})",
       "Cannot specify the AttributesToGet when choosing to get only the Count"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"Select":"ALL_ATTRIBUTES","ProjectionExpression":"x"})",
       "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"Select":"ALL_PROJECTED_ATTRIBUTES"})",
       "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"},
      {R"({"TableName":"thr","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":0})",
       "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater "
       "than or equal to 1"},
  };
  for (const auto& [body, message] : rows) h.error("Query", body, kValidation, message);
  h.error("Query",
          R"({"TableName":"nope","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}}})",
          kNotFound, "Requested resource not found");
}

TEST_CASE("Scan: result shape, segments and paging") {
  Harness h;
  auto whole = h.parsed("Scan", R"({"TableName":"thr","ReturnConsumedCapacity":"TOTAL"})");
  CHECK(whole["Count"].GetInt() == 6);
  CHECK(whole["ScannedCount"].GetInt() == 6);
  CHECK(!whole.HasMember("LastEvaluatedKey"));
  CHECK(whole["ConsumedCapacity"]["CapacityUnits"].GetDouble() == 0.5);
  std::vector<std::string> order;
  for (const auto& item : whole["Items"].GetArray()) order.push_back(api::to_json_text(item));

  // Pages of one item each, then segments: the same items, exactly once.
  std::vector<std::string> paged;
  std::string start;
  for (int pages = 0; pages < 20; ++pages) {
    auto d = h.parsed("Scan", R"({"TableName":"thr","Limit":1)" + start + "}");
    for (const auto& item : d["Items"].GetArray()) paged.push_back(api::to_json_text(item));
    if (!d.HasMember("LastEvaluatedKey")) break;
    start = R"(,"ExclusiveStartKey":)" + api::to_json_text(d["LastEvaluatedKey"]);
  }
  CHECK(paged == order);
  for (int total : {2, 3, 5}) {
    std::multiset<std::string> seen;
    for (int s = 0; s < total; ++s) {
      auto d = h.parsed("Scan", R"({"TableName":"thr","TotalSegments":)" + std::to_string(total) + R"(,"Segment":)" +
                                    std::to_string(s) + "}");
      for (const auto& item : d["Items"].GetArray()) seen.insert(api::to_json_text(item));
    }
    CHECK(seen == std::multiset<std::string>(order.begin(), order.end()));
  }
  CHECK(
      h.ok_body(
          "Scan",
          R"({"TableName":"th1","Select":"COUNT","ScanFilter":{"x":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"N":"3"}]}}})") ==
      R"({"Count":3,"ScannedCount":5})");
}

TEST_CASE("Scan: validation messages in DynamoDB's order") {
  Harness h;
  const std::string inv = kInvalid;
  const std::vector<std::pair<std::string, std::string>> rows = {
      {R"({"TableName":"thr","AttributesToGet":["a","a"],"ScanFilter":{"x":{"ComparisonOperator":"EQ"}}})",
       inv + "Duplicate value in attribute name: a"},
      {R"({"TableName":"thr","ScanFilter":{"x":{"ComparisonOperator":"EQ"}},"Segment":1})",
       inv + "Invalid number of argument(s) for the EQ ComparisonOperator"},
      {R"({"TableName":"thr","Segment":1})",
       "The TotalSegments parameter is required but was not present in the request when Segment parameter is present"},
      {R"({"TableName":"thr","TotalSegments":3})",
       "The Segment parameter is required but was not present in the request when parameter TotalSegments is present"},
      {R"({"TableName":"thr","TotalSegments":3,"Segment":3})",
       "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 3 is not less than "
       "TotalSegments: 3"},
      {R"({"TableName":"thr","TotalSegments":1000001,"Segment":3})",
       "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have "
       "value less than or equal to 1000000"},
      {R"({"TableName":"thr","IndexName":"nope"})", "The table does not have the specified index: nope"},
      {R"({"TableName":"thr","ExclusiveStartKey":{"pk":{"S":"a"}}})",
       "The provided starting key is invalid: The provided key element does not match the schema"},
      {R"({"TableName":"thr","ExclusiveStartKey":{"pk":{"S":"a"},"sk":{"S":"1"}}})",
       "The provided starting key is invalid: The provided key element does not match the schema"},
      {R"({"TableName":"thr","FilterExpression":"sk[0] = :a","ExpressionAttributeValues":{":a":{"N":"1"}}})",
       "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: sk"},
      {R"({"TableName":"thr","ConditionalOperator":"OR"})",
       "ConditionalOperator cannot be used without Filter or Expected"},
      {R"({"TableName":"thr","Select":"SPECIFIC_ATTRIBUTES"})",
       "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"},
  };
  for (const auto& [body, message] : rows) h.error("Scan", body, kValidation, message);
  // Any Segment needs TotalSegments, 0 included, and that is checked before the table is looked up.
  h.error("Scan", R"({"TableName":"nope","Segment":0})", kValidation,
          "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
  h.error("Scan", R"({"TableName":"nope","Segment":0,"TotalSegments":1})", kNotFound, "Requested resource not found");
}

TEST_CASE("Scan: a start key must lie in its segment") {
  Harness h;
  // Find which of 4 segments holds partition "b", then use its key with each other segment.
  int home = -1;
  for (int s = 0; s < 4; ++s) {
    auto d = h.parsed("Scan", R"({"TableName":"thr","TotalSegments":4,"Segment":)" + std::to_string(s) +
                                  R"(,"ScanFilter":{"x":{"ComparisonOperator":"NULL"}}})");
    if (d["Count"].GetInt() == 1) home = s;
  }
  REQUIRE(home >= 0);
  for (int s = 0; s < 4; ++s) {
    std::string body = R"({"TableName":"thr","TotalSegments":4,"Segment":)" + std::to_string(s) +
                       R"(,"ExclusiveStartKey":{"pk":{"S":"b"},"sk":{"N":"1"}}})";
    if (s == home) {
      h.ok_body("Scan", body);
    } else {
      h.error(
          "Scan", body, kValidation,
          "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct "
          "Segment. TotalSegments: 4 Segment: " +
              std::to_string(s));
    }
  }
}

}  // namespace query_scan_test
