// What Query and Scan do differently on a secondary index: which index and key schema they
// read, what an ExclusiveStartKey must hold, and the projection rules.
//
// An index holds the table key, its own key and (INCLUDE) its NonKeyAttributes, or every
// attribute (ALL). Without a projection a read of an index returns what the index holds
// (ALL_PROJECTED_ATTRIBUTES). An LSI may return more (Select ALL_ATTRIBUTES, or a projection of
// other attributes): DynamoDB fetches those from the table, and charges the table for it. A GSI
// may not: DynamoDB rejects the request.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/index.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "model/key.h"
#include "requests/capacity.h"

namespace minnow::requests {

// Query's and Scan's Select. Default: absent (all attributes, or an index's projected ones).
enum class Select : uint8_t { Default, AllAttributes, AllProjectedAttributes, SpecificAttributes, Count };

struct IndexTarget {
  std::string name;
  bool global = false;
  engine::IndexKeySchema key;
  bool projects_all = false;
  std::vector<std::string> projected;  // every attribute an index item holds (table key first)
  // The attributes of an ExclusiveStartKey or LastEvaluatedKey: table key, then index key.
  std::vector<model::KeyAttribute> page_key;

  // The index key as a one-or-two-attribute KeySchema, when it is one (every LSI; GSIs without
  // a multi-attribute key), for the checks the table's key gets.
  std::optional<model::KeySchema> simple_key() const;
};

// The table's index of that name, or nullopt. A GSI still CREATING at `now_ms` (under
// -delayTransientStatuses) cannot be read yet: DynamoDB's "Cannot read from backfilling global
// secondary index" (model::index_backfilling).
std::optional<IndexTarget> find_index_target(const engine::Table& table, std::string_view name, int64_t now_ms);
// The same, model::index_not_found when the table has no such index.
IndexTarget index_target(const engine::Table& table, std::string_view name, int64_t now_ms);

// An ExclusiveStartKey on an index, in DynamoDB's order: the index's key attributes present and
// of their types ("The provided key element does not match the schema"), the table key valid as
// a key ("The provided starting key is invalid: ..."), then exactly the page key's attributes,
// each a valid key piece.
void check_index_start_key(const model::AttributeMap& start_key, const IndexTarget& index,
                           const model::KeySchema& table_schema);

// Select ALL_ATTRIBUTES on a GSI whose projection is not ALL (dynalite's place for it: after the
// key and filter checks).
void check_index_select(Select select, const IndexTarget& index);

// Once the projection is known: a GSI rejects a projection of attributes it does not hold;
// without a projection (and unless Select is ALL_ATTRIBUTES or COUNT) the read projects the
// index's attributes (`projection` is set to them). Returns whether the read fetches attributes
// from the table (an LSI only).
bool apply_index_projection(Select select, const IndexTarget& index,
                            std::optional<expressions::Projection>& projection);

// The ConsumedCapacity of a page read from an index: `index_units` for the index, plus
// `table_units` for what was fetched from the table.
CapacityBreakdown index_capacity(const IndexTarget& index, double index_units, double table_units);

}  // namespace minnow::requests
