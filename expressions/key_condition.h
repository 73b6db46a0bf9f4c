// KeyConditionExpression: the restricted form Query accepts, on top of the condition grammar.
//
// DynamoDB checks a key condition in two steps that are visible in its error order:
//   1. check_key_condition_shape (run by compile_request once unused placeholders have been
//      refused, as both references order it), node by node from the left (DynamoDB's order,
//      captured in 2020 by dynalite): an operator or function a key condition cannot use (OR,
//      NOT, IN, <>, attribute_exists & co); a function used as an operand (size); BETWEEN or
//      begins_with without the key first; a second attribute name in one condition, a nested
//      path; a condition naming no attribute; the same key twice; more than eight conditions
//      (kMaxKeyConditionTerms; more than the key has is the Query action's check).
//   2. key_condition_terms (run by the Query action after compile_request, then the action
//      matches the terms against the key schema): the terms of a condition step 1 accepted.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "expressions/ast.h"
#include "model/attribute_value.h"
#include "model/key_operator.h"

namespace minnow::expressions {

// 4 HASH and 4 RANGE attributes: the largest key (a multi-attribute GSI key).
inline constexpr std::size_t kMaxKeyConditionTerms = 8;

struct KeyConditionTerm {
  std::string attribute;  // resolved top-level name
  model::KeyOperator op = model::KeyOperator::EQ;
  std::vector<model::AttributeValue> values;  // 1, or 2 for BETWEEN; operator already flipped
                                              // when the key was written on the right
};

void check_key_condition_shape(const Condition& c);
std::vector<KeyConditionTerm> key_condition_terms(const Condition& c);

}  // namespace minnow::expressions
