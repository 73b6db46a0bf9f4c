// Condition evaluation against items, one case per line: {item, condition, values, result}.
// Every row was checked against DynamoDB Local (as a ConditionExpression of UpdateItem).
#include "expressions/evaluate.h"

#include <catch2/catch.hpp>

#include "expressions/resolve.h"
#include "golden_support.h"

namespace evaluate_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

struct Row {
  const char* item;
  const char* condition;
  const char* values;
  bool result;
};

// clang-format off
const Row kRows[] = {
  {R"({"s":{"S":"é"}})", "size(s) = :v", R"({":v":{"N":"1"}})", true},
  {R"({"s":{"S":"é"}})", "size(s) = :v", R"({":v":{"N":"2"}})", false},
  {R"({})", "a <> b", "", true},
  {R"({})", "a <> :v", R"({":v":{"S":"x"}})", true},
  {R"({})", "NOT a = :v", R"({":v":{"S":"x"}})", true},
  {R"({})", "a = :v", R"({":v":{"S":"x"}})", false},
  {R"({})", "a < :v", R"({":v":{"S":"x"}})", false},
  {R"({"a":{"S":"x"}})", "a <> b", "", true},
  {R"({"l":{"L":[{"M":{"k":{"S":"v"}}}]}})", "contains(l, :v)", R"({":v":{"M":{"k":{"S":"v"}}}})", true},
  {R"({"l":{"L":[{"SS":["a","b"]}]}})", "contains(l, :v)", R"({":v":{"SS":["b","a"]}})", true},
  {R"({"l":{"L":[{"N":"1.0"}]}})", "contains(l, :v)", R"({":v":{"N":"1"}})", true},
  {R"({"s":{"S":"abc"}})", "contains(s, :v)", R"({":v":{"S":"bc"}})", true},
  {R"({"s":{"S":"abc"}})", "contains(s, :v)", R"({":v":{"S":"cb"}})", false},
  {R"({"s":{"SS":["abc"]}})", "contains(s, :v)", R"({":v":{"S":"bc"}})", false},
  {R"({"s":{"SS":["abc"]}})", "contains(s, :v)", R"({":v":{"S":"abc"}})", true},
  {R"({"s":{"NS":["1.50"]}})", "contains(s, :v)", R"({":v":{"N":"1.5"}})", true},
  {R"({"s":{"BS":["ab"]}})", "contains(s, :v)", R"({":v":{"B":"ab"}})", true},
  {R"({"s":{"B":"abc"}})", "contains(s, :v)", R"({":v":{"B":"bc"}})", true},
  {R"({"s":{"N":"12"}})", "contains(s, :v)", R"({":v":{"N":"1"}})", false},
  {R"({"s":{"S":"abc"}})", "begins_with(s, :v)", R"({":v":{"S":"ab"}})", true},
  {R"({"s":{"S":"abc"}})", "begins_with(s, :v)", R"({":v":{"S":"abcd"}})", false},
  {R"({"s":{"B":"abc"}})", "begins_with(s, :v)", R"({":v":{"B":"a"}})", true},
  {R"({"s":{"B":"abc"}})", "begins_with(s, :v)", R"({":v":{"S":"a"}})", false},
  {R"({})", "begins_with(s, :v)", R"({":v":{"S":"a"}})", false},
  {R"({"s":{"SS":["abc"]}})", "size(s) = :v", R"({":v":{"N":"1"}})", true},
  {R"({"m":{"M":{"a":{"N":"1"},"b":{"N":"1"}}}})", "size(m) = :v", R"({":v":{"N":"2"}})", true},
  {R"({"b":{"B":"xyz"}})", "size(b) = :v", R"({":v":{"N":"3"}})", true},
  {R"({"l":{"L":[{"N":"1"},{"N":"2"}]}})", "size(l) > :v", R"({":v":{"N":"1"}})", true},
  {R"({"n":{"N":"5"}})", "size(n) = :v", R"({":v":{"N":"1"}})", false},
  {R"({"n":{"N":"5"}})", "NOT size(n) = :v", R"({":v":{"N":"1"}})", true},
  {R"({"n":{"N":"10"}})", "n > :v", R"({":v":{"N":"9"}})", true},
  {R"({"n":{"S":"10"}})", "n > :v", R"({":v":{"S":"9"}})", false},
  {R"({"n":{"N":"10"}})", "n > :v", R"({":v":{"S":"9"}})", false},
  {R"({"n":{"N":"-1E+5"}})", "n < :v", R"({":v":{"N":"-99999"}})", true},
  {R"({"n":{"N":"10"}})", "n >= :v", R"({":v":{"N":"10.00"}})", true},
  {R"({"n":{"N":"10"}})", "n <= :v", R"({":v":{"N":"9.99"}})", false},
  {R"({"n":{"N":"10"}})", "n IN (:a, :b)", R"({":a":{"N":"1"},":b":{"N":"10.0"}})", true},
  {R"({"n":{"N":"10"}})", "n IN (:a)", R"({":a":{"S":"10"}})", false},
  {R"({"n":{"SS":["a","b"]}})", "n = :v", R"({":v":{"SS":["b","a"]}})", true},
  {R"({"n":{"SS":["a","b"]}})", "n = :v", R"({":v":{"SS":["a"]}})", false},
  {R"({"n":{"N":"5"}})", "n BETWEEN :a AND :b", R"({":a":{"N":"1"},":b":{"N":"5"}})", true},
  {R"({"n":{"N":"6"}})", "n BETWEEN :a AND :b", R"({":a":{"N":"1"},":b":{"N":"5"}})", false},
  {R"({"n":{"S":"b"}})", "n BETWEEN :a AND :b", R"({":a":{"S":"a"},":b":{"S":"c"}})", true},
  {R"({"n":{"N":"5"}})", "attribute_type(n, :t)", R"({":t":{"S":"N"}})", true},
  {R"({"n":{"N":"5"}})", "attribute_type(n, :t)", R"({":t":{"S":"S"}})", false},
  {R"({"n":{"NULL":true}})", "attribute_type(n, :t)", R"({":t":{"S":"NULL"}})", true},
  {R"({"n":{"BOOL":true}})", "n = :v", R"({":v":{"BOOL":true}})", true},
  {R"({"n":{"BOOL":true}})", "n = :v", R"({":v":{"BOOL":false}})", false},
  {R"({"a":{"L":[{"S":"x"}]}})", "a[0] = :v", R"({":v":{"S":"x"}})", true},
  {R"({"a":{"L":[{"S":"x"}]}})", "a[1] = :v", R"({":v":{"S":"x"}})", false},
  {R"({"a":{"L":[{"S":"x"}]}})", "size(a[0]) = :v", R"({":v":{"N":"1"}})", true},
  {R"({"a":{"M":{"b":{"L":[{"M":{"c":{"N":"3"}}}]}}}})", "a.b[0].c = :v", R"({":v":{"N":"3"}})", true},
  {R"({"a":{"M":{"b":{"N":"1"}}}})", "a.b.c = :v", R"({":v":{"N":"1"}})", false},
  {R"({"b":{"S":"é"}})", "b > :v", R"({":v":{"S":"z"}})", true},
  {R"({"a":{"S":"x"}})", "attribute_exists(a)", "", true},
  {R"({"a":{"S":"x"}})", "attribute_not_exists(a)", "", false},
  {R"({"a":{"M":{"b":{"S":"x"}}}})", "attribute_exists(a.b) AND attribute_not_exists(a.c)", "", true},
  {R"({"a":{"S":"x"}})", "a = :v OR b = :v", R"({":v":{"S":"x"}})", true},
  {R"({"a":{"S":"x"}})", "a = :v AND b = :v", R"({":v":{"S":"x"}})", false},
  {R"({"a":{"S":"x"}})", "NOT (a = :v AND b = :v)", R"({":v":{"S":"x"}})", true},
  {R"({"a":{"S":"x"},"b":{"S":"x"}})", "a = b", "", true},
  {R"({"a":{"N":"1"},"b":{"N":"2"}})", "a < b", "", true},
  {R"({"a":{"N":"1"},"b":{"N":"2"}})", "a BETWEEN b AND :v", R"({":v":{"N":"3"}})", false},
};
// clang-format on

}  // namespace

TEST_CASE("condition evaluation") {
  for (const Row& r : kRows) {
    CAPTURE(r.item, r.condition, r.values);
    model::Item item = golden::item(r.item);
    auto values = golden::json_values(r.values);
    Placeholders ph(nullptr, *r.values ? &values : nullptr);
    Condition c = compile_condition(r.condition, ExpressionKind::Condition, ph);
    CHECK(evaluate(c, &item) == r.result);
  }
}

TEST_CASE("an absent item has no attributes") {
  model::AttributeMap values{{":v", model::AttributeValue(std::string("x"))}};
  Placeholders ph(nullptr, &values);
  CHECK(evaluate(compile_condition("attribute_not_exists(pk)", ExpressionKind::Condition, ph), nullptr));
  CHECK_FALSE(evaluate(compile_condition("attribute_exists(pk)", ExpressionKind::Condition, ph), nullptr));
  CHECK(evaluate(compile_condition("a <> :v", ExpressionKind::Condition, ph), nullptr));
}

}  // namespace evaluate_test
