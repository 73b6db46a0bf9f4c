// The expression language through the item actions (PutItem, GetItem, DeleteItem, UpdateItem):
// JSON in, JSON out through api::Service, exact error bodies, no network. One case per bug the
// conformance suite (conformance/test/{update_item,conditions,projection,expression_errors,legacy})
// found; each was checked against DynamoDB Local (behaviour, order) and dynalite (wording).
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "api/json.h"
#include "api/service.h"
#include "engine/clock.h"
#include "engine/database.h"
#include "tests/api/service_harness.h"

namespace expressions_actions_test {

namespace {

using namespace minnow;
using minnow::testing::kValidation;

const std::string kNotFound = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
const std::string kConditionFailed = "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException";
const std::string kScalars =
    "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: ";
const std::string kMixed = "Can not use both expression and non-expression parameters in the same request: ";
const std::string kOperatorAlone = "ConditionalOperator cannot be used without Filter or Expected";

struct Harness : testing::ServiceHarness {
  // Tables: hashed (pk S), ranged (pk S, sk N).
  Harness() {
    clock.set_ms(1796018400000);
    ok_body("CreateTable", R"~({"TableName":"hashed","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"})~");
    ok_body("CreateTable",
       R"~({"TableName":"ranged","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
        "BillingMode":"PAY_PER_REQUEST"})~");
  }

  void error(const std::string& action, const std::string& body, const std::string& type, const std::string& message) {
    api::Reply reply = call(action, body);
    INFO(action << " " << body);
    CHECK(reply.status == 400);
    CHECK(reply.body == R"~({"__type":")~" + type + R"~(","message":")~" + message + R"~("})~");
  }
};

}  // namespace

// GetItem did not check its ProjectionExpression for nested paths into key attributes.
TEST_CASE("GetItem refuses a projection path into a key attribute, after the key check") {
  Harness h;
  h.ok_body("PutItem", R"~({"TableName":"ranged","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"m":{"M":{"x":{"S":"y"}}}}})~");
  h.error("GetItem", R"~({"TableName":"ranged","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"pk.x"})~",
          kValidation, kScalars + "pk");
  h.error("GetItem",
          R"~({"TableName":"ranged","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"m, sk[0]"})~",
          kValidation, kScalars + "sk");
  // Key-schema order, not expression order.
  h.error("GetItem",
          R"~({"TableName":"ranged","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"sk.x, #p.y",
          "ExpressionAttributeNames":{"#p":"pk"}})~",
          kValidation, kScalars + "pk");
  // The key is checked first (dynalite's order).
  h.error("GetItem", R"~({"TableName":"ranged","Key":{"pk":{"S":"a"}},"ProjectionExpression":"pk.x"})~", kValidation,
          "The provided key element does not match the schema");
  // The key attribute itself, and nested paths into other attributes, are fine.
  CHECK(h.ok_body("GetItem",
             R"~({"TableName":"ranged","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"pk, m.x"})~") ==
        R"~({"Item":{"m":{"M":{"x":{"S":"y"}}},"pk":{"S":"a"}}})~");
}

// A ConditionExpression reading pk.x was evaluated (as absent) instead of refused.
TEST_CASE("Conditions that read a nested path into a key attribute are refused") {
  Harness h;
  h.error("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"S":"a"}},"ConditionExpression":"pk.x = :v",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kValidation, kScalars + "pk");
  h.error("DeleteItem",
          R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk[0])"})~",
          kValidation, kScalars + "pk");
  h.error("UpdateItem", R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET a = :v",
          "ConditionExpression":"size(pk.a.b) = :n","ExpressionAttributeValues":{":v":{"S":"x"},":n":{"N":"1"}}})~",
          kValidation, kScalars + "pk");
  // After the table and key checks.
  h.error("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"N":"1"}},"ConditionExpression":"pk.x = :v",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kValidation, "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N");
  // The key attribute as a whole is an ordinary operand: the condition is evaluated.
  h.error("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"S":"a"}},"ConditionExpression":"pk = :v",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kConditionFailed, "The conditional request failed");
}

// SET operands reading pk.x were evaluated instead of refused; a key attribute written is
// reported first (DynamoDB's order as dynalite captured it; DynamoDB Local reports the read).
TEST_CASE("UpdateItem refuses SET operands that read a nested path into a key attribute") {
  Harness h;
  const std::string key = R"~("TableName":"ranged","Key":{"pk":{"S":"a"},"sk":{"N":"1"}})~";
  h.error("UpdateItem", "{" + key + R"~(,"UpdateExpression":"SET a = pk.x"})~", kValidation, kScalars + "pk");
  h.error("UpdateItem", "{" + key + R"~(,"UpdateExpression":"SET a = if_not_exists(sk[0], :v)",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kValidation, kScalars + "sk");
  h.error("UpdateItem", "{" + key + R"~(,"UpdateExpression":"SET a = sk.x, b = pk.x"})~", kValidation, kScalars + "pk");
  h.error("UpdateItem",
          "{" + key + R"~(,"UpdateExpression":"SET pk = :v","ConditionExpression":"attribute_exists(pk.y)",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kValidation, "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key");
  // A nested path into a key attribute as a SET target is a key update.
  h.error("UpdateItem",
          "{" + key + R"~(,"UpdateExpression":"SET pk.x = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})~",
          kValidation,
          "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key");
  CHECK(h.ok_body("GetItem", "{" + key + "}") == "{}");
}

// ConditionalOperator was not counted among the non-expression parameters.
TEST_CASE("ConditionalOperator cannot be combined with expressions") {
  Harness h;
  h.error(
      "PutItem",
      R"~({"TableName":"hashed","Item":{"pk":{"S":"a"}},"ConditionalOperator":"OR","ConditionExpression":"attribute_exists(a)"})~",
      kValidation,
      kMixed + "Non-expression parameters: {ConditionalOperator} Expression parameters: {ConditionExpression}");
  h.error(
      "DeleteItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"ConditionalOperator":"AND","ConditionExpression":"attribute_exists(a)"})~",
      kValidation,
      kMixed + "Non-expression parameters: {ConditionalOperator} Expression parameters: {ConditionExpression}");
  h.error(
      "UpdateItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"ConditionalOperator":"OR","Expected":{"a":{"Value":{"S":"x"}}},
          "AttributeUpdates":{"a":{"Action":"PUT","Value":{"S":"x"}}},"UpdateExpression":"SET a = :v","ConditionExpression":"a = :v",
          "ExpressionAttributeValues":{":v":{"S":"x"}}})~",
      kValidation,
      kMixed +
          "Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} "
          "Expression parameters: {UpdateExpression, ConditionExpression}");
}

