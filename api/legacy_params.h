// Reading the legacy parameters from JSON into expressions/legacy's structures:
// Expected, QueryFilter, ScanFilter, KeyConditions (maps of attribute -> condition),
// AttributeUpdates and AttributesToGet. Values are decoded (and checked) by api/codec, in the request's order.
#pragma once

#include <optional>
#include <vector>

#include "api/json.h"
#include "expressions/ast.h"
#include "expressions/legacy.h"

namespace minnow::api {

// A map of attribute name -> {ComparisonOperator, AttributeValueList, Value, Exists}.
std::vector<expressions::ExpectedCondition> decode_conditions(const JsonValue& map);

// A QueryFilter, ScanFilter or KeyConditions map (attribute -> {ComparisonOperator,
// AttributeValueList}), decoded and checked entry by entry in the request's order, the way
// DynamoDB checks these maps: the values, then their number for the operator, then that they
// share one type, then that the operator accepts that type, then BETWEEN's order
// (expressions::check_comparison). Null: empty.
std::vector<expressions::ExpectedCondition> decode_condition_map(const JsonValue* map);

// ConditionalOperator (null: absent, AND) is OR.
bool conditional_operator_is_or(const JsonValue* conditional_operator);

std::vector<expressions::AttributeUpdate> decode_attribute_updates(const JsonValue& map);

// AttributesToGet's names (null: absent): not empty, at most 65535 bytes, no duplicate.
void check_attributes_to_get(const JsonValue* attributes_to_get);

// The projection: ProjectionExpression compiled, or else AttributesToGet.
std::optional<expressions::Projection> read_projection(std::optional<expressions::Projection> compiled,
                                                       const JsonValue* attributes_to_get);

}  // namespace minnow::api
