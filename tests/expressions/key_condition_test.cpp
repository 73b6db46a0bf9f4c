// KeyConditionExpression terms as Query receives them.
#include "expressions/key_condition.h"

#include <catch2/catch.hpp>

#include "expressions/resolve.h"
#include "golden_support.h"

namespace key_condition_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

std::string terms(const char* text) {
  auto names = golden::names("#k=pk #s=sk");
  auto values = golden::values(":a=S:a :b=S:b");
  Placeholders ph(&names, &values);
  Condition c = compile_condition(text, ExpressionKind::KeyCondition, ph);
  check_key_condition_shape(c);
  std::string out;
  for (const KeyConditionTerm& t : key_condition_terms(c)) {
    if (!out.empty()) out += "; ";
    out += t.attribute + " " + model::key_operator_name(t.op);
    for (const auto& v : t.values) out += " " + v.as<std::string>();
  }
  return out;
}

}  // namespace

TEST_CASE("key condition terms") {
  CHECK(terms("pk = :a") == "pk EQ a");
  CHECK(terms(":a = pk") == "pk EQ a");
  CHECK(terms("#k = :a AND #s < :b") == "pk EQ a; sk LT b");
  CHECK(terms("#k = :a AND :b < #s") == "pk EQ a; sk GT b");
  CHECK(terms("#k = :a AND :b >= #s") == "pk EQ a; sk LE b");
  CHECK(terms("#k = :a AND #s BETWEEN :a AND :b") == "pk EQ a; sk BETWEEN a b");
  CHECK(terms("(#k = :a) AND begins_with(#s, :b)") == "pk EQ a; sk BEGINS_WITH b");
  // A nested path is refused by the shape check, even on a key attribute (2020's capture).
  CHECK_THROWS_WITH(terms("#k.x = :a AND #s = :b"), "KeyConditionExpressions cannot have conditions on nested attributes");
}

}  // namespace key_condition_test
