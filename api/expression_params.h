// Checks on which expression and legacy parameters a request combines, before any
// expression is parsed (DynamoDB's first semantic checks on item requests).
#pragma once

#include <initializer_list>

#include "api/json.h"

namespace minnow::api {

// "Can not use both expression and non-expression parameters ...", "ExpressionAttributeNames
// can only be specified when using expressions", "ExpressionAttributeValues can only be
// specified when using expressions: ...". Throws ValidationException.
void validate_expression_params(const JsonValue& request, std::initializer_list<const char*> expressions,
                                std::initializer_list<const char*> non_expressions);

// Until the expression language lands: a request using one answers a ValidationException
// rather than being silently ignored.
void reject_unsupported_expressions(const JsonValue& request, std::initializer_list<const char*> expressions);

}  // namespace minnow::api
