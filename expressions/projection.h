// ProjectionExpression results, and the attributes ReturnValues UPDATED_OLD / UPDATED_NEW return.
//
// project() keeps only the given paths, in DynamoDB's result shape: a nested map member comes
// back inside its maps ({"a":{"M":{"b":...}}}), selected list elements come back as a list of
// those elements in index order, paths that do not resolve are left out.
//
// Pure and thread-safe.
#pragma once

#include <vector>

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

model::Item project(const model::Item& item, const std::vector<Path>& paths);
inline model::Item project(const model::Item& item, const Projection& p) { return project(item, p.paths); }

// ReturnValues UPDATED_OLD (on the old item) or UPDATED_NEW (on the new one): every updated path
// that resolves in `item`, in project()'s shape (SET a.b returns {"a":{"M":{"b":...}}}; DynamoDB
// Local returns all of a).
model::Item updated_attributes(const model::Item& item, const Update& update);

}  // namespace minnow::expressions
