// Reading the legacy parameters from JSON into expressions/legacy's structures:
// Expected, QueryFilter, ScanFilter, KeyConditions (maps of attribute -> condition) and
// AttributeUpdates. Values are decoded (and checked) by api/codec, in the request's order.
#pragma once

#include <vector>

#include "api/json.h"
#include "expressions/legacy.h"

namespace minnow::api {

// A map of attribute name -> {ComparisonOperator, AttributeValueList, Value, Exists}.
std::vector<expressions::ExpectedCondition> decode_conditions(const JsonValue& map);

// ConditionalOperator (null: absent, AND) is OR.
bool conditional_operator_is_or(const JsonValue* conditional_operator);

std::vector<expressions::AttributeUpdate> decode_attribute_updates(const JsonValue& map);

}  // namespace minnow::api
