// The rules of requests/write_operations behind DynamoDB's observable answers: which updates
// create an item that is not there.
#include "requests/write_operations.h"

#include <catch2/catch.hpp>

#include "expressions/resolve.h"
#include "tests/support/values.h"

namespace write_operations_test {

namespace {

using namespace minnow;
using test::N;
using test::S;
using Kind = requests::WriteOutcome::Kind;

requests::Update update_of(const char* expression, const expressions::ValueMap* values = nullptr) {
  requests::Update update;
  update.key = {{"pk", S("a")}};
  expressions::RequestExpressions req{.update = expression};
  req.values = values;
  update.expression = expressions::compile_request(req).update;
  return update;
}

requests::Update legacy_update_of(std::vector<expressions::AttributeUpdate> updates) {
  requests::Update update;
  update.key = {{"pk", S("a")}};
  update.attribute_updates = std::move(updates);
  return update;
}

}  // namespace

TEST_CASE("requests: on no item, an update that only takes away creates nothing") {
  const expressions::ValueMap set{{":s", test::SS({"x"})}};
  for (const auto& [expression, values] :
       std::vector<std::pair<const char*, const expressions::ValueMap*>>{{"REMOVE a", nullptr},
                                                                         {"DELETE s :s", &set},
                                                                         {"REMOVE a, b DELETE s :s", &set},
                                                                         {"DELETE s :s REMOVE a", &set}}) {
    INFO(expression);
    requests::Update update = update_of(expression, values);
    CHECK_FALSE(update.creates_item());
    requests::WriteOutcome outcome = update.decide(nullptr);
    CHECK(outcome.kind == Kind::Keep);
    CHECK_FALSE(outcome.new_item);
  }
  const expressions::ValueMap v{{":v", S("v")}}, n{{":n", N("1")}};
  for (const auto& [expression, values] : std::vector<std::pair<const char*, const expressions::ValueMap*>>{
           {"SET a = :v", &v}, {"ADD n :n", &n}, {"REMOVE a SET b = :v", &v}, {"ADD s :s DELETE t :s", &set}}) {
    INFO(expression);
    requests::Update update = update_of(expression, values);
    CHECK(update.creates_item());
    CHECK(update.decide(nullptr).kind == Kind::Put);
  }
}

TEST_CASE("requests: on no item, legacy AttributeUpdates create unless every action is DELETE") {
  CHECK(legacy_update_of({}).decide(nullptr).kind == Kind::Put);  // no actions: the key alone
  CHECK(legacy_update_of({{"a", "DELETE", std::nullopt}}).decide(nullptr).kind == Kind::Keep);
  CHECK(legacy_update_of({{"s", "DELETE", test::SS({"x"})}}).decide(nullptr).kind == Kind::Keep);
  CHECK(legacy_update_of({{"a", "DELETE", std::nullopt}, {"b", "PUT", S("x")}}).decide(nullptr).kind == Kind::Put);
  CHECK(legacy_update_of({{"n", "ADD", N("1")}}).decide(nullptr).kind == Kind::Put);
}

TEST_CASE("requests: on a stored item, an update that only takes away still writes it") {
  model::Item old{{"pk", S("a")}, {"a", S("x")}};
  requests::WriteOutcome outcome = update_of("REMOVE a").decide(&old);
  REQUIRE(outcome.kind == Kind::Put);
  CHECK(*outcome.new_item == model::Item{{"pk", S("a")}});
}

TEST_CASE("requests: on no item, only a creating update's paths are checked") {
  CHECK(update_of("REMOVE a.b[1], c.d").decide(nullptr).kind == Kind::Keep);
  const expressions::ValueMap v{{":v", S("v")}};
  CHECK(update_of("SET a.b = :v", &v).decide(nullptr).kind == Kind::Invalid);
}

}  // namespace write_operations_test
