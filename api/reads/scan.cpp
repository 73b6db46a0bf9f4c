// Scan. Checks, in DynamoDB's order (dynalite's validations/scan.js and actions/scan.js,
// captured from DynamoDB; the Select and ConditionalOperator rules, which only DynamoDB Local
// has, come last, where DynamoDB Local makes them):
//   shape (TotalSegments up to 1,000,000, as DynamoDB Local states it); expression parameters;
//   duplicate AttributesToGet; ScanFilter entries; ExclusiveStartKey values; Segment and
//   TotalSegments together, Segment < TotalSegments; expressions compiled;
//   -- table; IndexName (exists; no ConsistentRead on a GSI); ExclusiveStartKey against the key
//   schema (index: the index and table keys); the start key inside the segment (table scans);
//   Select ALL_ATTRIBUTES on a GSI not projecting everything; ProjectionExpression and
//   FilterExpression paths into keys; ConditionalOperator without a filter; Select; a GSI's
//   projection (api/reads/index_reads.h).
// Then the read: the segment's range of the hash space, after the start key (engine/query.h).
#include "api/expression_params.h"
#include "api/item_shapes.h"
#include "api/key_paths.h"
#include "api/operations.h"
#include "api/reads/query_scan.h"
#include "api/request_expressions.h"
#include "api/table_lookup.h"
#include "model/errors.h"
#include "model/key.h"

namespace minnow::api::reads {

namespace {

// dynalite's validations/scan.js, member for member, in its order, and ConsistentRead, which dynalite
// does not check (DynamoDB type-checks it as in Query).
const Shape kShape(R"({
  "Select": {"type": "String", "enum": ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"]},
  "IndexName": {"type": "String", "regex": "[a-zA-Z0-9_.-]+", "lengthGreaterThanOrEqual": 3, "lengthLessThanOrEqual": 255},
  "TotalSegments": {"type": "Integer", "greaterThanOrEqual": 1, "lessThanOrEqual": 1000000},
  )" MINNOW_SHAPE_RETURN_CONSUMED_CAPACITY ", " MINNOW_SHAPE_TABLE_NAME R"(,
  "ConditionalOperator": {"type": "String", "enum": ["OR", "AND"]},
  "ScanFilter": {"type": "Map<Condition>", "children": {"type": "ValueStruct<Condition>", "children": {
    "AttributeValueList": {"type": "List", "children": "AttrStruct<ValueStruct>"},
    "ComparisonOperator": {"type": "String", "notNull": true, "enum": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"]}}}},
  "Segment": {"type": "Integer", "greaterThanOrEqual": 0},
  "Limit": {"type": "Integer", "greaterThanOrEqual": 1},
  "AttributesToGet": {"type": "List", "lengthGreaterThanOrEqual": 1, "lengthLessThanOrEqual": 255, "children": "String"},
  "ExclusiveStartKey": {"type": "Map<AttributeValue>", "children": "AttrStruct<ValueStruct>"},
  "FilterExpression": {"type": "String"},
  "ProjectionExpression": {"type": "String"},
  )" MINNOW_SHAPE_EXPRESSION_ATTRIBUTES R"(,
  "ConsistentRead": "Boolean"})");

void scan(const ActionContext& context, const JsonValue& request, JsonWriter& out) {
  validate_expression_params(request, {"ProjectionExpression", "FilterExpression"},
                             {"AttributesToGet", "ScanFilter", "ConditionalOperator"});
  check_attributes_to_get(request);
  std::vector<expressions::ExpectedCondition> scan_filter = decode_condition_map(member(request, "ScanFilter"));
  std::optional<model::AttributeMap> start_key = decode_start_key(request);
  const JsonValue* segment_json = member(request, "Segment");
  const JsonValue* total_json = member(request, "TotalSegments");
  int64_t segment = segment_json ? coral_long(*segment_json) : 0;
  int64_t total = total_json ? coral_long(*total_json) : 1;
  // As dynalite has it: Segment 0 alone is accepted (a falsy Segment needs no TotalSegments).
  if (segment_json && segment != 0 && !total_json) throw model::Error(model::kTotalSegmentsRequired);
  if (total_json) {
    if (!segment_json) throw model::Error(model::kSegmentRequired);
    if (segment >= total) throw model::segment_not_less_than_total(segment, total);
  }
  expressions::Compiled compiled = compile_expressions(request);

  auto table = find_table(context, request, /*table_operation=*/false);
  const model::KeySchema& schema = table->key_schema();
  std::optional<IndexTarget> index = index_target(request, *table);
  engine::ScanSpec spec;
  spec.segment = static_cast<uint32_t>(segment);
  spec.total_segments = static_cast<uint32_t>(total);
  if (start_key && index) {
    check_index_start_key(*start_key, *index, schema);
    spec.exclusive_start_key = std::move(start_key);
  } else if (start_key) {
    try {
      model::validate_key(*start_key, schema);
    } catch (const model::Error& e) {
      throw model::start_key_invalid(e.message());
    }
    if (total > 1 && !engine::in_segment(start_key->at(schema.hash.name), spec.segment, spec.total_segments))
      throw model::start_key_wrong_segment(total, segment);
    spec.exclusive_start_key = std::move(start_key);
  }
  if (index) check_index_select(request, *index);
  if (compiled.projection) validate_key_paths(compiled.projection->paths, schema);
  if (compiled.filter) {
    std::vector<const expressions::Path*> paths;
    collect_paths(compiled.filter->root, paths);
    std::vector<expressions::Path> copies;
    for (const auto* p : paths) copies.push_back(*p);
    validate_key_paths(copies, schema);
  }
  check_select(request, !scan_filter.empty());

  ReadPlan plan = read_plan(request, compiled, scan_filter);
  if (index) {
    plan.index = &*index;
    plan.fetch_from_table = apply_index_projection(request, *index, plan);
  }
  write_page(out, plan, table->name(), [&](engine::Table::ItemVisitor visit) {
    if (index) return table->scan_index(index->name, spec, plan.limits, visit);
    return table->scan(spec, plan.limits, visit);
  });
}

}  // namespace

const Action kScan{"Scan", &kShape, scan};

}  // namespace minnow::api::reads
