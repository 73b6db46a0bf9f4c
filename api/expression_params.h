// A request's expression parameters: which of them it combines (DynamoDB's first semantic checks
// on item requests, before any expression is parsed), and the expressions compiled.
#pragma once

#include <initializer_list>

#include "api/json.h"
#include "expressions/resolve.h"

namespace minnow::api {

// The members holding a request's expressions and their placeholder maps (null: absent).
struct ExpressionMembers {
  const JsonValue* names = nullptr;   // ExpressionAttributeNames
  const JsonValue* values = nullptr;  // ExpressionAttributeValues
  const JsonValue* update = nullptr;  // UpdateExpression
  const JsonValue* condition = nullptr;
  const JsonValue* key_condition = nullptr;
  const JsonValue* filter = nullptr;
  const JsonValue* projection = nullptr;
  const JsonValue* search_condition = nullptr;  // SearchVectors' SearchConditionExpression
};

// One parameter of a request, by its name (for messages) and its member (null: absent).
struct NamedParameter {
  const char* name;
  const JsonValue* value;
};

// "Can not use both expression and non-expression parameters ...", "ExpressionAttributeNames
// can only be specified when using expressions", "ExpressionAttributeValues can only be
// specified when using expressions: ...". `expressions` and `non_expressions` are the request
// kind's parameters of each sort, in the order DynamoDB lists them. Throws ValidationException.
void validate_expression_params(std::initializer_list<NamedParameter> expressions,
                                std::initializer_list<NamedParameter> non_expressions,
                                const ExpressionMembers& members);

// Reads the placeholder maps (decoding ExpressionAttributeValues with the value checks) and
// compiles the expressions present, in DynamoDB's order (expressions::compile_request). Throws
// model::Error with DynamoDB's messages. The result owns everything it refers to.
expressions::Compiled compile_expressions(const ExpressionMembers& members);

// The same members looked up in `request` (the families not yet decoding through read_members).
ExpressionMembers expression_members(const JsonValue& request);
void validate_expression_params(const JsonValue& request, std::initializer_list<const char*> expressions,
                                std::initializer_list<const char*> non_expressions);
expressions::Compiled compile_expressions(const JsonValue& request);

}  // namespace minnow::api
