// TransactWriteItems and TransactGetItems through api::Service: JSON in, JSON out, no network.
// The messages and shapes are conformance/test/transactions.test.mjs's (checked against
// DynamoDB Local, real DynamoDB's wording where they differ).
#include <catch2/catch.hpp>
#include <string>

#include "api/service.h"
#include "tests/api/service_harness.h"

namespace transactions_test {

namespace {

using namespace minnow;

const std::string kCanceled = "com.amazonaws.dynamodb.v20120810#TransactionCanceledException";
const std::string kCancelledMessage = "Transaction cancelled, please refer cancellation reasons for specific reasons ";

struct Harness : testing::ServiceHarness {
  Harness() {
    ok_body("CreateTable", R"({"TableName":"t_a","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})");
    ok_body("CreateTable", R"({"TableName":"t_b","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"sk","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"sk","AttributeType":"N"}],"BillingMode":"PAY_PER_REQUEST"})");
  }
  std::string error(const std::string& action, const std::string& body) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body << " -> " << reply.body);
    CHECK(reply.status == 400);
    return reply.body;
  }
  std::string get(const std::string& table, const std::string& key) {
    return ok_body("GetItem", R"({"TableName":")" + table + R"(","ConsistentRead":true,"Key":)" + key + "}");
  }
};

}  // namespace

TEST_CASE("TransactWriteItems applies every action or none", "[transactions]") {
  Harness h;
  h.ok_body("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"c"},"n":{"N":"1"}}})");
  h.ok_body("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"d"}}})");
  CHECK(h.ok_body("TransactWriteItems", R"({"TransactItems":[
    {"ConditionCheck":{"TableName":"t_a","Key":{"pk":{"S":"c"}},"ConditionExpression":"n = :one","ExpressionAttributeValues":{":one":{"N":"1"}}}},
    {"Put":{"TableName":"t_b","Item":{"pk":{"S":"p"},"sk":{"N":"2"}},"ConditionExpression":"attribute_not_exists(pk) "}},
    {"Update":{"TableName":"t_a","Key":{"pk":{"S":"u"}},"UpdateExpression":"ADD c :five","ExpressionAttributeValues":{":five":{"N":"5"}}}},
    {"Delete":{"TableName":"t_a","Key":{"pk":{"S":"d"}}}}]})") == "{}");
  CHECK(h.get("t_b", R"({"pk":{"S":"p"},"sk":{"N":"2"}})") == R"({"Item":{"pk":{"S":"p"},"sk":{"N":"2"}}})");
  CHECK(h.get("t_a", R"({"pk":{"S":"u"}})") == R"({"Item":{"c":{"N":"5"},"pk":{"S":"u"}}})");
  CHECK(h.get("t_a", R"({"pk":{"S":"d"}})") == "{}");

  // One failed condition: nothing applied, every reason in request order, Item for ALL_OLD.
  CHECK(
      h.error("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"t_a","Item":{"pk":{"S":"new"}}}},
    {"ConditionCheck":{"TableName":"t_a","Key":{"pk":{"S":"c"}},"ConditionExpression":"n = :two","ExpressionAttributeValues":{":two":{"N":"2"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}},
    {"Delete":{"TableName":"t_a","Key":{"pk":{"S":"gone"}},"ConditionExpression":"attribute_exists(pk) "}}]})") ==
      R"({"__type":")" + kCanceled + R"(","message":")" + kCancelledMessage +
          R"([None, ConditionalCheckFailed, ConditionalCheckFailed]","CancellationReasons":[{"Code":"None"},)"
          R"({"Item":{"n":{"N":"1"},"pk":{"S":"c"}},"Code":"ConditionalCheckFailed","Message":"The conditional request failed."},)"
          R"({"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}]})");
  CHECK(h.get("t_a", R"({"pk":{"S":"new"}})") == "{}");
}

