// The legacy parameters, translated into the expression trees (or applied directly where the
// legacy semantics have no expression form):
//   Expected + ConditionalOperator, QueryFilter / ScanFilter  -> Condition
//   AttributesToGet                                          -> Projection
//   AttributeUpdates (PUT, ADD, DELETE)                       -> apply_attribute_updates
// Each entry keeps the request's order (validation reports the first bad entry in that order).
// The "Can not use both expression and non-expression parameters" check is the action's.
// Pure and thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

// One entry of Expected (Value/Exists/ComparisonOperator/AttributeValueList) or of a
// QueryFilter/ScanFilter/KeyConditions (ComparisonOperator/AttributeValueList).
struct ExpectedCondition {
  std::string attribute;
  std::optional<model::AttributeValue> value;
  std::optional<bool> exists;
  std::optional<std::string> comparison_operator;  // EQ NE LE LT GE GT NOT_NULL NULL CONTAINS ...
  std::optional<std::vector<model::AttributeValue>> attribute_value_list;
};

// One ComparisonOperator with its values (AttributeValueList, or Value), as DynamoDB checks it
// in Expected, QueryFilter, ScanFilter and KeyConditions: the number of values, one type for
// all, a type the operator takes (EQ and NE take every type), BETWEEN's bounds in order. Throws
// "One or more parameter values were invalid: ..." (BETWEEN: its own message).
void check_comparison(const std::string& op, const std::vector<model::AttributeValue>& values);

// Throws DynamoDB's "One or more parameter values were invalid: ..." errors; `conditional_or`
// is ConditionalOperator = OR. NOT_CONTAINS is false for an absent attribute, NE true.
Condition condition_from_expected(const std::vector<ExpectedCondition>& expected, bool conditional_or);

Projection projection_from_attributes_to_get(const std::vector<std::string>& attributes);

struct AttributeUpdate {
  std::string attribute;
  std::string action = "PUT";  // PUT, ADD or DELETE
  std::optional<model::AttributeValue> value;
};

void validate_attribute_updates(const std::vector<AttributeUpdate>& updates);
// PUT replaces; ADD adds numbers, unites sets, appends lists; DELETE without a value removes the
// attribute, with a set value removes members (an emptied set removes the attribute).
model::Item apply_attribute_updates(const std::vector<AttributeUpdate>& updates, const model::Item& old_item);

}  // namespace minnow::expressions
