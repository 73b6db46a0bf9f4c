// DynamoDB's rules for document paths that touch key attributes, on compiled expressions: the
// checks every front end makes once it knows the table (after the checks that need none).
#pragma once

#include <string>
#include <vector>

#include "expressions/ast.h"
#include "model/key.h"

namespace minnow::requests {

// "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed:
// Key: pk" for a nested path whose first element is a key attribute.
void check_key_paths(const std::vector<expressions::Path>& paths, const model::KeySchema& schema);

// "Cannot update attribute pk. This attribute is part of the key" when an update writes a key
// attribute, given the top-level names it writes.
void check_no_key_updates(const std::vector<std::string>& top_level_names, const model::KeySchema& schema);

// The document paths a request's expressions read: the operands of the condition, the operands
// of the update's SET values (function arguments included) and the projection's paths. DynamoDB
// Local refuses a nested path into a key attribute in any of them ("Key attributes must be
// scalars ..."), before it checks which attributes are updated. Any of the three may be null.
std::vector<expressions::Path> read_paths(const expressions::Condition* condition, const expressions::Update* update,
                                          const expressions::Projection* projection);

// Every document path a condition reads, in the order written.
void collect_paths(const expressions::Node& node, std::vector<const expressions::Path*>& out);

}  // namespace minnow::requests