TEST_CASE("TransactWriteItems validation order", "[transactions]") {
  Harness h;
  // A missing table before the same-item check; the same item before item-level errors.
  CHECK(
      h.error("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"k"}}}},
    {"Delete":{"TableName":"t_a","Key":{"pk":{"S":"k"}}}},{"Put":{"TableName":"nope","Item":{"pk":{"S":"k"}}}}]})") ==
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"})");
  CHECK(
      h.error("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"N":"1"}}}},
    {"Put":{"TableName":"t_a","Item":{"pk":{"S":"k"}}}},{"Delete":{"TableName":"t_a","Key":{"pk":{"S":"k"}}}}]})") ==
      R"({"__type":"com.amazon.coral.validate#ValidationException","message":"Transaction request cannot include multiple operations on one item"})");
  // Numeric keys compare by value.
  CHECK(h.error("TransactWriteItems",
                R"({"TransactItems":[{"Put":{"TableName":"t_b","Item":{"pk":{"S":"k"},"sk":{"N":"1"}}}},
    {"Delete":{"TableName":"t_b","Key":{"pk":{"S":"k"},"sk":{"N":"1.0"}}}}]})")
            .find("multiple operations on one item") != std::string::npos);
  // Item-level errors are ValidationError reasons: the first invalid action's only, the others None.
  CHECK(h.error("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"k"}}}},
    {"Put":{"TableName":"t_a","Item":{"pk":{"N":"1"}}}},{"Delete":{"TableName":"t_a","Key":{"pk":{"N":"2"}}}}]})") ==
        R"({"__type":")" + kCanceled + R"(","message":")" + kCancelledMessage +
            R"([None, ValidationError, None]","CancellationReasons":[{"Code":"None"},{"Code":"ValidationError","Message":)"
            R"("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N"},{"Code":"None"}]})");
  // A Key of another type: the single-item calls' words.
  CHECK(h.error("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"k"}}}},
    {"Delete":{"TableName":"t_a","Key":{"pk":{"N":"1"}}}}]})") ==
        R"({"__type":")" + kCanceled + R"(","message":")" + kCancelledMessage +
            R"([None, ValidationError]","CancellationReasons":[{"Code":"None"},{"Code":"ValidationError","Message":)"
            R"("The provided key element does not match the schema"}]})");
  // An empty key value is the request's error.
  CHECK(h.error("TransactWriteItems", R"({"TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"k"}}}},
    {"Delete":{"TableName":"t_a","Key":{"pk":{"S":""}}}}]})")
            .find("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
                  "empty string value. Key: pk") != std::string::npos);
  // Shape: one action per element, ConditionCheck needs its expression, at most 100 actions.
  CHECK(h.error("TransactWriteItems", R"({"TransactItems":[{}]})")
            .find("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request") !=
        std::string::npos);
  CHECK(h.error("TransactWriteItems",
                R"({"TransactItems":[{"ConditionCheck":{"TableName":"t_a","Key":{"pk":{"S":"k"}}}}]})")
            .find("Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy "
                  "constraint: Member must not be null") != std::string::npos);
  std::string many;
  for (int i = 0; i < 101; ++i)
    many += std::string(i ? "," : "") + R"({"Put":{"TableName":"t_a","Item":{"pk":{"S":"m)" + std::to_string(i) +
            R"("}}}})";
  CHECK(
      h.error("TransactWriteItems", R"({"TransactItems":[)" + many + "]}")
          .find("at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100") !=
      std::string::npos);
  CHECK(h.get("t_a", R"({"pk":{"S":"k"}})") == "{}");
}

