// What Query and Scan decode alike, as three stages each operation calls once, in this order:
//   decode_read_parameters - the members by themselves, before the table;
//   find_read_target       - the table, the index, ConsistentRead on a GSI;
//   finish_read            - the checks both end with, and the plan.
// Between them each operation makes its own checks (api/reads/query.cpp, scan.cpp) and compiles
// the expressions (api/expression_params.h). And the page they answer (write_page).
//
// The page is written while the engine reads it (requests/reads.h: the items go to a sink
// under the table's shared lock, straight into the response), so a page copies only what it
// returns. Count is the number of items that passed the filter, ScannedCount the number read;
// Limit and the 1 MB limit count items read, as DynamoDB does.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/action.h"
#include "api/expression_params.h"
#include "api/json.h"
#include "engine/function_ref.h"
#include "engine/table.h"
#include "expressions/ast.h"
#include "expressions/legacy.h"
#include "expressions/resolve.h"
#include "requests/index_target.h"
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

enum class ReadKind : uint8_t { Query, Scan };

// Stage A: what the members say by themselves, in DynamoDB's order: the expression parameters
// combined (validate_expression_params, with the kind's lists); Query: the QueryFilter entries,
// then AttributesToGet; Scan: AttributesToGet, then the ScanFilter entries
// (decode_condition_map, check_attributes_to_get); ExclusiveStartKey's values (most errors
// prefixed "The provided starting key is invalid: "; number and duplicate errors bare); Select
// (which the Shape has already kept to its enum).
struct ReadParameters {
  QueryScanMembers members{};
  ExpressionMembers expression{};                             // for compile_expressions
  std::vector<expressions::ExpectedCondition> legacy_filter;  // QueryFilter or ScanFilter
  std::optional<model::AttributeMap> start_key;               // ExclusiveStartKey
  requests::Select select = requests::Select::Default;
};
ReadParameters decode_read_parameters(const JsonValue& request, ReadKind kind);

// Stage B: the table (ResourceNotFoundException), the index (requests::index_target: it exists
// and is not backfilling), and no ConsistentRead on a GSI.
struct ReadTarget {
  std::shared_ptr<engine::Table> table;
  std::optional<requests::IndexTarget> index;
  bool consistent_read = false;
};
ReadTarget find_read_target(const ActionContext& context, const QueryScanMembers& m);

// Stage C, after the operation's own key and path checks: FilterExpression's paths into keys,
// ConditionalOperator without a filter, Select against the projection parameters (DynamoDB
// Local's rules, last), then the plan: the filter, the projection, Select, ConsistentRead, Limit,
// ReturnConsumedCapacity, and on an index its projection (requests::apply_index_projection,
// which rejects a GSI projection of attributes it lacks). Moves the expressions and the index.
requests::ReadPlan finish_read(const ReadParameters& p, expressions::Compiled& compiled, ReadTarget target);

// Runs the read (requests::execute of a Query or Scan, given the sink) and writes the
// response: Items, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity.
void write_page(JsonWriter& out, const requests::ReadPlan& plan, const std::string& table_name,
                engine::FunctionRef<requests::Page(const requests::PageSink&)> read);

}  // namespace minnow::api
