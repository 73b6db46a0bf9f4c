// Parser round trips: parse -> to_string -> parse gives an equal tree, and to_string is stable.
#include "expressions/parser.h"

#include <catch2/catch.hpp>

namespace parser_test {

using namespace minnow::expressions;

TEST_CASE("condition round trips") {
  auto text =
      GENERATE(as<std::string>{}, "a = :v", "a <> :v", "a < :v", "a <= :v", "a > :v", "a >= :v", "a.b[2].c = :v",
               "#n.#m[0][1] = :v", "a BETWEEN :lo AND :hi", "a IN (:a, :b, :c)", "attribute_exists(a)",
               "attribute_not_exists(a.b)", "attribute_type(a, :t)", "begins_with(a, :p)", "contains(a, :x)",
               "size(a) > :n", "size(a.b[1]) BETWEEN :x AND :y", "a = :v AND b = :w", "a = :v OR b = :w AND c = :x",
               "(a = :v OR b = :w) AND c = :x", "NOT a = :v", "NOT (a = :v AND b = :w)", "NOT NOT attribute_exists(a)",
               "(a) = :v", "a = (:v)", "((a = :v) OR (b = :v)) AND c IN (:x)", ":v = a", "a = b");
  Condition c1 = parse_condition(text);
  std::string printed = c1.to_string();
  CAPTURE(text, printed);
  Condition c2 = parse_condition(printed);
  CHECK(c1 == c2);
  CHECK(c2.to_string() == printed);
}

TEST_CASE("condition printing normalizes spacing and keyword case") {
  CHECK(parse_condition("a=:v and  b<>:w").to_string() == "a = :v AND b <> :w");
  CHECK(parse_condition("not a in(:x,:y)").to_string() == "NOT a IN (:x, :y)");
  CHECK(parse_condition("a between :x and :y").to_string() == "a BETWEEN :x AND :y");
}

TEST_CASE("AND binds tighter than OR, NOT tighter than AND") {
  Condition c = parse_condition("a = :v OR b = :v AND NOT c = :v");
  REQUIRE(c.root.kind == NodeKind::Or);
  CHECK(c.root.args[1].kind == NodeKind::And);
  CHECK(c.root.args[1].args[1].kind == NodeKind::Not);
  Condition d = parse_condition("a = :v AND b = :v OR c = :v");
  REQUIRE(d.root.kind == NodeKind::Or);
  CHECK(d.root.args[0].kind == NodeKind::And);
}

TEST_CASE("update round trips") {
  auto text = GENERATE(as<std::string>{}, "SET a = :v", "SET a = :v, b.c[1] = :w", "SET a = b + :v", "SET a = :v - b",
                       "SET a = if_not_exists(a, :zero) + :one", "SET a = list_append(a, :l)",
                       "SET a = list_append(if_not_exists(a, :e), :l)", "SET a = (:x + :y)", "REMOVE a, b.c, d[3]",
                       "ADD n :one, s :set", "DELETE s :set", "SET a = :v REMOVE b ADD c :n DELETE d :s",
                       "REMOVE a SET b = :v", "SET #a = :v REMOVE #b.#c");
  Update u1 = parse_update(text);
  std::string printed = u1.to_string();
  CAPTURE(text, printed);
  Update u2 = parse_update(printed);
  CHECK(u1 == u2);
  CHECK(printed == text);
}

TEST_CASE("update keywords are case-insensitive") {
  CHECK(parse_update("set a = :v remove b add c :n delete d :s").to_string() ==
        "SET a = :v REMOVE b ADD c :n DELETE d :s");
}

TEST_CASE("projection round trips") {
  auto text = GENERATE(as<std::string>{}, "a", "a, b", "a.b[1].c, #n, d[0][2]", "size, b");
  Projection p1 = parse_projection(text);
  CHECK(p1.to_string() == text);
  CHECK(parse_projection(p1.to_string()) == p1);
}

}  // namespace parser_test
