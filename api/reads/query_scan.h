// What Query and Scan share: their legacy condition maps, their ExclusiveStartKey, the rules of
// Select, and the page they answer.
//
// The page is written while the engine reads it: the visitor runs under the table's shared
// lock, evaluates the filter, and writes the (projected) item straight into the response, so a
// page copies only what it returns. Count is the number of items that passed the filter,
// ScannedCount the number read; Limit and the 1 MB limit count items read, as DynamoDB does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/capacity.h"
#include "api/reads/index_reads.h"
#include "api/json.h"
#include "engine/table.h"
#include "expressions/legacy.h"
#include "expressions/resolve.h"

namespace minnow::api {

// A QueryFilter, ScanFilter or KeyConditions map (attribute -> {ComparisonOperator,
// AttributeValueList}), decoded and checked entry by entry in the request's order, the way
// DynamoDB checks these maps: the values, then their number for the operator, then that they
// share one type, then that the operator accepts that type, then BETWEEN's order. Null: empty.
std::vector<expressions::ExpectedCondition> decode_condition_map(const JsonValue* map);

// The checks of one condition after its values are decoded (the same order as above).
void check_condition(const std::string& op, const std::vector<model::AttributeValue>& values);

// "Duplicate value in attribute name" for AttributesToGet.
void check_attributes_to_get(const JsonValue& request);

// ExclusiveStartKey's values, decoded and checked; most value errors are prefixed with "The
// provided starting key is invalid: " (DynamoDB leaves number and duplicate errors bare).
std::optional<model::AttributeMap> decode_start_key(const JsonValue& request);

// Every document path a condition reads, in the order written.
void collect_paths(const expressions::Node& node, std::vector<const expressions::Path*>& out);

// What to do with every item read, and how to answer.
struct ReadPlan {
  std::optional<expressions::Condition> filter;
  std::optional<expressions::Projection> projection;  // ProjectionExpression or AttributesToGet
  bool count_only = false;                            // Select COUNT
  bool consistent = false;                            // ConsistentRead
  ReturnConsumedCapacity capacity = ReturnConsumedCapacity::None;
  engine::PageLimits limits;
  const IndexTarget* index = nullptr;  // set when reading a secondary index
  bool fetch_from_table = false;       // an LSI read returning attributes the index lacks
};

// The filter (FilterExpression or the legacy map with ConditionalOperator), the projection,
// Select, ConsistentRead, Limit and ReturnConsumedCapacity of a request. `compiled` gives up its
// filter and projection.
ReadPlan read_plan(const JsonValue& request, expressions::Compiled& compiled,
                   const std::vector<expressions::ExpectedCondition>& legacy_filter);

// The last semantic checks, in DynamoDB Local's order (after the key and start-key checks):
// ConditionalOperator without a filter, then Select against the projection parameters.
void check_select(const JsonValue& request, bool has_legacy_filter);

// Runs `read` (Table::query or Table::scan with the plan's limits) and writes the response:
// Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity.
void write_page(JsonWriter& out, const ReadPlan& plan, const std::string& table_name,
                engine::FunctionRef<engine::PageResult(engine::Table::ItemVisitor)> read);

// Read units for a Query or Scan: on the total size of the items read, 1 per 4 KB rounded up,
// halved when eventually consistent; an empty page costs nothing (as DynamoDB Local and dynalite
// answer).
double page_read_units(std::size_t bytes, bool consistent);

}  // namespace minnow::api