TEST_CASE("TransactWriteItems ClientRequestToken", "[transactions]") {
  Harness h;
  const std::string request = R"({"ClientRequestToken":"tok-1","TransactItems":[{"Update":{"TableName":"t_a",
    "Key":{"pk":{"S":"k"}},"UpdateExpression":"ADD c :one","ExpressionAttributeValues":{":one":{"N":"1"}}}}]})";
  // The same request with its members in another order is the same request.
  const std::string reordered = R"({"TransactItems":[{"Update":{"ExpressionAttributeValues":{":one":{"N":"1"}},
    "UpdateExpression":"ADD c :one","Key":{"pk":{"S":"k"}},"TableName":"t_a"}}],"ClientRequestToken":"tok-1"})";
  CHECK(h.ok_body("TransactWriteItems", request) == "{}");
  CHECK(h.ok_body("TransactWriteItems", request) == "{}");
  CHECK(h.ok_body("TransactWriteItems", reordered) == "{}");
  CHECK(h.get("t_a", R"({"pk":{"S":"k"}})") == R"({"Item":{"c":{"N":"1"},"pk":{"S":"k"}}})");
  CHECK(
      h.error("TransactWriteItems",
              R"({"ClientRequestToken":"tok-1","TransactItems":[{"Put":{"TableName":"t_a","Item":{"pk":{"S":"x"}}}}]})")
          .find("IdempotentParameterMismatchException") != std::string::npos);
  // Ten minutes later (the injected clock) the token is forgotten: the request applies again.
  h.clock.advance_ms(10 * 60 * 1000 + 1);
  CHECK(h.ok_body("TransactWriteItems", request) == "{}");
  CHECK(h.get("t_a", R"({"pk":{"S":"k"}})") == R"({"Item":{"c":{"N":"2"},"pk":{"S":"k"}}})");
  // A cancelled transaction leaves no trace: its token may be used again.
  const std::string failing = R"({"ClientRequestToken":"tok-2","TransactItems":[{"Put":{"TableName":"t_a",
    "Item":{"pk":{"S":"z"}},"ConditionExpression":"attribute_exists(pk) "}}]})";
  CHECK(h.error("TransactWriteItems", failing).find("TransactionCanceledException") != std::string::npos);
  CHECK(h.error("TransactWriteItems", failing).find("TransactionCanceledException") != std::string::npos);
}

TEST_CASE("TransactWriteItems capacity and item collection metrics", "[transactions]") {
  Harness h;
  h.ok_body("CreateTable", R"({"TableName":"t_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
    {"AttributeName":"sk","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"l","AttributeType":"S"}],
    "LocalSecondaryIndexes":[{"IndexName":"l_i","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
    {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(h.ok_body("TransactWriteItems",
             R"({"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE","TransactItems":[
    {"Put":{"TableName":"t_a","Item":{"pk":{"S":"a"}}}},{"Put":{"TableName":"t_a","Item":{"pk":{"S":"b"}}}},
    {"Put":{"TableName":"t_l","Item":{"pk":{"S":"c"},"sk":{"S":"1"}}}}]})") ==
        R"({"ConsumedCapacity":[{"TableName":"t_a","CapacityUnits":4.0},{"TableName":"t_l","CapacityUnits":2.0}],)"
        R"("ItemCollectionMetrics":{"t_l":[{"ItemCollectionKey":{"pk":{"S":"c"}},"SizeEstimateRangeGB":[0,1]}]}})");
}

TEST_CASE("TransactGetItems reads in request order, projected", "[transactions]") {
  Harness h;
  h.ok_body("PutItem", R"({"TableName":"t_a","Item":{"pk":{"S":"a"},"x":{"N":"1"},"y":{"S":"y"}}})");
  CHECK(h.ok_body("TransactGetItems", R"({"ReturnConsumedCapacity":"INDEXES","TransactItems":[
    {"Get":{"TableName":"t_a","Key":{"pk":{"S":"a"}},"ProjectionExpression":"#x","ExpressionAttributeNames":{"#x":"x"}}},
    {"Get":{"TableName":"t_a","Key":{"pk":{"S":"absent"}}}},{"Get":{"TableName":"t_b","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}}]})") ==
        R"({"Responses":[{"Item":{"x":{"N":"1"}}},{},{}],"ConsumedCapacity":[{"TableName":"t_a","CapacityUnits":4.0,)"
        R"("Table":{"CapacityUnits":4.0}},{"TableName":"t_b","CapacityUnits":2.0,"Table":{"CapacityUnits":2.0}}]})");
  CHECK(h.error("TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":"t_a","Key":{"pk":{"S":"a"}}}},
    {"Get":{"TableName":"t_a","Key":{"pk":{"S":"a"}}}}]})")
            .find("multiple operations on one item") != std::string::npos);
}

}  // namespace transactions_test
