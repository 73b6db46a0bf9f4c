// DynamoDB's key order and key conditions spelled out with plain comparisons, for the engine's
// model-based tests (query_test, index_test): N numerically, S and B bytewise, no storage keys.
#pragma once

#include "engine/query.h"
#include "model/attribute_value.h"
#include "model/number.h"

namespace minnow::test {

// -1, 0 or 1 as `a` sorts before, with or after `b` (two key values of one type).
inline int compare_key_values(const model::AttributeValue& a, const model::AttributeValue& b) {
  if (a.type() == model::ValueType::N) return a.as<model::Number>().compare(b.as<model::Number>());
  const int c = model::bytes_of(a).compare(model::bytes_of(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// Whether a sort-key value satisfies the condition.
inline bool key_condition_holds(const engine::SortKeyCondition& c, const model::AttributeValue& v) {
  const int x = compare_key_values(v, c.value);
  switch (c.op) {
    case model::KeyOperator::EQ:
      return x == 0;
    case model::KeyOperator::LT:
      return x < 0;
    case model::KeyOperator::LE:
      return x <= 0;
    case model::KeyOperator::GT:
      return x > 0;
    case model::KeyOperator::GE:
      return x >= 0;
    case model::KeyOperator::BETWEEN:
      return x >= 0 && compare_key_values(v, c.high) <= 0;
    case model::KeyOperator::BEGINS_WITH:
      return model::bytes_of(v).starts_with(model::bytes_of(c.value));
  }
  return false;
}

}  // namespace minnow::test
