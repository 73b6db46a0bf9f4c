// Applying a resolved UpdateExpression to an item, as DynamoDB does:
//   - every SET value is computed from the item as it was before the update (SET a = b, b = :v
//     copies the old b), with exact decimal + and - (model::Number), if_not_exists, list_append;
//   - list positions refer to the list before the update: REMOVE a[0], a[1] removes the first two
//     elements; SET/ADD past the end of a list appends, in index order;
//   - ADD adds numbers (absent = 0) and unites sets; DELETE takes members out of a set and
//     removes the attribute when the set becomes empty;
//   - the parent of every written path must exist with the right type, else "The document path
//     provided in the update expression is invalid for update".
// The item size limit is the caller's check (model::item_size on the result).
//
// Pure and thread-safe: the old item is not modified.
#pragma once

#include "expressions/ast.h"
#include "model/attribute_value.h"

namespace minnow::expressions {

// `old_item` is the stored item, or the key attributes alone when the item does not exist yet.
// Throws model::Error (ValidationException) with DynamoDB's message.
model::Item apply_update(const Update& update, const model::Item& old_item);

}  // namespace minnow::expressions
