// The typed write requests without JSON: what PutItem, UpdateItem and DeleteItem execute, as a
// non-JSON front end (PartiQL) builds them. decide() is a value (no side effects), execute()
// reports failures as statuses and changes nothing for them.
#include "requests/items.h"

#include <catch2/catch.hpp>

#include "engine/database.h"
#include "expressions/resolve.h"
#include "model/key.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace items_test {

namespace {

using namespace minnow;
using test::N;
using test::S;
using Status = requests::ItemWriteResult::Status;

struct Fixture : testing::RequestsFixture {
  std::shared_ptr<engine::Table> table = create_table("t");

  static expressions::Compiled compile(expressions::RequestExpressions req, const expressions::ValueMap* values) {
    req.values = values;
    return expressions::compile_request(req);
  }
};

requests::Put put_of(model::Item item) {
  requests::Put p = requests::Put::of(item);
  p.key = {{"pk", item.at("pk")}};
  return p;
}

}  // namespace

TEST_CASE("requests: decide is a value: the same old item gives the same outcome, nothing changes") {
  expressions::ValueMap values{{":one", N("1")}};
  requests::Update update;
  update.key = {{"pk", S("a")}};
  update.expression = Fixture::compile({.update = "ADD n :one"}, &values).update;
  update.condition.expression = Fixture::compile({.condition = "attribute_exists(pk)"}, nullptr).condition;

  CHECK(update.decide(nullptr).kind == requests::WriteOutcome::Kind::ConditionFailed);
  model::Item old{{"pk", S("a")}, {"n", N("41")}};
  requests::WriteOutcome outcome = update.decide(&old);
  REQUIRE(outcome.kind == requests::WriteOutcome::Kind::Put);
  CHECK(outcome.new_item->at("n") == N("42"));
  CHECK(update.decide(&old).new_item == outcome.new_item);
  CHECK(old.at("n") == N("41"));
}

TEST_CASE("requests: a condition that fails returns the stored item when asked, and writes nothing") {
  Fixture f;
  requests::PutItemRequest first{f.table, put_of({{"pk", S("a")}, {"v", S("1")}})};
  REQUIRE(requests::execute(f.context(), first).status == Status::Written);

  requests::PutItemRequest again{f.table, put_of({{"pk", S("a")}, {"v", S("2")}})};
  again.put.condition.expression = Fixture::compile({.condition = "attribute_not_exists(pk)"}, nullptr).condition;
  again.put.condition.return_old_on_failure = true;
  requests::ItemWriteResult result = requests::execute(f.context(), again);
  CHECK(result.status == Status::ConditionFailed);
  REQUIRE(result.failed_item);
  CHECK(result.failed_item->at("v") == S("1"));
  CHECK(f.table->get({{"pk", S("a")}})->at("v") == S("1"));
}

TEST_CASE("requests: ReturnValues and ConsumedCapacity of a typed update") {
  Fixture f;
  expressions::ValueMap values{{":v", S("x")}};
  requests::UpdateItemRequest r;
  r.table = f.table;
  r.update.key = {{"pk", S("a")}};
  r.update.expression = Fixture::compile({.update = "SET s = :v"}, &values).update;
  r.return_values = requests::ReturnValues::AllNew;
  r.return_consumed_capacity = requests::ReturnConsumedCapacity::Total;
  requests::ItemWriteResult result = requests::execute(f.context(), r);
  REQUIRE(result.status == Status::Written);
  REQUIRE(result.attributes);
  CHECK(*result.attributes == model::Item{{"pk", S("a")}, {"s", S("x")}});
  CHECK(result.consumed.table == 1);

  requests::DeleteItemRequest d;
  d.table = f.table;
  d.del.key = {{"pk", S("a")}};
  d.return_values = requests::ReturnValues::AllOld;
  result = requests::execute(f.context(), d);
  REQUIRE(result.attributes);
  CHECK(result.attributes->at("s") == S("x"));
  CHECK_FALSE(f.table->get({{"pk", S("a")}}));
}

}  // namespace items_test
