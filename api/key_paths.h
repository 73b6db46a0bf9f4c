// DynamoDB's rules for document paths that touch key attributes.
#pragma once

#include <vector>

#include "expressions/ast.h"
#include "expressions/resolve.h"
#include "model/key.h"

namespace minnow::api {

// "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed:
// Key: pk" for a nested path whose first element is a key attribute.
void validate_key_paths(const std::vector<expressions::Path>& paths, const model::KeySchema& schema);

// "Cannot update attribute pk. This attribute is part of the key" when an update writes a key
// attribute, given the top-level names it writes.
void validate_no_key_updates(const std::vector<std::string>& top_level_names, const model::KeySchema& schema);

// The document paths a request's expressions read: the operands of the ConditionExpression, the
// operands of the UpdateExpression's SET values (function arguments included) and the
// ProjectionExpression's paths. DynamoDB Local refuses a nested path into a key attribute in any
// of them ("Key attributes must be scalars ..."), before it checks which attributes are updated.
std::vector<expressions::Path> read_paths(const expressions::Compiled& compiled);

}  // namespace minnow::api
