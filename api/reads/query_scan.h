// What Query and Scan decode alike: their legacy condition maps, their ExclusiveStartKey, the
// rules of Select, Limit; and the page they answer.
//
// The page is written while the engine reads it (requests/reads.h: the items go to a sink
// under the table's shared lock, straight into the response), so a page copies only what it
// returns. Count is the number of items that passed the filter, ScannedCount the number read;
// Limit and the 1 MB limit count items read, as DynamoDB does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/json.h"
#include "api/members.h"
#include "engine/function_ref.h"
#include "expressions/ast.h"
#include "expressions/legacy.h"
#include "expressions/resolve.h"
#include "requests/reads.h"

namespace minnow::api {

// The members Query and Scan read, found in one pass (api/members.h). Each reads those its Shape
// declares (which checked their JSON types); the others stay unread.
struct QueryScanMembers {
  const JsonValue *table_name, *index_name, *select, *attributes_to_get, *limit, *consistent_read, *key_conditions,
      *query_filter, *scan_filter, *conditional_operator, *scan_index_forward, *exclusive_start_key,
      *return_consumed_capacity, *segment, *total_segments, *projection_expression, *filter_expression,
      *key_condition_expression, *names, *values;
};
QueryScanMembers read_query_scan_members(const JsonValue& request);

// A QueryFilter, ScanFilter or KeyConditions map (attribute -> {ComparisonOperator,
// AttributeValueList}), decoded and checked entry by entry in the request's order, the way
// DynamoDB checks these maps: the values, then their number for the operator, then that they
// share one type, then that the operator accepts that type, then BETWEEN's order
// (expressions::check_comparison). Null: empty.
std::vector<expressions::ExpectedCondition> decode_condition_map(const JsonValue* map);

// ExclusiveStartKey's values (null: absent), decoded and checked; most value errors are
// prefixed with "The provided starting key is invalid: " (DynamoDB leaves number and duplicate
// errors bare).
std::optional<model::AttributeMap> decode_start_key(const JsonValue* start_key);

requests::Select decode_select(const JsonValue* select);
// Limit (null: none), as a count of items.
std::size_t decode_limit(const JsonValue* limit);

// The filter: FilterExpression compiled, or else the legacy map with ConditionalOperator.
std::optional<expressions::Condition> read_filter(std::optional<expressions::Condition> compiled,
                                                  const std::vector<expressions::ExpectedCondition>& legacy,
                                                  const JsonValue* conditional_operator);

// The last semantic checks, in DynamoDB Local's order (after the key and start-key checks):
// ConditionalOperator without a filter, then Select against the projection parameters.
void check_select(requests::Select select, const JsonValue* conditional_operator, bool has_legacy_filter,
                  const JsonValue* projection_expression, const JsonValue* attributes_to_get,
                  const JsonValue* index_name);

// The plan of a Query or Scan once every check passed: the filter (FilterExpression or the
// legacy map), the projection, Select, ConsistentRead, Limit, ReturnConsumedCapacity, and on an
// index its projection rules (requests::apply_index_projection).
requests::ReadPlan read_plan(const QueryScanMembers& m, expressions::Compiled& compiled,
                             const std::vector<expressions::ExpectedCondition>& legacy_filter, requests::Select select,
                             bool consistent_read, std::optional<requests::IndexTarget> index);

// Runs the read (requests::execute of a Query or Scan, given the sink) and writes the
// response: Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity.
void write_page(JsonWriter& out, const requests::ReadPlan& plan, const std::string& table_name,
                engine::FunctionRef<requests::Page(const requests::PageSink&)> read);

}  // namespace minnow::api
