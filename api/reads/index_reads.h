// What Query and Scan do differently on a secondary index (IndexName): which index and key
// schema they read, what an ExclusiveStartKey must hold, and the projection rules.
//
// An index holds the table key, its own key and (INCLUDE) its NonKeyAttributes, or every
// attribute (ALL). Without a projection a read of an index returns what the index holds
// (ALL_PROJECTED_ATTRIBUTES). An LSI may return more (Select ALL_ATTRIBUTES, or a projection of
// other attributes): DynamoDB fetches those from the table, and charges the table for it. A GSI
// may not: DynamoDB rejects the request.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/capacity.h"
#include "api/json.h"
#include "engine/index.h"
#include "engine/table.h"
#include "model/key.h"

namespace minnow::api {

struct ReadPlan;

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

// The request's IndexName resolved against the table (nullopt without IndexName), with
// dynalite's first checks: the index exists, and ConsistentRead is not asked of a GSI.
std::optional<IndexTarget> index_target(const JsonValue& request, const engine::Table& table);
// The index of that name (model::index_not_found otherwise).
IndexTarget index_target(const engine::Table& table, std::string_view name);

// An ExclusiveStartKey on an index: exactly the page key's attributes, each a valid key piece
// ("The provided starting key is invalid" otherwise), and the table key valid as a key.
void check_index_start_key(const model::AttributeMap& start_key, const IndexTarget& index,
                           const model::KeySchema& table_schema);

// Select ALL_ATTRIBUTES on a GSI whose projection is not ALL (dynalite's place for it: after the
// key and filter checks).
void check_index_select(const JsonValue& request, const IndexTarget& index);

// Once the plan is built: a GSI rejects a projection of attributes it does not hold; without a
// projection (and unless Select is ALL_ATTRIBUTES or COUNT) the plan projects the index's
// attributes. Returns whether the read fetches attributes from the table (an LSI only).
bool apply_index_projection(const JsonValue& request, const IndexTarget& index, ReadPlan& plan);

// The ConsumedCapacity of a page read from an index: `index_units` for the index, plus
// `table_units` for what was fetched from the table.
CapacityBreakdown index_capacity(const IndexTarget& index, double index_units, double table_units);

}  // namespace minnow::api
