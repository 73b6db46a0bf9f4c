// Legacy parameters: Expected, AttributeUpdates, AttributesToGet. Rows checked against DynamoDB
// Local (UpdateItem with the legacy parameters).
#include "expressions/legacy.h"

#include <catch2/catch.hpp>

#include "expressions/evaluate.h"
#include "expressions/projection.h"
#include "golden_support.h"
#include "model/errors.h"
#include "tests/support/values.h"

namespace legacy_test {

using namespace minnow;
using namespace minnow::expressions;
using namespace minnow::test;  // S, N, SS

namespace {

ExpectedCondition op(const char* attr, const char* o, std::vector<model::AttributeValue> list) {
  ExpectedCondition c;
  c.attribute = attr;
  c.comparison_operator = o;
  c.attribute_value_list = std::move(list);
  return c;
}

std::string check(const std::vector<ExpectedCondition>& e, const char* item_json, bool conditional_or = false) {
  try {
    model::Item item = golden::item(item_json);
    return evaluate(condition_from_expected(e, conditional_or), &item) ? "true" : "false";
  } catch (const model::Error& err) {
    return err.message();
  }
}

}  // namespace

TEST_CASE("Expected evaluates like DynamoDB") {
  CHECK(check({op("a", "NOT_CONTAINS", {S("x")})}, "{}") == "false");
  CHECK(check({op("a", "NE", {S("x")})}, "{}") == "true");
  CHECK(check({op("a", "NOT_CONTAINS", {S("x")})}, R"({"a":{"N":"1"}})") == "true");
  CHECK(check({op("a", "CONTAINS", {S("x")})}, R"({"a":{"SS":["x"]}})") == "true");
  CHECK(check({op("a", "CONTAINS", {S("x")})}, R"({"a":{"L":[{"S":"x"}]}})") == "true");
  CHECK(check({op("a", "IN", {N("5"), N("6")})}, R"({"a":{"N":"5"}})") == "true");
  CHECK(check({op("a", "BETWEEN", {N("1"), N("5")})}, R"({"a":{"N":"5"}})") == "true");
  CHECK(check({op("a", "NULL", {})}, "{}") == "true");
  CHECK(check({op("a", "NOT_NULL", {})}, "{}") == "false");
  CHECK(check({op("a", "BEGINS_WITH", {S("ab")})}, R"({"a":{"S":"abc"}})") == "true");
  ExpectedCondition value;
  value.attribute = "a";
  value.value = S("x");
  CHECK(check({value}, R"({"a":{"S":"x"}})") == "true");
  ExpectedCondition absent;
  absent.attribute = "a";
  absent.exists = false;
  CHECK(check({absent}, R"({"a":{"S":"x"}})") == "false");
  ExpectedCondition b;
  b.attribute = "b";
  b.value = S("q");
  CHECK(check({absent, b}, "{}", true) == "true");
  CHECK(check({absent, b}, "{}", false) == "false");
}

TEST_CASE("Expected is validated like DynamoDB") {
  const std::string p = "One or more parameter values were invalid: ";
  ExpectedCondition exists_true;
  exists_true.attribute = "a";
  exists_true.exists = true;
  CHECK(check({exists_true}, "{}") == p + "Value must be provided when Exists is true for Attribute: a");
  ExpectedCondition eq_alone;
  eq_alone.attribute = "a";
  eq_alone.comparison_operator = "EQ";
  CHECK(check({eq_alone}, "{}") ==
        p + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a");
  CHECK(check({op("a", "BETWEEN", {N("2"), N("1")})}, "{}") ==
        "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
  CHECK(check({op("a", "IN", {N("2"), S("1")})}, "{}") ==
        p + "AttributeValues inside AttributeValueList must be of same type");
  CHECK(check({op("a", "LT", {SS({"a"})})}, "{}") ==
        p + "ComparisonOperator LT is not valid for SS AttributeValue type");
  CHECK(check({op("a", "NULL", {N("1")})}, "{}") ==
        p + "Invalid number of argument(s) for the NULL ComparisonOperator");
  ExpectedCondition value_and_false;
  value_and_false.attribute = "a";
  value_and_false.value = S("x");
  value_and_false.exists = false;
  CHECK(check({value_and_false}, "{}") == p + "Value cannot be used when Exists is false for Attribute: a");
  ExpectedCondition list_only;
  list_only.attribute = "a";
  list_only.attribute_value_list = std::vector<model::AttributeValue>{S("x")};
  CHECK(check({list_only}, "{}") ==
        p + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
  ExpectedCondition both = op("a", "EQ", {S("x")});
  both.value = S("x");
  CHECK(check({both}, "{}") == p + "Value and AttributeValueList cannot be used together for Attribute: a");
  ExpectedCondition exists_and_op = op("a", "EQ", {S("x")});
  exists_and_op.exists = true;
  CHECK(check({exists_and_op}, "{}") == p + "Exists and ComparisonOperator cannot be used together for Attribute: a");
}

TEST_CASE("AttributeUpdates") {
  auto run = [](std::vector<AttributeUpdate> u, const char* item) {
    try {
      return golden::to_json(apply_attribute_updates(u, golden::item(item)));
    } catch (const model::Error& e) {
      return e.message();
    }
  };
  model::AttributeValue lx(model::AttributeList{S("x")});
  CHECK(run({{"a", "ADD", lx}}, "{}") == R"({"a":{"L":[{"S":"x"}]}})");
  CHECK(run({{"a", "ADD", lx}}, R"({"a":{"L":[{"S":"y"}]}})") == R"({"a":{"L":[{"S":"y"},{"S":"x"}]}})");
  CHECK(run({{"a", "ADD", N("1")}}, R"({"a":{"S":"y"}})") == "Type mismatch for attribute to update");
  CHECK(run({{"a", "ADD", N("1.5")}}, R"({"a":{"N":"1"}})") == R"({"a":{"N":"2.5"}})");
  CHECK(run({{"a", "DELETE", std::nullopt}}, R"({"a":{"SS":["y"]}})") == "{}");
  CHECK(run({{"a", "DELETE", SS({"y"})}}, R"({"a":{"SS":["y"]}})") == "{}");
  CHECK(run({{"a", "DELETE", SS({"y"})}}, R"({"a":{"S":"y"}})") == "Type mismatch for attribute to update");
  CHECK(
      run({{"a", "ADD", S("x")}}, "{}") ==
      "One or more parameter values were invalid: ADD action is not supported for the type S");  // dynalite (DynamoDB);
                                                                                                 // Local: STRING
  CHECK(run({{"a", "DELETE", S("x")}}, "{}") ==
        "One or more parameter values were invalid: DELETE action with value is not supported for the type S");
  CHECK(
      run({{"a", "PUT", std::nullopt}}, "{}") ==
      "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified");
  CHECK(run({{"a", "ADD", model::AttributeValue(model::AttributeMap{})}}, "{}") ==
        "One or more parameter values were invalid: ADD action is not supported for the type M");
  CHECK(run({{"a", "PUT", S("v")}}, R"({"a":{"N":"1"}})") == R"({"a":{"S":"v"}})");
}

TEST_CASE("AttributesToGet is a projection of top-level names") {
  model::Item item = golden::item(R"({"a":{"S":"1"},"b.c":{"S":"2"},"d":{"S":"3"}})");
  CHECK(golden::to_json(project(item, projection_from_attributes_to_get({"b.c", "a", "zz"}))) ==
        R"({"a":{"S":"1"},"b.c":{"S":"2"}})");
}

TEST_CASE("legacy EQ and NE take every type; the ordering operators only scalars") {
  const std::string item =
      R"({"l":{"L":[{"S":"x"},{"N":"1"}]},"m":{"M":{"a":{"N":"1"}}},"b":{"BOOL":true},"z":{"NULL":true}})";
  CHECK(check({op("l", "EQ", {L({S("x"), N("1")})})}, item.c_str()) == "true");
  CHECK(check({op("l", "EQ", {L({N("1"), S("x")})})}, item.c_str()) == "false");  // a list is ordered
  CHECK(check({op("m", "EQ", {M({{"a", N("1.0")}})})}, item.c_str()) == "true");
  CHECK(check({op("b", "EQ", {BOOL(true)})}, item.c_str()) == "true");
  CHECK(check({op("b", "NE", {BOOL(true)})}, item.c_str()) == "false");
  CHECK(check({op("z", "EQ", {NUL()})}, item.c_str()) == "true");
  CHECK(check({op("absent", "NE", {NUL()})}, item.c_str()) == "true");
  const std::string p = "One or more parameter values were invalid: ";
  for (const char* o : {"LT", "LE", "GT", "GE", "CONTAINS", "NOT_CONTAINS", "IN"}) {
    INFO(o);
    CHECK(check({op("b", o, {BOOL(true)})}, item.c_str()) ==
          p + "ComparisonOperator " + o + " is not valid for BOOL AttributeValue type");
  }
  // The same rule for QueryFilter, ScanFilter and KeyConditions, which check values alone.
  CHECK_NOTHROW(check_comparison("NE", {M({})}));
  CHECK_THROWS_WITH(check_comparison("BEGINS_WITH", {L({})}),
                    p + "ComparisonOperator BEGINS_WITH is not valid for L AttributeValue type");
}

}  // namespace legacy_test
