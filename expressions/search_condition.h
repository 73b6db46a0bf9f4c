// SearchConditionExpression: the restricted form SearchVectors accepts, on top of the condition
// grammar. AWS documents it: the HASH and INLINE_FILTER attributes of the index's search schema
// compared with the equality operator (=) only, top-level attributes only. Minnow reads that as
// conditions `attribute = value` (either way round) joined by AND, one per attribute; the
// texts of its refusals follow KeyConditionExpression's (model/vector_errors.h). Matching the
// terms against the index's search schema is the SearchVectors action's job.
#pragma once

#include <string>
#include <vector>

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

struct SearchConditionTerm {
  std::string attribute;  // resolved top-level name
  model::AttributeValue value;
};

// The terms of a resolved SearchConditionExpression, in the order written. Throws
// ValidationException for anything but `attribute = value` joined by AND: OR, NOT, IN, BETWEEN,
// another comparator, a function ("Invalid operator used in SearchConditionExpression: X"), a
// nested path, two attributes or none in one condition, one attribute twice.
std::vector<SearchConditionTerm> search_condition_terms(const Condition& condition);

}  // namespace minnow::expressions
