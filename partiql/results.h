// What a SELECT answers for one item: the item itself (SELECT *), or each projected path's value
// under its output name ("k" for m.k, "L[1]" for L[1]), flat, as DynamoDB's PartiQL answers
// (paths that do not resolve are left out).
#pragma once

#include "model/attribute_value.h"
#include "partiql/binder.h"

namespace minnow::partiql {

model::Item select_result(const BoundSelect& select, const model::Item& item);

}  // namespace minnow::partiql
