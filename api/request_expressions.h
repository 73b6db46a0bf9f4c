// A request's expression parameters, compiled: the one way actions get at ConditionExpression,
// UpdateExpression, KeyConditionExpression, FilterExpression and ProjectionExpression.
#pragma once

#include "api/json.h"
#include "expressions/resolve.h"

namespace minnow::api {

// Reads the expression parameters present in `request` (ExpressionAttributeNames, decoded
// ExpressionAttributeValues, and the five expressions) and compiles them in DynamoDB's order.
// Throws model::Error with DynamoDB's messages. The result owns everything it refers to.
expressions::Compiled compile_expressions(const JsonValue& request);

}  // namespace minnow::api