// ConditionalOperator without Expected was accepted (and ignored) by the write actions.
TEST_CASE("ConditionalOperator needs a non-empty Expected, checked after the table and the key") {
  Harness h;
  for (const char* expected : {"", R"~(,"Expected":{})~"}) {
    INFO(expected);
    h.error(
        "PutItem",
        std::string(R"~({"TableName":"hashed","Item":{"pk":{"S":"a"}},"ConditionalOperator":"OR")~") + expected + "}",
        kValidation, kOperatorAlone);
    h.error(
        "DeleteItem",
        std::string(R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"ConditionalOperator":"AND")~") + expected + "}",
        kValidation, kOperatorAlone);
    h.error("UpdateItem",
            std::string(R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"ConditionalOperator":"OR")~") + expected +
                R"~(,"AttributeUpdates":{"pk":{"Action":"PUT","Value":{"S":"x"}}}})~",
            kValidation, kOperatorAlone);
  }
  CHECK(h.call("PutItem", R"~({"TableName":"nope","Item":{"pk":{"S":"a"}},"ConditionalOperator":"OR"})~")
            .body.find(kNotFound) != std::string::npos);
  h.error("DeleteItem", R"~({"TableName":"hashed","Key":{"pk":{"N":"1"}},"ConditionalOperator":"OR"})~", kValidation,
          "The provided key element does not match the schema");
  // With an Expected entry, both operators work.
  h.ok_body("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"S":"a"},"n":{"N":"1"}}})~");
  h.ok_body("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"S":"a"},"n":{"N":"2"}},"ConditionalOperator":"OR",
       "Expected":{"n":{"Value":{"N":"1"}},"s":{"Value":{"S":"no"}}}})~");
  h.error("PutItem", R"~({"TableName":"hashed","Item":{"pk":{"S":"a"}},"ConditionalOperator":"AND",
          "Expected":{"n":{"Value":{"N":"2"}},"s":{"Value":{"S":"no"}}}})~",
          kConditionFailed, "The conditional request failed");
}

// AttributeUpdates type errors named the type as DynamoDB Local does (STRING, MAP) instead of
// DynamoDB's AttributeValue key (S, M), which dynalite captured.
TEST_CASE("AttributeUpdates type errors name the AttributeValue type") {
  Harness h;
  const std::string invalid = "One or more parameter values were invalid: ";
  h.error(
      "UpdateItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"S":"x"}}}})~",
      kValidation, invalid + "DELETE action with value is not supported for the type S");
  h.error(
      "UpdateItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"AttributeUpdates":{"a":{"Action":"ADD","Value":{"M":{}}}}})~",
      kValidation, invalid + "ADD action is not supported for the type M");
  h.error(
      "UpdateItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"AttributeUpdates":{"a":{"Action":"ADD","Value":{"BOOL":true}}}})~",
      kValidation, invalid + "ADD action is not supported for the type BOOL");
  h.error(
      "UpdateItem",
      R"~({"TableName":"hashed","Key":{"pk":{"S":"a"}},"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"L":[]}}}})~",
      kValidation, invalid + "DELETE action with value is not supported for the type L");
}

}  // namespace expressions_actions_test
