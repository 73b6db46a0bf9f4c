// No input may crash, hang or exhaust the stack: random token soups, random bytes and deep
// nesting go through every parser and resolver; the only exception allowed is model::Error.
#include <catch2/catch.hpp>
#include <random>

#include "expressions/key_condition.h"
#include "expressions/resolve.h"
#include "model/errors.h"

namespace robustness_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

const char* const kPieces[] = {"a",
                               "b",
                               "#n",
                               "#x",
                               ":v",
                               ":w",
                               ":l",
                               "(",
                               ")",
                               "[",
                               "]",
                               "0",
                               "1",
                               "12",
                               ".",
                               ",",
                               "=",
                               "<>",
                               "<",
                               "<=",
                               ">",
                               ">=",
                               "+",
                               "-",
                               " AND ",
                               " OR ",
                               " NOT ",
                               " BETWEEN ",
                               " IN ",
                               "SET ",
                               " REMOVE ",
                               " ADD ",
                               " DELETE ",
                               "size",
                               "attribute_exists",
                               "attribute_type",
                               "begins_with",
                               "contains",
                               "if_not_exists",
                               "list_append",
                               "select",
                               " ",
                               "é",
                               "\"",
                               "_",
                               "#",
                               ":",
                               "\x01",
                               "99999999999"};

std::string random_text(std::mt19937& rng) {
  std::uniform_int_distribution<std::size_t> len(0, 24), piece(0, std::size(kPieces) - 1);
  std::string out;
  for (std::size_t i = 0, n = len(rng); i < n; ++i) out += kPieces[piece(rng)];
  return out;
}

void try_all(const std::string& text) {
  NameMap names{{"#n", "n"}, {"#x", "x"}};
  ValueMap values{{":v", model::AttributeValue(std::string("v"))},
                  {":w", model::AttributeValue(model::Number::parse("2"))},
                  {":l", model::AttributeValue(model::AttributeList{})}};
  for (int kind = 0; kind < 5; ++kind) {
    RequestExpressions req;
    req.names = &names;
    req.values = &values;
    switch (kind) {
      case 0:
        req.condition = text;
        break;
      case 1:
        req.update = text;
        break;
      case 2:
        req.projection = text;
        break;
      case 3:
        req.key_condition = text;
        break;
      case 4:
        req.filter = text;
        break;
    }
    try {
      Compiled c = compile_request(req);
      if (c.key_condition) key_condition_terms(*c.key_condition);
    } catch (const model::Error&) {
    }
  }
}

}  // namespace

TEST_CASE("random token soups") {
  std::mt19937 rng(20260530);
  for (int i = 0; i < 6000; ++i) try_all(random_text(rng));
}

TEST_CASE("random bytes") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255), len(0, 40);
  for (int i = 0; i < 5000; ++i) {
    std::string s;
    for (int j = 0, n = len(rng); j < n; ++j) s += static_cast<char>(byte(rng));
    try_all(s);
  }
}

TEST_CASE("deep nesting is refused, not recursed into") {
  std::string parens = std::string(2040, '(') + "a = :v" + std::string(2040, ')');
  try_all(parens);
  std::string nots;
  for (int i = 0; i < 1000; ++i) nots += "NOT ";
  try_all(nots + "a = :v");
  std::string unbalanced(4096, '(');
  try_all(unbalanced);
  std::string values = "SET a = ";
  for (int i = 0; i < 1300; ++i) values += "(";
  try_all(values);
}

TEST_CASE("too many operators") {
  std::string nots;
  for (int i = 0; i < 300; ++i) nots += "NOT ";
  ValueMap values{{":v", model::AttributeValue(std::string("v"))}};
  Placeholders ph(nullptr, &values);
  CHECK_THROWS_WITH(compile_condition(nots + "a = :v", ExpressionKind::Condition, ph),
                    "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
  std::string ands = "a = :v";
  for (int i = 0; i < 150; ++i) ands += " AND a = :v";
  CHECK_THROWS_WITH(compile_condition(ands, ExpressionKind::Condition, ph),
                    "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
  std::string exact = "a = :v AND " + std::string(4096 - 16, 'b') + " = :v";
  CHECK(exact.size() == 4096);
  CHECK_NOTHROW(compile_condition(exact, ExpressionKind::Condition, ph));
  std::string big = "a = :v AND " + std::string(4100, 'b') + " = :v";
  CHECK_THROWS_WITH(
      compile_condition(big, ExpressionKind::Condition, ph),
      "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4116");
  CHECK_THROWS_WITH(compile_update("REMOVE " + std::string(4100, 'x'), ph),
                    "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
  CHECK_THROWS_WITH(compile_projection("a, " + std::string(4100, 'x'), ph),
                    "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
  std::string sizes = "size(a) = :n";
  for (int i = 0; i < 119; ++i) sizes += " AND size(a) = :n";
  ValueMap n{{":n", model::AttributeValue(model::Number::parse("1"))}};
  Placeholders phn(nullptr, &n);
  CHECK_THROWS_WITH(compile_condition(sizes, ExpressionKind::Condition, phn),
                    "Invalid ConditionExpression: The expression contains too many operators; operator count: 301");
  std::string sets = "SET a0=:n+:n";
  for (int i = 1; i < 301; ++i) sets += ",a" + std::to_string(i) + "=:n+:n";
  CHECK_THROWS_WITH(compile_update(sets, phn),
                    "Invalid UpdateExpression: The expression contains too many operators; operator count: 301");
  std::string plain = "SET a0=:n";
  for (int i = 1; i < 301; ++i) plain += ",a" + std::to_string(i) + "=:n";
  CHECK_NOTHROW(compile_update(plain, phn));
}

}  // namespace robustness_test
