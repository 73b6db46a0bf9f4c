// The cached parses are the parser's own: the same trees (offsets too), the same errors every
// time, per expression kind, and never the tree a compile resolved.
#include "expressions/parse_cache.h"

#include <catch2/catch.hpp>
#include <string>

#include "expressions/resolve.h"
#include "model/errors.h"

namespace parse_cache_test {

using namespace minnow;
using namespace minnow::expressions;

namespace {

std::string error_of(auto parse) {
  try {
    parse();
  } catch (const model::Error& e) {
    return e.message();
  }
  return "";
}

void check_offsets(const Node& a, const Node& b) {
  CHECK(a.offset == b.offset);
  REQUIRE(a.args.size() == b.args.size());
  for (std::size_t i = 0; i < a.args.size(); ++i) check_offsets(a.args[i], b.args[i]);
}

}  // namespace

TEST_CASE("parse cache: the parser's trees, again and again") {
  const std::string texts[] = {"pk = :p AND sk BETWEEN :lo AND :hi",
                               "attribute_not_exists(pk) OR (#s = :s AND size(#l) < :n)", "a IN (:a, :b)",
                               std::string(600, ' ') + "a = :v"};  // the last one too long to keep
  for (int round = 0; round < 3; ++round) {
    for (const std::string& text : texts) {
      CAPTURE(text, round);
      const Condition direct = parse_condition(text, ExpressionKind::Filter);
      const Condition cached = parse_condition_cached(text, ExpressionKind::Filter);
      CHECK(cached == direct);
      CHECK(cached.to_string() == direct.to_string());
      check_offsets(cached.root, direct.root);
    }
  }
  CHECK(parse_update_cached("SET a = :v REMOVE b") == parse_update("SET a = :v REMOVE b"));
  CHECK(parse_update_cached("SET a = :v REMOVE b") == parse_update("SET a = :v REMOVE b"));
  CHECK(parse_projection_cached("a, b.c[1]") == parse_projection("a, b.c[1]"));
  CHECK(parse_projection_cached("a, b.c[1]") == parse_projection("a, b.c[1]"));
}

TEST_CASE("parse cache: a text that fails fails every time, in its kind's words") {
  const std::string filter = error_of([] { parse_condition_cached("a = ", ExpressionKind::Filter); });
  CHECK(filter.starts_with("Invalid FilterExpression: "));
  CHECK(error_of([] { parse_condition_cached("a = ", ExpressionKind::Filter); }) == filter);
  CHECK(error_of([] {
          parse_condition_cached("a = ", ExpressionKind::KeyCondition);
        }).starts_with("Invalid KeyConditionExpression: "));
  // A text kept for one kind is not answered for another.
  CHECK(error_of([] { parse_condition_cached("a = :v", ExpressionKind::Condition); }).empty());
  CHECK(error_of([] { parse_condition_cached("a = :v", ExpressionKind::KeyCondition); }).empty());
}

TEST_CASE("parse cache: a compile resolves its own copy, never the kept tree") {
  for (const char* value : {"first", "second"}) {
    ValueMap values{{":v", model::AttributeValue(std::string(value))}};
    RequestExpressions request;
    request.condition = "a = :v";
    request.values = &values;
    const Compiled compiled = compile_request(request);
    REQUIRE(compiled.condition);
    CHECK(compiled.condition->root.args.at(1).value == model::AttributeValue(std::string(value)));
  }
}

}  // namespace parse_cache_test
