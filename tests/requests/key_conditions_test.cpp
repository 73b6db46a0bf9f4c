// Query's key conditions planned once for every front end: the checks of a one- or
// two-attribute key (with the start key's pieces) and of a multi-attribute index key, in
// DynamoDB's order, and the plan the engine reads: the partition's values, the leading sort
// attributes by equality, the last condition.
#include "requests/key_conditions.h"

#include <catch2/catch.hpp>

#include "model/errors.h"
#include "tests/requests/fixture.h"
#include "tests/support/values.h"

namespace key_conditions_test {

namespace {

using namespace minnow;
using testing::message_of;
using model::KeyOperator;
using test::N;
using test::S;

model::KeySchema table_key() {
  model::KeySchema schema;
  schema.hash = {"pk", model::ValueType::S};
  schema.range = model::KeyAttribute{"sk", model::ValueType::N};
  return schema;
}

engine::IndexKeySchema multi_key() {
  engine::IndexKeySchema key;
  key.hash = {{"h1", model::ValueType::S}, {"h2", model::ValueType::S}};
  key.range = {{"r1", model::ValueType::N}, {"r2", model::ValueType::N}, {"r3", model::ValueType::N}};
  return key;
}

}  // namespace

TEST_CASE("Key terms on a table's key: checked, then planned as its Query") {
  const model::KeySchema schema = table_key();
  const std::vector<requests::KeyTerm> terms{{"pk", KeyOperator::EQ, {S("a")}},
                                             {"sk", KeyOperator::BETWEEN, {N(1), N(5)}}};
  requests::check_key_terms(schema, terms, std::nullopt);
  const engine::QuerySpec spec =
      requests::table_query_spec(requests::plan_key_terms(requests::key_of_table(schema), terms));
  CHECK(spec.hash_value == S("a"));
  REQUIRE(spec.sort);
  CHECK(spec.sort->op == KeyOperator::BETWEEN);
  CHECK(spec.sort->high == N(5));

  const std::vector<requests::KeyTerm> partition_only{{"pk", KeyOperator::EQ, {S("a")}}};
  CHECK_FALSE(requests::plan_key_terms(requests::key_of_table(schema), partition_only).sort);
}

TEST_CASE("Key terms on a table's key: DynamoDB's refusals, in its order") {
  const model::KeySchema schema = table_key();
  // A start key's piece comes before the condition on its attribute.
  const model::AttributeMap wrong_start{{"pk", N(1)}, {"sk", N(1)}};
  const std::vector<requests::KeyTerm> not_indexable{{"pk", std::nullopt, {S("a")}}};
  CHECK(message_of([&] { requests::check_key_terms(schema, not_indexable, wrong_start); }) ==
        model::kKeyDoesNotMatchSchema.message);
  CHECK(message_of([&] { requests::check_key_terms(schema, not_indexable, std::nullopt); }) ==
        model::kKeyConditionNotIndexable.message);
  const std::vector<requests::KeyTerm> hash_range{{"pk", KeyOperator::GT, {S("a")}}};
  CHECK(message_of([&] { requests::check_key_terms(schema, hash_range, std::nullopt); }) ==
        model::kQueryKeyConditionNotSupported.message);
  const std::vector<requests::KeyTerm> mistyped{{"pk", KeyOperator::EQ, {S("a")}}, {"sk", KeyOperator::LT, {S("x")}}};
  CHECK(message_of([&] { requests::check_key_terms(schema, mistyped, std::nullopt); }) ==
        model::kKeyConditionTypeMismatch.message);
}

TEST_CASE("Key terms on a multi-attribute index key: equality on the partition and the leading sort attributes") {
  const engine::IndexKeySchema key = multi_key();
  const std::vector<requests::KeyTerm> terms{{"r2", KeyOperator::GT, {N(3)}},
                                             {"h2", KeyOperator::EQ, {S("y")}},
                                             {"h1", KeyOperator::EQ, {S("x")}},
                                             {"r1", KeyOperator::EQ, {N(1)}}};
  requests::check_multi_key_terms(key, terms);
  const engine::IndexQuerySpec spec = requests::plan_key_terms(key, terms);
  CHECK(spec.hash_values == std::vector<model::AttributeValue>{S("x"), S("y")});
  CHECK(spec.range_equal == std::vector<model::AttributeValue>{N(1)});
  REQUIRE(spec.sort);
  CHECK(spec.sort->op == KeyOperator::GT);

  const std::vector<requests::KeyTerm> gap{
      {"h1", KeyOperator::EQ, {S("x")}}, {"h2", KeyOperator::EQ, {S("y")}}, {"r2", KeyOperator::EQ, {N(3)}}};
  CHECK_THROWS_AS(requests::check_multi_key_terms(key, gap), model::Error);  // r1 has no equality
  const std::vector<requests::KeyTerm> partial_partition{{"h1", KeyOperator::EQ, {S("x")}}};
  CHECK_THROWS_AS(requests::check_multi_key_terms(key, partial_partition), model::Error);
  const std::vector<requests::KeyTerm> other{
      {"h1", KeyOperator::EQ, {S("x")}}, {"h2", KeyOperator::EQ, {S("y")}}, {"zz", KeyOperator::EQ, {N(3)}}};
  CHECK_THROWS_AS(requests::check_multi_key_terms(key, other), model::Error);
}

}  // namespace key_conditions_test
