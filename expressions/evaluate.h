// Evaluation of resolved conditions against one item, with DynamoDB's semantics: an operand
// that is absent or of another type makes a comparison false (never an error); <, <=, >, >= and
// BETWEEN order numbers numerically and strings and binaries bytewise; contains() looks into
// strings, binaries, sets and lists; size() measures strings, binaries, sets, lists and maps.
//
// Pure and thread-safe; no allocation on the common paths (paths are followed by pointer).
#pragma once

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

// The value at a document path, or null when any step is missing or of the wrong type.
const model::AttributeValue* find_path(const model::Item& item, const Path& path);

// `item` is null for an absent item (every attribute is then absent).
bool evaluate(const Condition& condition, const model::Item* item);
bool evaluate(const Node& condition, const model::Item* item);

}  // namespace minnow::expressions
