// DynamoDB's rules for document paths that touch key attributes, on compiled expressions: the
// checks every front end makes once it knows the table (after the checks that need none).
#pragma once

#include <string>
#include <vector>

#include "engine/index.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "expressions/legacy.h"
#include "model/key.h"

namespace minnow::requests {

// "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed:
// Key: pk" for a nested path whose first element is a key attribute.
void check_key_paths(const std::vector<expressions::Path>& paths, const model::KeySchema& schema);

// "Cannot update attribute pk. This attribute is part of the key" when an update writes a key
// attribute, given the top-level names it writes.
void check_no_key_updates(const std::vector<std::string>& top_level_names, const model::KeySchema& schema);

// "Key attributes must be scalars; ... IndexKey: d" for a nested path whose first element is a
// key attribute of a secondary index (engine::Table::index_key_attributes(), in that order).
void check_index_key_paths(const std::vector<expressions::Path>& paths,
                           const std::vector<engine::IndexKeyAttribute>& index_keys);

// Both, as reads check them (dynalite's validateKeyPaths): the table's key, then the indexes'
// keys, which are looked up only when some path is nested.
void check_key_and_index_key_paths(const std::vector<expressions::Path>& paths, const engine::Table& table);

// An update that sets a secondary index key attribute to a value whose type is known before the
// item is read (a value, arithmetic, list_append; a legacy PUT or ADD) and is not the index's:
// "Type mismatch for Index Key c Expected: S Actual: N IndexName: byC" (DynamoDB's order: the
// index keys as visited, the first action on each).
void check_index_key_types(const expressions::Update* update,
                           const std::vector<expressions::AttributeUpdate>& attribute_updates,
                           const std::vector<engine::IndexKeyAttribute>& index_keys);

// The document paths a request's expressions read: the operands of the condition, the operands
// of the update's SET values (function arguments included) and the projection's paths. DynamoDB
// Local refuses a nested path into a key attribute in any of them ("Key attributes must be
// scalars ..."), before it checks which attributes are updated. Any of the three may be null.
std::vector<expressions::Path> read_paths(const expressions::Condition* condition, const expressions::Update* update,
                                          const expressions::Projection* projection);

// Every document path a condition reads, in the order written.
void collect_paths(const expressions::Node& node, std::vector<const expressions::Path*>& out);

}  // namespace minnow::requests
